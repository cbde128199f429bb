// Small ASCII string helpers for attribute values and markup text (HTML's notion of whitespace).
#pragma once
#include <string>
#include <string_view>

namespace dehydra::common {

inline bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
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
  for_each_token(list, [&](std::string_view t) {
    if (t.size() != token.size()) return;
    for (size_t i = 0; i < t.size(); ++i) {
      char a = t[i], b = token[i];
      if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
      if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
      if (a != b) return;
    }
    found = true;
  });
  return found;
}

}  // namespace dehydra::common
