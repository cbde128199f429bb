#include "js_number.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace dehydra::common {
namespace {

// Exact integer arithmetic on the scaled values of a double, so every digit below is exact without
// printf or strtod (musl's use software long doubles in wasm: large, and slow enough that number
// output was about 14% of a steady dehydrate on aclu).
// An unsigned integer, 32-bit limbs, least significant first. 48 limbs hold what the conversions
// need: a denormal scaled by 10^323, or the largest double scaled by 4, is about 1,080 bits.
class Big {
 public:
  explicit Big(uint64_t v = 0) { set(v); }
  void set(uint64_t v) {
    n_ = 0;
    for (; v; v >>= 32) limb_[n_++] = static_cast<uint32_t>(v);
  }
  bool is_zero() const { return n_ == 0; }

  void mul(uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < n_; ++i) {
      uint64_t t = static_cast<uint64_t>(limb_[i]) * m + carry;
      limb_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) limb_[n_++] = static_cast<uint32_t>(carry);
  }
  void mul_pow10(int k) {
    static const uint32_t kPow10[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    for (; k >= 9; k -= 9) mul(1000000000);
    if (k) mul(kPow10[k]);
  }
  void shift_left(int bits) {
    if (n_ == 0 || bits == 0) return;
    const int words = bits / 32, b = bits % 32;
    if (b) {
      uint32_t carry = 0;
      for (int i = 0; i < n_; ++i) {
        uint32_t v = limb_[i];
        limb_[i] = (v << b) | carry;
        carry = v >> (32 - b);
      }
      if (carry) limb_[n_++] = carry;
    }
    if (words) {
      std::memmove(limb_ + words, limb_, sizeof(uint32_t) * n_);
      std::memset(limb_, 0, sizeof(uint32_t) * words);
      n_ += words;
    }
  }
  void shift_right(int bits) {
    const int words = bits / 32, b = bits % 32;
    if (words >= n_) { n_ = 0; return; }
    std::memmove(limb_, limb_ + words, sizeof(uint32_t) * (n_ - words));
    n_ -= words;
    if (b) {
      for (int i = 0; i < n_; ++i) limb_[i] = (limb_[i] >> b) | (i + 1 < n_ ? limb_[i + 1] << (32 - b) : 0);
    }
    trim();
  }
  void add(const Big& o) {
    uint64_t carry = 0;
    const int n = n_ > o.n_ ? n_ : o.n_;
    for (int i = 0; i < n; ++i) {
      uint64_t t = carry + (i < n_ ? limb_[i] : 0) + (i < o.n_ ? o.limb_[i] : 0);
      limb_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    n_ = n;
    if (carry) limb_[n_++] = static_cast<uint32_t>(carry);
  }
  // *this -= o; *this >= o.
  void sub(const Big& o) {
    int64_t borrow = 0;
    for (int i = 0; i < n_; ++i) {
      int64_t t = static_cast<int64_t>(limb_[i]) - (i < o.n_ ? o.limb_[i] : 0) - borrow;
      borrow = t < 0;
      limb_[i] = static_cast<uint32_t>(t + (borrow << 32));
    }
    trim();
  }
  // *this /= d; returns the remainder.
  uint32_t div_small(uint32_t d) {
    uint64_t rem = 0;
    for (int i = n_ - 1; i >= 0; --i) {
      uint64_t t = (rem << 32) | limb_[i];
      limb_[i] = static_cast<uint32_t>(t / d);
      rem = t % d;
    }
    trim();
    return static_cast<uint32_t>(rem);
  }
  // *this %= d; returns the quotient, which the callers know to be below 10.
  int div_digit(const Big& d) {
    int q = 0;
    while (compare(*this, d) >= 0) { sub(d); ++q; }
    return q;
  }
  friend int compare(const Big& a, const Big& b) {
    if (a.n_ != b.n_) return a.n_ < b.n_ ? -1 : 1;
    for (int i = a.n_ - 1; i >= 0; --i)
      if (a.limb_[i] != b.limb_[i]) return a.limb_[i] < b.limb_[i] ? -1 : 1;
    return 0;
  }
  // a + b compared with c.
  friend int plus_compare(const Big& a, const Big& b, const Big& c) {
    Big sum = a;
    sum.add(b);
    return compare(sum, c);
  }
  void append_decimal(std::string& out) const {
    if (n_ == 0) { out.push_back('0'); return; }
    Big q = *this;
    char chunks[48 * 10];
    int len = 0;
    while (!q.is_zero()) {
      uint32_t r = q.div_small(1000000000);
      for (int k = 0; k < 9; ++k, r /= 10) chunks[len++] = static_cast<char>('0' + r % 10);
    }
    while (len > 1 && chunks[len - 1] == '0') --len;
    while (len) out.push_back(chunks[--len]);
  }

 private:
  void trim() {
    while (n_ > 0 && limb_[n_ - 1] == 0) --n_;
  }
  uint32_t limb_[48];
  int n_ = 0;
};

// x = significand * 2^exponent, x finite and >= 0.
struct Parts {
  uint64_t significand;
  int exponent;
  bool lower_gap_halved;  // a power of two above the smallest normal: the next double down is nearer
};
Parts parts_of(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  if (biased == 0) return {fraction, -1074, false};
  return {fraction | (uint64_t{1} << 52), biased - 1075, fraction == 0 && biased > 1};
}

void append_unsigned(std::string& out, uint64_t n) {
  char digits[20];
  int len = 0;
  do { digits[len++] = static_cast<char>('0' + n % 10); n /= 10; } while (n);
  while (len) out.push_back(digits[--len]);
}

// The digits of the shortest decimal that reads back as x (x > 0, finite), the nearest such and of
// two equally near the even one, as ECMAScript's Number::toString asks. Writes them to `digits` and
// returns their count; x is about 0.digits * 10^point. Steele and White's free-format algorithm:
// r/s is what remains of x, m_minus/s and m_plus/s the distances to the midpoints between x and
// its neighbours, all scaled so that they are integers.
int shortest_digits(double x, char* digits, int& point) {
  const Parts p = parts_of(x);
  const bool even = (p.significand & 1) == 0;  // then a midpoint reads back as x (ties to even)
  const int halved = p.lower_gap_halved ? 1 : 0;
  Big r(p.significand), s(1), m_plus(1), m_minus(1);
  if (p.exponent >= 0) {
    r.shift_left(p.exponent + 1 + halved);
    s.shift_left(1 + halved);
    m_plus.shift_left(p.exponent + halved);
    m_minus.shift_left(p.exponent);
  } else {
    r.shift_left(1 + halved);
    s.shift_left(1 + halved - p.exponent);
    m_plus.shift_left(halved);
  }
  // 10^(k-1) < x < 2 * 10^k, from x's binary exponent.
  const int top_bit = 63 - __builtin_clzll(p.significand);
  int k = static_cast<int>(std::ceil((p.exponent + top_bit) * 0.30102999566398114 - 1e-10));
  if (k >= 0) {
    s.mul_pow10(k);
  } else {
    r.mul_pow10(-k);
    m_plus.mul_pow10(-k);
    m_minus.mul_pow10(-k);
  }
  const auto reaches = [even](int c) { return even ? c >= 0 : c > 0; };
  if (reaches(plus_compare(r, m_plus, s))) {
    point = k + 1;
  } else {
    point = k;
    r.mul(10);
    m_plus.mul(10);
    m_minus.mul(10);
  }
  int n = 0;
  for (;;) {
    const int d = r.div_digit(s);
    digits[n++] = static_cast<char>('0' + d);
    const bool low = even ? compare(r, m_minus) <= 0 : compare(r, m_minus) < 0;
    const bool high = reaches(plus_compare(r, m_plus, s));
    if (!low && !high) {
      r.mul(10);
      m_plus.mul(10);
      m_minus.mul(10);
      continue;
    }
    // Both neighbours' midpoints in reach: the nearer of d and d + 1, ties to the even digit. A 9
    // is never rounded up: the digit before would have stopped the loop.
    bool up = high;
    if (low && high) {
      const int c = plus_compare(r, r, s);
      up = c > 0 || (c == 0 && (d & 1));
    }
    if (up) ++digits[n - 1];
    return n;
  }
}

// ECMAScript Number::toString for finite x != 0.
void append_shortest(std::string& out, double x) {
  if (x < 0) {
    out.push_back('-');
    x = -x;
  }
  char d[24];
  int point = 0;
  const int k = shortest_digits(x, d, point);
  if (k <= point && point <= 21) {
    out.append(d, k).append(point - k, '0');
  } else if (0 < point && point <= 21) {
    out.append(d, point).append(1, '.').append(d + point, k - point);
  } else if (-6 < point && point <= 0) {
    out.append("0.").append(-point, '0').append(d, k);
  } else {
    out.push_back(d[0]);
    if (k > 1) out.append(1, '.').append(d + 1, k - 1);
    out.append(point - 1 < 0 ? "e-" : "e+");
    append_unsigned(out, static_cast<uint64_t>(point - 1 < 0 ? 1 - point : point - 1));
  }
}

// Layout positions are multiples of 1/64 px (Blink's LayoutUnit); below 2^24 such a number's exact
// decimal expansion (at most six fraction digits) is the shortest string that reads back the same,
// so it is what JavaScript prints. The common case, without the big integers above.
bool append_sixty_fourths(std::string& out, double x) {
  double scaled = x * 64;  // exact: a power of two
  if (!(std::fabs(x) < 16777216.0) || scaled != std::floor(scaled)) return false;
  int64_t n = static_cast<int64_t>(scaled);
  if (n < 0) { out.push_back('-'); n = -n; }
  append_unsigned(out, static_cast<uint64_t>(n / 64));
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

}  // namespace

void append_js_number(std::string& out, double x) {
  if (x == 0) { out.push_back('0'); return; }  // also -0, as String(-0)
  if (std::isnan(x)) { out += "NaN"; return; }
  if (std::isinf(x)) { out += x > 0 ? "Infinity" : "-Infinity"; return; }
  if (append_sixty_fourths(out, x)) return;
  if (std::fabs(x) <= 9007199254740992.0 && x == std::floor(x)) {  // an integer below 2^53
    if (x < 0) out.push_back('-');
    append_unsigned(out, static_cast<uint64_t>(std::fabs(x)));
    return;
  }
  append_shortest(out, x);
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
  // The integer n nearest x * 10^digits, the larger of two equally near, printed with the point
  // `digits` places from its end.
  const Parts p = parts_of(std::fabs(x));
  Big n(p.significand);
  if (p.exponent >= 0) {
    n.shift_left(p.exponent);
    n.mul_pow10(digits);
  } else {
    n.mul_pow10(digits);
    n.shift_right(-p.exponent - 1);  // halves kept: floor(v / 2^(e-1)), then (+1) / 2 rounds half up
    n.add(Big(1));
    n.shift_right(1);
  }
  std::string out = x < 0 ? "-" : "";
  std::string whole;
  n.append_decimal(whole);
  if (digits == 0) return out + whole;
  if (whole.size() <= static_cast<size_t>(digits)) whole.insert(0, digits + 1 - whole.size(), '0');
  whole.insert(whole.size() - digits, 1, '.');
  return out + whole;
}

}  // namespace dehydra::common
