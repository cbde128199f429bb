// An element's box in the top-level viewport, from the snapshot alone: its client rect (read by the
// walk in its own document's viewport) shifted by the offsets of the frames that hold it. No layout
// is read for it; `box=` suffixes and the index table use it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "arena.hpp"

namespace dehydra::snapshot {

struct ViewportRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// The frame offsets of every node, resolved in one pass over the snapshot (a node's offset is its
// parent's, plus the frame's own when the parent is a frame document), so that each rect costs the
// same however deep the page nests.
class ViewportRects {
 public:
  explicit ViewportRects(const Snapshot& s);
  // Zeros for a node without layout (display:none or not rendered) or out of range.
  ViewportRect operator()(uint32_t node) const;

 private:
  const Snapshot& s_;
  std::vector<double> dx_, dy_;
};

// " box=x,y,w,h" in whole CSS pixels, rounded as JavaScript's Math.round does.
std::string box_suffix(const ViewportRect& r);

}  // namespace dehydra::snapshot
