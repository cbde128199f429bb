// Which nodes the accessibility tree leaves out: display:none (no layout in the snapshot),
// visibility other than visible, aria-hidden="true", inert, script/style/template/noscript, and the
// content of a closed <details> other than its summary, and display:contents wrappers none of whose
// children shows. Computed top-down, then the wrappers bottom-up. A hidden element hides its whole
// subtree, except that visibility hides only what inherits it: a descendant set back to
// `visibility: visible` shows, as in Chromium (Playwright's ariaSnapshot hides it too).
#pragma once
#include <cstdint>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::aria {

// Values of compute_hidden's answer (non-zero: hidden).
constexpr uint8_t kShown = 0, kHidden = 1;
constexpr uint8_t kHiddenByVisibility = 2;  // only by inherited or own visibility: descendants may show

std::vector<uint8_t> compute_hidden(const snapshot::Snapshot& s, const common::TreeScopes& scopes);

}  // namespace dehydra::aria
