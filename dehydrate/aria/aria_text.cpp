#include "aria_text.hpp"

#include <cstdint>

namespace dehydra::aria {

uint32_t next_code_point(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (i + len > s.size()) len = 1;
  uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += len;
  return cp;
}

bool is_js_space(uint32_t cp) {
  if (cp == ' ' || (cp >= 0x09 && cp <= 0x0D)) return true;
  if (cp < 0xA0) return false;
  return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

std::string normalize_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t cp = next_code_point(s, i);
    if (cp == 0x200B || cp == 0xAD) continue;
    if (is_js_space(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.append(s.data() + start, i - start);
  }
  return out;
}

bool is_blank(std::string_view s) {
  size_t i = 0;
  while (i < s.size())
    if (!is_js_space(next_code_point(s, i))) return false;
  return true;
}

size_t utf16_length(std::string_view s) {
  size_t n = 0;
  size_t i = 0;
  while (i < s.size()) n += next_code_point(s, i) >= 0x10000 ? 2 : 1;
  return n;
}

}  // namespace dehydra::aria
