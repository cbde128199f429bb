// String(x) and x.toFixed(d) as JavaScript writes them (dehydrate/common/js_number.hpp), against
// V8's own answers (node, 2026-12-08) and against the C library's exact conversions.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "dehydrate/base/js_number.hpp"

using dehydra::common::js_number;
using dehydra::common::js_to_fixed;

namespace {
double from_bits(uint64_t bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// The significant digits of a JavaScript number string: no sign, point, exponent or zeros around.
std::string significant(const std::string& s) {
  std::string digits;
  for (char c : s) {
    if (c == 'e') break;
    if (c >= '0' && c <= '9') digits.push_back(c);
  }
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return "0";
  digits.erase(0, first);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  return digits;
}

// The shortest %e precision that reads back as x, as its significant digits. Equal to
// ECMAScript's choice except at powers of two, whose lower neighbour is nearer than the upper one.
std::string shortest_by_printf(double x) {
  char buf[64];
  for (int precision = 0; precision < 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return significant(buf);
}

// x.toFixed(d) from the exact expansion printf writes, ties away from zero (the spec's rule).
std::string to_fixed_by_printf(double x, int d) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", d + 80, std::fabs(x));
  std::string s = buf;
  size_t dot = s.find('.');
  std::string kept = s.substr(0, dot + 1 + d);
  if (s[dot + 1 + d] >= '5') {
    int i = static_cast<int>(kept.size()) - 1;
    for (; i >= 0; --i) {
      if (kept[i] == '.') continue;
      if (kept[i] == '9') { kept[i] = '0'; continue; }
      ++kept[i];
      break;
    }
    if (i < 0) kept.insert(kept.begin(), '1');
  }
  if (d == 0) kept.pop_back();
  return (x < 0 ? "-" : "") + kept;
}
}  // namespace

TEST_CASE("String(x): V8's answers") {
  const std::pair<double, const char*> cases[] = {
      {5e-324, "5e-324"},  // the smallest denormal
      {1.5e-323, "1.5e-323"},
      {3.5e-323, "3.5e-323"},
      {2.225073858507201e-308, "2.225073858507201e-308"},  // the largest denormal
      {2.2250738585072014e-308, "2.2250738585072014e-308"},  // 2^-1022, the smallest normal
      {std::ldexp(1.0, -1021), "4.450147717014403e-308"},
      {std::ldexp(1.5, -1022), "3.337610787760802e-308"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {9007199254740992.0, "9007199254740992"},  // 2^53
      {9007199254740994.0, "9007199254740994"},
      {-9007199254740992.0, "-9007199254740992"},
      {4503599627370497.0, "4503599627370497"},
      {std::ldexp(1.0, 100), "1.2676506002282294e+30"},  // powers of two: the lower gap is half
      {std::ldexp(1.0, -100), "7.888609052210118e-31"},
      {std::ldexp(1.0, 1023), "8.98846567431158e+307"},
      {std::ldexp(1.0, -20), "9.5367431640625e-7"},
      {1e21, "1e+21"},
      {1.5e21, "1.5e+21"},
      {1e22, "1e+22"},
      {1e23, "1e+23"},
      {1.5e300, "1.5e+300"},
      {123456789012345680000.0, "123456789012345680000"},
      {1e20, "100000000000000000000"},
      {1e-7, "1e-7"},
      {-1e-7, "-1e-7"},
      {5e-7, "5e-7"},
      {1.2345e-7, "1.2345e-7"},
      {123e-20, "1.23e-18"},
      {1e-6, "0.000001"},
      {0.000001234, "0.000001234"},
      {9.5e-5, "0.000095"},
      {static_cast<double>(0.1f), "0.10000000149011612"},  // float box edges, widened
      {static_cast<double>(123.456f), "123.45600128173828"},
      {static_cast<double>(-7.3f), "-7.300000190734863"},
      {0.1 + 0.2, "0.30000000000000004"},
      {2.0 / 3, "0.6666666666666666"},
      {100.0 / 3, "33.333333333333336"},
      {4.35, "4.35"},
      {-0.0, "0"},
      {0.0, "0"},
      {INFINITY, "Infinity"},
      {-INFINITY, "-Infinity"},
  };
  for (const auto& [x, expected] : cases) {
    CAPTURE(expected);
    CHECK(js_number(x) == expected);
  }
}

TEST_CASE("String(x): shortest round trip, nearest, for any bit pattern") {
  uint64_t seed = 0x9E3779B97F4A7C15ULL;
  int tested = 0;
  for (int k = 0; k < 200000; ++k) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    uint64_t bits = seed;
    if (k % 4 == 1) bits &= 0x800FFFFFFFFFFFFFULL;                       // denormals
    if (k % 4 == 2) bits = (bits & 0x800FFFFFFFFFFFFFULL) | (static_cast<uint64_t>(1023 + k % 70 - 35) << 52);  // near 1
    double x = from_bits(bits);
    if (!std::isfinite(x) || x == 0) continue;
    const bool power_of_two = (bits & 0x000FFFFFFFFFFFFFULL) == 0;
    std::string s = js_number(x);
    CAPTURE(s);
    REQUIRE(std::strtod(s.c_str(), nullptr) == x);
    if (!power_of_two) REQUIRE(significant(s) == shortest_by_printf(x));
    ++tested;
  }
  CHECK(tested > 190000);
}

TEST_CASE("String(x): integers up to 2^53 and exponent notation") {
  for (double x = 1; x <= 9007199254740992.0; x = x * 3 + 1) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    REQUIRE(js_number(x) == buf);
    REQUIRE(js_number(-x) == std::string("-") + buf);
  }
  CHECK(js_number(1e-5) == "0.00001");
  CHECK(js_number(1.5e-6) == "0.0000015");
  CHECK(js_number(1.5e-7) == "1.5e-7");
  CHECK(js_number(1.25e20) == "125000000000000000000");
  CHECK(js_number(1.25e21) == "1.25e+21");
}

TEST_CASE("x.toFixed(d): V8's answers") {
  struct Case { double x; int digits; const char* expected; };
  const Case cases[] = {
      {1.005, 2, "1.00"},  // 1.00499999999999989...
      {1.45, 1, "1.4"},
      {0.5, 0, "1"},       // exact ties round up
      {2.5, 0, "3"},
      {-2.5, 0, "-3"},
      {-1.5, 0, "-2"},
      {0.125, 2, "0.13"},
      {0.375, 2, "0.38"},
      {1.255, 2, "1.25"},
      {8.345, 2, "8.35"},
      {99.995, 2, "100.00"},
      {1e21, 2, "1e+21"},
      {1e20, 2, "100000000000000000000.00"},
      {1152921504606846976.0, 3, "1152921504606846976.000"},
      {123.456, 20, "123.45600000000000306954"},
      {0.1, 20, "0.10000000000000000555"},
      {1234.5678, 10, "1234.5678000000"},
      {-0.0001, 2, "-0.00"},
      {0, 0, "0"},
      {-0.0, 1, "0.0"},
      {0.000001, 7, "0.0000010"},
      {5e-324, 20, "0.00000000000000000000"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expected);
    CHECK(js_to_fixed(c.x, c.digits) == c.expected);
  }
}

TEST_CASE("x.toFixed(d) against the exact expansion") {
  uint64_t seed = 42;
  for (int k = 0; k < 50000; ++k) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    // A value with at most 60 binary fraction digits, so its expansion fits the oracle's 80+.
    double x = std::ldexp(static_cast<double>(static_cast<int64_t>(seed >> 11) - (int64_t{1} << 52)), -(k % 61));
    int digits = k % 21;
    CAPTURE(x);
    CAPTURE(digits);
    REQUIRE(js_to_fixed(x, digits) == to_fixed_by_printf(x, digits));
  }
}
