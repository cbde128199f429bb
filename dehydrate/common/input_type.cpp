#include "input_type.hpp"

namespace dehydra::common {

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
    if (x != y) return false;
  }
  return true;
}

std::string_view input_type(const snapshot::Snapshot& s, const snapshot::Node& input) {
  static constexpr std::string_view kTypes[] = {
      "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
      "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
      "reset", "button"};
  const std::string_view* t = s.attribute(input, "type");
  if (!t) return "text";
  for (std::string_view known : kTypes)
    if (equals_ignore_case(*t, known)) return known;
  return "text";
}

}  // namespace dehydra::common
