#include "html_number.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace dehydra::forms {

std::optional<double> parse_html_float(std::string_view s) {
  if (s.empty()) return std::nullopt;
  size_t i = 0;
  if (s[i] == '-') ++i;
  size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t frac = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++frac;
    if (frac == 0) return std::nullopt;
    digits += frac;
  }
  if (digits == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exp;
    if (exp == 0) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  std::string text(s);
  double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v)) return std::nullopt;
  return v == 0 ? 0.0 : v;  // no negative zero
}

bool is_step_aligned(double base, double step) {
  if (!(step > 0)) return false;
  double q = base / step;
  double r = std::round(q);
  return std::fabs(q - r) <= 1e-9 * std::fmax(1.0, std::fabs(q));
}

}  // namespace dehydra::forms
