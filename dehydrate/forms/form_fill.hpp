// fillForm's plan: the whole input is checked against the tool first (unknown keys, wrong types,
// values outside an enum or a range, malformed dates → one error naming every problem, nothing
// planned); a valid input becomes the list of DOM changes js-shim applies, in property order.
#pragma once
#include <string>
#include <string_view>

#include "../base/outcome.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::forms {

// `input_json`: the tool's arguments as a JSON object. `require_all` (the form is to be submitted):
// a required property must be in the input or already hold a value in the page.
// Returns {"form": ordinal, "autosubmit": bool, "ops": [{"name","ordinal","op":"value"|"checked"|"selected",
// "value"}...]}; invalid input is a failure naming every problem.
common::Outcome<std::string> plan_fill(const snapshot::Snapshot& s, std::string_view tool_name,
                                       std::string_view input_json, bool require_all);

}  // namespace dehydra::forms
