// Numbers printed as JavaScript prints them: String(n) and Number.prototype.toFixed.
#pragma once
#include <string>

namespace dehydra::common {

// String(x): integers without a fraction, others in the shortest form that reads back the same.
std::string js_number(double x);
void append_js_number(std::string& out, double x);

// x.toFixed(digits) for 0 <= digits <= 20: exact ties round away from zero, as the spec says.
std::string js_to_fixed(double x, int digits);

}  // namespace dehydra::common
