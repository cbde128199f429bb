// UTF-8 measurements in the units the DOM and the specification use (UTF-16 code units, code
// points), on strings that came from JavaScript through embind.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace dehydra::webtree {

// Decodes one code point at s[i] and advances i. Malformed bytes decode as U+FFFD, one byte each.
uint32_t next_code_point(std::string_view s, size_t& i);

// Number of UTF-16 code units the string has in JavaScript.
size_t utf16_length(std::string_view s);

// The first `units` UTF-16 units (never splitting a code point), for messages.
std::string utf16_prefix(std::string_view s, size_t units);

// C0 controls other than tab, LF and CR, and DEL.
bool has_control_characters(std::string_view s);

// JavaScript's \s: ASCII whitespace and the Unicode space separators, line separators and BOM.
bool is_js_space(uint32_t c);

void append_utf8(std::string& out, uint32_t c);

}  // namespace dehydra::webtree
