#include "value_formats.hpp"

#include "html_number.hpp"
#include "../base/ascii_text.hpp"

namespace dehydra::forms {

namespace {
const char* kTimeBase = "([01][0-9]|2[0-3]):[0-5][0-9]";

bool digits(std::string_view s, size_t at, size_t n) {
  if (at + n > s.size()) return false;
  for (size_t i = at; i < at + n; ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}
int num(std::string_view s, size_t at, size_t n) {
  int v = 0;
  for (size_t i = at; i < at + n; ++i) v = v * 10 + (s[i] - '0');
  return v;
}
// YYYY-MM-DD with a real month and a day 01-31.
bool is_date(std::string_view s) {
  if (s.size() != 10 || !digits(s, 0, 4) || s[4] != '-' || !digits(s, 5, 2) || s[7] != '-' || !digits(s, 8, 2))
    return false;
  int m = num(s, 5, 2), d = num(s, 8, 2);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}
// HH:MM, then optional :SS (precision >= 1), then optional .fff (precision 2).
bool is_time(std::string_view s, int precision) {
  if (s.size() < 5 || !digits(s, 0, 2) || s[2] != ':' || !digits(s, 3, 2)) return false;
  if (num(s, 0, 2) > 23 || num(s, 3, 2) > 59) return false;
  if (s.size() == 5) return true;
  if (precision < 1 || s.size() < 8 || s[5] != ':' || !digits(s, 6, 2) || num(s, 6, 2) > 59) return false;
  if (s.size() == 8) return true;
  if (precision < 2 || s[8] != '.' || s.size() < 10 || s.size() > 12) return false;
  return digits(s, 9, s.size() - 9);
}
}  // namespace

std::string time_format(int precision) {
  std::string f = std::string("^") + kTimeBase;
  if (precision == 1) f += "(:[0-5][0-9])?";
  if (precision == 2) f += "(:[0-5][0-9](\\.[0-9]{1,3})?)?";
  return f + "$";
}

std::string datetime_local_format(int precision) {
  std::string t = time_format(precision);
  return "^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T" + t.substr(1);
}

int step_precision(const std::string_view* step) {
  if (!step) return 0;
  std::optional<double> v = parse_html_float(*step);
  if (!v || *v <= 0) return 0;
  if (*v < 1) return 2;
  if (*v < 60) return 1;
  return 0;
}

bool matches_input_format(std::string_view type, std::string_view v, int precision) {
  if (type == "date") return is_date(v);
  if (type == "time") return is_time(v, precision);
  if (type == "datetime-local")
    return v.size() > 11 && is_date(v.substr(0, 10)) && v[10] == 'T' && is_time(v.substr(11), precision);
  if (type == "month")
    return v.size() == 7 && digits(v, 0, 4) && v[4] == '-' && digits(v, 5, 2) && num(v, 5, 2) >= 1 &&
        num(v, 5, 2) <= 12;
  if (type == "week")
    return v.size() == 8 && digits(v, 0, 4) && v[4] == '-' && v[5] == 'W' && digits(v, 6, 2) && num(v, 6, 2) >= 1 &&
        num(v, 6, 2) <= 53;
  if (type == "color") {
    if (v.size() != 7 || v[0] != '#') return false;
    for (size_t i = 1; i < 7; ++i) {
      char c = v[i];
      if (!common::is_ascii_alnum(c)) return false;
    }
    return true;
  }
  return true;
}

}  // namespace dehydra::forms
