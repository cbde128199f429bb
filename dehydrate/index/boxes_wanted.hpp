// A lean walk reads no boxes; the core then names the elements whose box can change the result,
// and the shim measures only those (one batched pass, see js-shim/snapshot/measure_boxes.js).
#pragma once
#include <cstdint>
#include <vector>

#include "../snapshot/arena.hpp"
#include "options.hpp"

namespace dehydra::index {

// True when `options` can be served by a lean walk: whole page, not Page Agent's compat mode
// (which reproduces decisions made from every element's box).
bool lean_walk_serves(const IndexOptions& options);

// Set on a wanted ordinal whose scroll extents (scroll and client sizes) matter too.
constexpr uint32_t kScrollExtents = 0x80000000u;

// Element ordinals, ascending: every element that could be interactive if it had a box, and the
// element children of those whose distinct-interaction test may read them (a known container's
// "visible child" test), aria-modal elements (is one rendered?) and what may be named as
// unreadable (unreadable.hpp); with kScrollExtents on the possible scrollers.
std::vector<uint32_t> boxes_wanted(const snapshot::Snapshot& s, const IndexOptions& options);

}  // namespace dehydra::index
