// An <input>'s type as the DOM's `type` property reports it: lowercase, "text" when absent or unknown.
#pragma once
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

std::string_view input_type(const snapshot::Snapshot& s, const snapshot::Node& input);

}  // namespace dehydra::common
