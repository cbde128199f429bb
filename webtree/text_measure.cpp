#include "text_measure.hpp"

namespace dehydra::webtree {

uint32_t next_code_point(std::string_view s, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b = byte(i);
  size_t need = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : 4;
  if (need == 0) { ++i; return b; }
  if (need == 4 || i + need >= s.size()) { ++i; return 0xFFFD; }
  uint32_t c = need == 1 ? (b & 0x1F) : need == 2 ? (b & 0x0F) : (b & 0x07);
  for (size_t k = 1; k <= need; ++k) {
    unsigned char n = byte(i + k);
    if ((n & 0xC0) != 0x80) { ++i; return 0xFFFD; }
    c = (c << 6) | (n & 0x3F);
  }
  static const uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
  if (c < kMin[need] || c > 0x10FFFF) { ++i; return 0xFFFD; }  // overlong or out of range
  i += need + 1;
  return c;
}

size_t utf16_length(std::string_view s) {
  size_t units = 0;
  for (unsigned char b : s) {
    if ((b & 0xC0) != 0x80) units += 1;   // a lead byte or ASCII starts a code point
    if ((b & 0xF8) == 0xF0) units += 1;   // four-byte sequences are surrogate pairs
  }
  return units;
}

std::string utf16_prefix(std::string_view s, size_t units) {
  size_t i = 0, used = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t c = next_code_point(s, i);
    size_t cost = c > 0xFFFF ? 2 : 1;
    if (used + cost > units) return std::string(s.substr(0, start));
    used += cost;
  }
  return std::string(s);
}

bool has_control_characters(std::string_view s) {
  for (unsigned char b : s) {
    if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) return true;
  }
  return false;
}

bool is_js_space(uint32_t c) {
  switch (c) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20: case 0xA0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

void append_utf8(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

}  // namespace dehydra::webtree
