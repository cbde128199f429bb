#include "yaml_escape.hpp"

#include <cctype>
#include <cstdint>
#include <cstdlib>

#include "../base/ascii_text.hpp"
#include "aria_text.hpp"

namespace dehydra::aria {
namespace {

bool is_c1_or_control(uint32_t cp) { return cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F); }


bool all_digits(std::string_view s, size_t from, size_t to, int base) {
  if (from >= to) return false;
  for (size_t i = from; i < to; ++i) {
    char c = s[i];
    bool ok = base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                         : (c >= '0' && c < static_cast<char>('0' + base));
    if (!ok) return false;
  }
  return true;
}

// !isNaN(Number(s)) for a string without surrounding whitespace (the caller checked that).
bool js_number_parses(std::string_view s) {
  if (s.empty()) return true;
  if (s.size() > 2 && s[0] == '0') {
    char p = static_cast<char>(s[1] | 0x20);
    if (p == 'x') return all_digits(s, 2, s.size(), 16);
    if (p == 'o') return all_digits(s, 2, s.size(), 8);
    if (p == 'b') return all_digits(s, 2, s.size(), 2);
  }
  size_t i = 0;
  if (s[0] == '+' || s[0] == '-') i = 1;
  if (s.substr(i) == "Infinity") return true;
  size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

}  // namespace

bool yaml_needs_quotes(std::string_view s) {
  if (s.empty()) return true;
  // Leading / trailing whitespace.
  {
    size_t i = 0;
    if (is_js_space(next_code_point(s, i))) return true;
    size_t last = s.size() - 1;
    while (last > 0 && (static_cast<unsigned char>(s[last]) & 0xC0) == 0x80) --last;
    size_t j = last;
    if (is_js_space(next_code_point(s, j))) return true;
  }
  // Control characters other than \t \n \r.
  bool prev_space = false;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t cp = next_code_point(s, i);
    if (is_c1_or_control(cp) && cp != 0x09 && cp != 0x0A && cp != 0x0D) return true;
    if (cp == '\n' || cp == '\r') return true;
    if (cp == ':') {
      if (i >= s.size()) return true;
      size_t k = i;
      if (is_js_space(next_code_point(s, k))) return true;
    }
    if (cp == '#' && prev_space) return true;
    if (cp == '{' || cp == '}' || cp == '`') return true;
    prev_space = is_js_space(cp);
    (void)at;
  }
  char first = s[0];
  if (first == '-' || first == '[') return true;
  for (char c : std::string_view("&*],?!>|@\"'#%"))
    if (first == c) return true;
  if (js_number_parses(s)) return true;
  std::string low = common::ascii_lower(s);
  for (std::string_view w : {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})
    if (low == w) return true;
  for (std::string_view w : {".inf", ".nan", "+.inf", "+.nan", "-.inf", "-.nan"})
    if (low == w) return true;
  return false;
}

std::string yaml_key(std::string_view s) {
  if (!yaml_needs_quotes(s)) return std::string(s);
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "''";
    else out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

std::string yaml_value(std::string_view s) {
  if (!yaml_needs_quotes(s)) return std::string(s);
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t cp = next_code_point(s, i);
    switch (cp) {
      case '\\': out += "\\\\"; continue;
      case '"': out += "\\\""; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    if (is_c1_or_control(cp)) {
      out += "\\x";
      out.push_back(hex[(cp >> 4) & 0xF]);
      out.push_back(hex[cp & 0xF]);
      continue;
    }
    out.append(s.data() + at, i - at);
  }
  out.push_back('"');
  return out;
}

}  // namespace dehydra::aria
