#include "js_number.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace dehydra::common {
namespace {

// Layout positions are multiples of 1/64 px (Blink's LayoutUnit); below 2^24 such a number's exact
// decimal expansion (at most six fraction digits) is the shortest string that reads back the same,
// so it is what JavaScript prints. Written with integer arithmetic: musl's printf and strtod use
// software long doubles in wasm, which made number output about 14% of a steady dehydrate on aclu.
bool append_sixty_fourths(std::string& out, double x) {
  double scaled = x * 64;  // exact: a power of two
  if (!(std::fabs(x) < 16777216.0) || scaled != std::floor(scaled)) return false;
  int64_t n = static_cast<int64_t>(scaled);
  if (n < 0) { out.push_back('-'); n = -n; }
  char digits[24];
  int len = 0;
  int64_t whole = n / 64;
  do { digits[len++] = static_cast<char>('0' + whole % 10); whole /= 10; } while (whole);
  while (len) out.push_back(digits[--len]);
  int64_t fraction = (n % 64) * 15625;  // 1/64 = 0.015625
  if (fraction) {
    out.push_back('.');
    char f[6];
    for (int k = 5; k >= 0; --k) { f[k] = static_cast<char>('0' + fraction % 10); fraction /= 10; }
    int last = 5;
    while (f[last] == '0') --last;
    out.append(f, last + 1);
  }
  return true;
}

// Any other number: the shortest printf precision that reads back the same, in JavaScript notation.
std::string js_number_slow(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  if (x == std::floor(x) && std::fabs(x) < 1e21) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  std::string s = buf;
  // JS writes 1.5e-7 as "1.5e-7"; printf as "1.5e-07".
  size_t e = s.find('e');
  if (e != std::string::npos) {
    std::string mantissa = s.substr(0, e);
    int exponent = std::atoi(s.c_str() + e + 1);
    if (exponent >= -6 && exponent < 21) {
      std::snprintf(buf, sizeof buf, "%.*f", exponent < 0 ? 17 - exponent : 0, x);
      std::string fixed = buf;
      for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*f", p - exponent > 0 ? p - exponent : 0, x);
        if (std::strtod(buf, nullptr) == x) { fixed = buf; break; }
      }
      return fixed;
    }
    return mantissa + "e" + (exponent > 0 ? "+" : "") + std::to_string(exponent);
  }
  return s;
}

}  // namespace

void append_js_number(std::string& out, double x) {
  if (x == 0) { out.push_back('0'); return; }  // also -0, as String(-0)
  if (append_sixty_fourths(out, x)) return;
  out += js_number_slow(x);
}

std::string js_number(double x) {
  std::string out;
  append_js_number(out, x);
  return out;
}

std::string js_to_fixed(double x, int digits) {
  if (digits < 0) digits = 0;
  if (digits > 20) digits = 20;
  if (std::isnan(x)) return "NaN";
  if (std::fabs(x) >= 1e21) return js_number(x);
  bool negative = x < 0;
  double a = std::fabs(x);
  // The exact decimal expansion (glibc and musl print exact digits) tells ties apart.
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.*f", digits + 40, a);
  std::string s = buf;
  size_t dot = s.find('.');
  std::string kept = s.substr(0, dot + 1 + digits);
  std::string rest = s.substr(dot + 1 + digits);
  bool round_up = !rest.empty() && rest[0] >= '5';
  if (round_up) {
    int i = static_cast<int>(kept.size()) - 1;
    while (i >= 0) {
      if (kept[i] == '.') { --i; continue; }
      if (kept[i] == '9') { kept[i] = '0'; --i; continue; }
      ++kept[i];
      break;
    }
    if (i < 0) kept.insert(kept.begin(), '1');
  }
  if (digits == 0 && !kept.empty() && kept.back() == '.') kept.pop_back();
  return (negative ? "-" : "") + kept;
}

}  // namespace dehydra::common
