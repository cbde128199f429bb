// Text helpers with JavaScript's notion of whitespace (\s: ASCII space/tab/line breaks, NBSP,
// U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF), as Playwright's snapshot uses.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace dehydra::aria {

// Drops U+200B and U+00AD, collapses whitespace runs to one space, trims.
std::string normalize_whitespace(std::string_view s);
// True when String.prototype.trim() would leave nothing.
bool is_blank(std::string_view s);
// Length in UTF-16 code units (what JavaScript's .length counts).
size_t utf16_length(std::string_view s);
// Decodes one UTF-8 code point at s[i], advancing i; invalid bytes decode as themselves.
uint32_t next_code_point(std::string_view s, size_t& i);
bool is_js_space(uint32_t cp);

}  // namespace dehydra::aria
