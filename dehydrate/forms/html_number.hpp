// HTML's numeric attribute rules as Chromium applies them to number/range inputs: parsing floating
// point numbers, the step (default, "any"), the step base, and whether the base is step-aligned.
#pragma once
#include <optional>
#include <string_view>

namespace dehydra::forms {

// A valid floating-point number ("-1.5e3", ".5"), finite; nullopt otherwise.
std::optional<double> parse_html_float(std::string_view s);
// True when base is a whole multiple of step, tolerating binary rounding of decimal inputs.
bool is_step_aligned(double base, double step);

}  // namespace dehydra::forms
