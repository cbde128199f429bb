// Which nodes the accessibility tree leaves out: display:none (no layout in the snapshot),
// visibility other than visible, aria-hidden="true", inert, script/style/template/noscript, and the
// content of a closed <details> other than its summary, and display:contents wrappers none of whose
// children shows. Computed top-down, then the wrappers bottom-up; a hidden element hides its whole
// subtree (as Playwright's ariaSnapshot does).
#pragma once
#include <cstdint>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::aria {

std::vector<uint8_t> compute_hidden(const snapshot::Snapshot& s, const common::TreeScopes& scopes);

}  // namespace dehydra::aria
