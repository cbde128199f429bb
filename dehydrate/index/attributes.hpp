// The attributes an indexed element's line prints, after Page Agent's four pruning layers:
// listed and non-empty; repeated values (> 5 chars) once; role equal to the tag dropped;
// aria-label/placeholder/title equal to the text dropped. Each value capped at 20 units + "...".
#pragma once
#include <string>
#include <string_view>

#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

// "name=value name=value", or "" when nothing is left. `text` is the element's line text.
// When `names` is given, " name" is appended to it for each printed attribute.
std::string format_attributes(const snapshot::Snapshot& s, const IndexOptions& o, uint32_t node,
                              std::string_view text, std::string* names = nullptr);

// Page Agent's glob: `*` matches any run of characters, everything else itself.
bool glob_match(std::string_view pattern, std::string_view name);

}  // namespace dehydra::index
