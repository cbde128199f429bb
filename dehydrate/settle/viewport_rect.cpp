#include "viewport_rect.hpp"

#include <cmath>

namespace dehydra::settle {

ViewportRect viewport_rect(const snapshot::Snapshot& s, uint32_t node) {
  ViewportRect r;
  if (node >= s.nodes.size()) return r;
  const snapshot::Geometry* g = s.geometry_of(s.nodes[node]);
  if (!g) return r;
  r = ViewportRect{g->x, g->y, g->w, g->h};
  for (uint32_t p = s.nodes[node].parent; p != snapshot::kNone; p = s.nodes[p].parent) {
    if (s.nodes[p].kind != snapshot::NodeKind::FrameDocument) continue;
    r.x += s.nodes[p].frame_x;
    r.y += s.nodes[p].frame_y;
  }
  return r;
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

}  // namespace dehydra::settle
