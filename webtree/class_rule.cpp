#include "class_rule.hpp"

#include <vector>

#include "limits.hpp"
#include "../dehydrate/base/ascii_text.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
// An approximation of \p{L} and \p{N} without Unicode tables: ASCII letters and digits, and
// non-ASCII code points outside the controls, spaces, punctuation and symbol blocks.
bool is_letter_or_digit(uint32_t c) {
  if (c < 0x80) return common::is_ascii_alnum(static_cast<char>(c));
  if (c <= 0xBF || c == 0xD7 || c == 0xF7)
    return c == 0xAA || c == 0xB5 || c == 0xBA || c == 0xB2 || c == 0xB3 || c == 0xB9 || (c >= 0xBC && c <= 0xBE);
  if (common::is_js_space(c)) return false;
  if (c >= 0x2000 && c <= 0x2BFF) return false;   // punctuation, symbols, arrows, shapes
  if (c >= 0x3000 && c <= 0x303F) return false;   // CJK symbols and punctuation
  if (c >= 0xD800 && c <= 0xDFFF) return false;   // lone surrogates
  if (c >= 0xE000 && c <= 0xF8FF) return false;   // private use
  if (c >= 0xFE00 && c <= 0xFE6F) return false;   // variation selectors, forms, small forms
  if (c >= 0xFF00 && c <= 0xFF0F) return false;   // fullwidth punctuation
  if (c >= 0xFF1A && c <= 0xFF20) return false;
  if (c >= 0xFF3B && c <= 0xFF40) return false;
  if (c >= 0xFF5B && c <= 0xFF65) return false;
  if (c >= 0xFFF0) return false;                   // specials (incl. U+FFFD)
  return true;
}
}  // namespace

common::Outcome<std::string> check_class(std::string_view value) {
  using common::failure;
  if (common::utf16_length(value) > kClassMaxUnits) return failure("页面类名过长");
  std::vector<std::string> tokens;
  std::string token;
  size_t token_units = 0;
  size_t i = 0;
  bool too_long = false;
  while (i <= value.size()) {
    if (i == value.size() || value[i] == ' ') {
      if (!token.empty()) tokens.push_back(token);
      if (token_units > kClassTokenMaxUnits) too_long = true;
      token.clear();
      token_units = 0;
      ++i;
      continue;
    }
    size_t start = i;
    uint32_t c = common::next_code_point(value, i);
    if (!(is_letter_or_digit(c) || c == '_' || c == '-')) {
      return failure("页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格");
    }
    token.append(value.substr(start, i - start));
    token_units += c > 0xFFFF ? 2 : 1;
  }
  if (tokens.size() > kClassMaxTokens) return failure("页面类名过多（至多 " + std::to_string(kClassMaxTokens) + " 个）");
  if (too_long) return failure("单个页面类名过长（至多 " + std::to_string(kClassTokenMaxUnits) + " 个字符）");
  std::string normalised;
  for (size_t k = 0; k < tokens.size(); ++k) {
    if (k) normalised += ' ';
    normalised += tokens[k];
  }
  return common::success(normalised);
}

}  // namespace dehydra::webtree
