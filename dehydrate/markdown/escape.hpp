// Markdown escaping: what text must look like so a CommonMark reader gets it back literally.
#pragma once
#include <string>
#include <string_view>

namespace dehydra::markdown {

// Appends text escaped for inline Markdown: \ ` * _ [ ] < > ~ | always, & when it would start an
// entity. Control bytes that are not whitespace are dropped (the converter uses them as markers).
void append_escaped(std::string& out, std::string_view text);

// Escapes what would start a block construct at the start of a line: "#", "+ ", "- ", "1. ", "1) ",
// a line of "=" or "-" (setext underline / thematic break). `line` is already inline-escaped.
std::string escape_line_start(std::string_view line);

// A link or image destination: spaces, parentheses, angle brackets and controls percent-encoded.
std::string link_destination(std::string_view url);

// A link or image title in double quotes, newlines collapsed, quotes and backslashes escaped.
std::string link_title(std::string_view title);

// The longest run of `c` in `text`.
size_t longest_run(std::string_view text, char c);

// `text` as an inline code span with a backtick fence one longer than any run inside.
std::string code_span(std::string_view text);

}  // namespace dehydra::markdown
