#include "input_type.hpp"

#include "../base/ascii_text.hpp"

namespace dehydra::common {

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
