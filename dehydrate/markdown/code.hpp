// Code: fenced blocks for <pre> (language from a language-X / lang-X class, a fence longer than any
// inside) and code spans for inline <code>, <kbd>, <samp>, <tt>.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "../snapshot/arena.hpp"
#include "noise.hpp"

namespace dehydra::markdown {

// The text of a subtree as the browser shows it in preformatted context (<br> is a newline).
std::string raw_text(const snapshot::Snapshot& s, uint32_t root);

// The text of a <pre> as the reader sees it: <br> and block boxes break lines, noise is left out.
std::string preformatted_text(const snapshot::Snapshot& s, uint32_t pre, const NoiseRules& noise);

// The fenced block for a <pre> whose text is `body`: fence line, body lines, closing fence.
std::string fenced_code_block(const snapshot::Snapshot& s, uint32_t pre, std::string body);

// The code span for the text of an inline code element (`preformatted_text`: noise left out, block
// boxes apart), whitespace collapsed and trimmed; the caller keeps the word boundaries at its edges.
// "" when it holds no text.
std::string inline_code(std::string_view text);

}  // namespace dehydra::markdown
