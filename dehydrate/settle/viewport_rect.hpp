// An element's box in the top-level viewport, from the snapshot alone: its client rect (read by the
// walk in its own document's viewport) shifted by the offsets of the frames that hold it. No layout
// is read for it; `box=` suffixes and the index table use it.
#pragma once
#include <cstdint>
#include <string>

#include "../snapshot/arena.hpp"

namespace dehydra::settle {

struct ViewportRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// Zeros for a node without layout (display:none or not rendered).
ViewportRect viewport_rect(const snapshot::Snapshot& s, uint32_t node);

// " box=x,y,w,h" in whole CSS pixels, rounded as JavaScript's Math.round does.
std::string box_suffix(const ViewportRect& r);

}  // namespace dehydra::settle
