#include "viewport_rects.hpp"

#include <cmath>

namespace dehydra::snapshot {

ViewportRects::ViewportRects(const Snapshot& s) : s_(s), dx_(s.nodes.size(), 0), dy_(s.nodes.size(), 0) {
  // decode appends nodes in document order: a parent's index is below its children's.
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const uint32_t p = s.nodes[i].parent;
    if (p == kNone || p >= i) continue;
    dx_[i] = dx_[p];
    dy_[i] = dy_[p];
    if (s.nodes[p].kind == NodeKind::FrameDocument) {
      dx_[i] += s.nodes[p].frame_x;
      dy_[i] += s.nodes[p].frame_y;
    }
  }
}

ViewportRect ViewportRects::operator()(uint32_t node) const {
  if (node >= s_.nodes.size()) return {};
  const Geometry* g = s_.geometry_of(s_.nodes[node]);
  if (!g) return {};
  return ViewportRect{static_cast<float>(g->x + dx_[node]), static_cast<float>(g->y + dy_[node]), g->w, g->h};
}

namespace {
std::string whole(float v) {
  double d = v;
  if (!std::isfinite(d)) return "0";
  if (d > 1e15) d = 1e15;
  if (d < -1e15) d = -1e15;
  long long n = static_cast<long long>(std::floor(d + 0.5));
  return std::to_string(n);
}
}  // namespace

std::string box_suffix(const ViewportRect& r) {
  return " box=" + whole(r.x) + "," + whole(r.y) + "," + whole(r.w) + "," + whole(r.h);
}

}  // namespace dehydra::snapshot
