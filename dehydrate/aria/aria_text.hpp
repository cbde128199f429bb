// Text helpers with JavaScript's notion of whitespace (\s: ASCII space/tab/line breaks, NBSP,
// U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF), as Playwright's snapshot uses.
// UTF-16 lengths, trimming and decoding come from common/js_string.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../base/js_string.hpp"

namespace dehydra::aria {

// Drops U+200B and U+00AD, collapses whitespace runs to one space, trims.
std::string normalize_whitespace(std::string_view s);
// True when String.prototype.trim() would leave nothing.
inline bool is_blank(std::string_view s) { return common::js_blank(s); }
using common::is_js_space;
using common::next_code_point;
using common::utf16_length;

}  // namespace dehydra::aria
