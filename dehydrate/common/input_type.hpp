// An <input>'s type as the DOM's `type` property reports it: lowercase, "text" when absent or unknown.
#pragma once
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

std::string_view input_type(const snapshot::Snapshot& s, const snapshot::Node& input);

// ASCII case-insensitive equality (attribute values such as role, type, aria-* tokens).
bool equals_ignore_case(std::string_view a, std::string_view b);

}  // namespace dehydra::common
