// The accessibility tree of a snapshot, rendered as Playwright's ariaSnapshot YAML:
//   - role "name" [flags] [ref=N]: text
//     - /url: ...
// Roles, names and states come from aria_roles / accessible_name / aria_states; elements without a
// role (div, span, ...) pass their content to the parent; adjacent text is merged; nameless empty
// generics disappear. `[ref=N]` is the agent index of the element (the number dehydrate shows and
// PageController actions accept), when `indices` gives it one.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::aria {

struct AriaTreeOptions {
  const std::vector<int32_t>* indices = nullptr;  // element ordinal -> agent index, -1 none
  bool include_frames = true;                      // descend into same-origin iframes
};

struct AriaTreeStats {
  uint32_t nodes = 0;
  uint32_t refs = 0;
};

std::string render_aria_tree(const snapshot::Snapshot& s, const AriaTreeOptions& options,
    AriaTreeStats* stats = nullptr);

}  // namespace dehydra::aria
