// Character references for the inert HTML parser: numeric ones, and the common named ones.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace dehydra::webtree {

// Decodes a reference starting at s[i] == '&' into `out` and advances i past it. Returns false
// (i unchanged) when it is not a reference we decode; the '&' is then literal text.
bool decode_character_reference(std::string_view s, size_t& i, bool in_attribute, std::string& out);

}  // namespace dehydra::webtree
