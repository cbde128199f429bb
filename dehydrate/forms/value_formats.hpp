// The string formats Chromium's WebMCP schema gives date/time-like inputs (as JSON-schema "format"
// values, regular expressions except for date), and matchers that check a value against them
// before fillForm touches the page.
#pragma once
#include <string>
#include <string_view>

namespace dehydra::forms {

// precision: 0 minutes, 1 seconds, 2 milliseconds (from the step attribute, see step_precision).
std::string time_format(int precision);
std::string datetime_local_format(int precision);
constexpr std::string_view kMonthFormat = "^[0-9]{4}-(0[1-9]|1[0-2])$";
constexpr std::string_view kWeekFormat = "^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$";
constexpr std::string_view kColorFormat = "^#[0-9a-zA-Z]{6}$";
constexpr std::string_view kDateHint = "Dates MUST be provided in 'YYYY-MM-DD' format.";

// Seconds shown when 1 <= step < 60, milliseconds when step < 1; "any"/invalid: minutes.
int step_precision(const std::string_view* step_attribute);

// True when `value` matches the format of this input type (date, time, datetime-local, month, week,
// color); other types accept anything.
bool matches_input_format(std::string_view type, std::string_view value, int precision);

}  // namespace dehydra::forms
