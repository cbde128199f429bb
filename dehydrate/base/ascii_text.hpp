// Small ASCII helpers for attribute values, markup text, URLs and JSON: the one place each
// character class and the ASCII case mapping are written (tests/node/one_helper.test.mjs keeps it so).
#pragma once
#include <string>
#include <string_view>

namespace dehydra::common {

// HTML's ASCII whitespace (also CSS's): space, tab, LF, FF, CR.
inline bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
// JSON's whitespace: HTML's without FF.
inline bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// CommonMark's "space or tab".
inline bool is_space_or_tab(char c) { return c == ' ' || c == '\t'; }
// The URL standard's "ASCII tab or newline", which a URL parser removes wherever it stands.
inline bool is_ascii_tab_or_newline(char c) { return c == '\t' || c == '\n' || c == '\r'; }

inline bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || is_ascii_upper(c); }
inline bool is_ascii_alnum(char c) { return is_ascii_alpha(c) || is_ascii_digit(c); }

// 0-15 for a hexadecimal digit, else -1.
inline int ascii_hex_value(char c) {
  if (is_ascii_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

inline char ascii_lower(char c) { return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

// ASCII case-insensitive equality (attribute values such as role, type, aria-* tokens).
inline bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

inline bool starts_with_ignore_case(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && equals_ignore_case(s.substr(0, prefix.size()), prefix);
}

inline std::string_view trim_ascii(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && is_ascii_space(s[b])) ++b;
  while (e > b && is_ascii_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

// Runs of ASCII whitespace become one space and the ends lose theirs, as white-space:normal text
// reads; with `drop_controls` the other C0 controls are dropped as well.
inline std::string collapse_ascii_space(std::string_view s, bool drop_controls = false) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (char c : s) {
    if (is_ascii_space(c)) { space = true; continue; }
    if (drop_controls && static_cast<unsigned char>(c) < 0x20) continue;
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

// Calls f(token) for each whitespace-separated token of `list`.
template <class F>
void for_each_token(std::string_view list, F&& f) {
  size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && is_ascii_space(list[i])) ++i;
    size_t start = i;
    while (i < list.size() && !is_ascii_space(list[i])) ++i;
    if (i > start) f(list.substr(start, i - start));
  }
}

// `list` contains `token` as a whole whitespace-separated token, ASCII case-insensitively.
inline bool has_token(std::string_view list, std::string_view token) {
  bool found = false;
  for_each_token(list, [&](std::string_view t) { found = found || equals_ignore_case(t, token); });
  return found;
}

}  // namespace dehydra::common
