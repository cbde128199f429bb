#include "js_string.hpp"

#include "ascii_text.hpp"

namespace dehydra::common {

char32_t decode_utf8(std::string_view s, size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  ++i;
  if (c < 0x80) return c;
  // The WHATWG decoder's table: the lead byte fixes the length and the range of the second byte
  // (which rules out overlongs, surrogates and code points above U+10FFFF).
  size_t need;
  char32_t cp;
  unsigned char low = 0x80, high = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) { need = 1; cp = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) {
    need = 2; cp = c & 0x0F;
    if (c == 0xE0) low = 0xA0;
    if (c == 0xED) high = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 3; cp = c & 0x07;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;
  } else {
    return kMalformedUtf8;
  }
  for (; need > 0; --need) {
    // A byte that cannot continue the sequence is not consumed: it starts the next one.
    if (i >= s.size()) return kMalformedUtf8;
    const unsigned char n = static_cast<unsigned char>(s[i]);
    if (n < low || n > high) return kMalformedUtf8;
    low = 0x80;
    high = 0xBF;
    cp = (cp << 6) | (n & 0x3F);
    ++i;
  }
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool has_control_characters(std::string_view s) {
  for (unsigned char b : s) {
    if ((b < 0x20 && !is_ascii_tab_or_newline(static_cast<char>(b))) || b == 0x7F) return true;
  }
  return false;
}

bool is_js_space(char32_t c) {
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D);
  if (c < 0xA0) return false;
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

namespace {

// Start of the code point that ends at `end` (exclusive).
size_t previous_start(std::string_view s, size_t end) {
  size_t i = end - 1;
  size_t steps = 0;
  while (i > 0 && steps < 3 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) { --i; ++steps; }
  return i;
}
}  // namespace

std::string_view js_trim(std::string_view s) {
  // Fast path: ASCII at both ends needs no decoding.
  auto ascii_space = [](unsigned char c) { return c < 0x80 && is_js_space(c); };
  size_t begin = 0;
  while (begin < s.size() && ascii_space(static_cast<unsigned char>(s[begin]))) ++begin;
  size_t stop = s.size();
  while (stop > begin && ascii_space(static_cast<unsigned char>(s[stop - 1]))) --stop;
  if (begin == stop) return s.substr(begin, 0);
  if (static_cast<unsigned char>(s[begin]) < 0x80 && static_cast<unsigned char>(s[stop - 1]) < 0x80)
    return s.substr(begin, stop - begin);
  while (begin < s.size()) {
    size_t next = begin;
    if (!is_js_space(next_code_point(s, next))) break;
    begin = next;
  }
  size_t end = stop;
  while (end > begin) {
    size_t start = previous_start(s, end);
    size_t probe = start;
    char32_t cp = next_code_point(s, probe);
    if (probe != end || !is_js_space(cp)) break;
    end = start;
  }
  return s.substr(begin, end - begin);
}

size_t utf16_length(std::string_view s) {
  size_t units = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) { ++units; ++i; continue; }
    units += next_code_point(s, i) >= 0x10000 ? 2 : 1;
  }
  return units;
}

std::string_view utf16_prefix(std::string_view s, size_t units) {
  size_t used = 0, i = 0;
  while (i < s.size()) {
    size_t next = i;
    size_t w = next_code_point(s, next) >= 0x10000 ? 2 : 1;
    if (used + w > units) break;
    used += w;
    i = next;
  }
  return s.substr(0, i);
}

namespace {
char32_t lower_code_point(char32_t c) {
  if (c < 0x80) return static_cast<unsigned char>(ascii_lower(static_cast<char>(c)));
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
  if (c >= 0x100 && c <= 0x17F) {
    bool odd_lower = (c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177);
    if (odd_lower) return (c % 2 == 0) ? c + 1 : c;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c % 2 == 1) ? c + 1 : c;
    if (c == 0x178) return 0xFF;
    return c;
  }
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 32;
  if (c >= 0x410 && c <= 0x42F) return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  return c;
}
}  // namespace

std::string js_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) { out.push_back(ascii_lower(static_cast<char>(c))); ++i; continue; }
    append_utf8(out, lower_code_point(next_code_point(s, i)));
  }
  return out;
}

}  // namespace dehydra::common
