#include "occlusion_probe.hpp"

#include "classify.hpp"
#include "element_text.hpp"
#include "modal_layer.hpp"

namespace dehydra::index {

std::vector<uint32_t> occlusion_candidates(const snapshot::Snapshot& s, const IndexOptions& o) {
  std::vector<uint32_t> out;
  if (o.viewport_expansion < 0 && !may_have_modal(s, o)) return out;
  IndexOptions probe = o;
  probe.occluded.clear();
  NodeStates st;
  classify(s, probe, st);
  if (o.viewport_expansion < 0) {  // the whole page: only what may stand above an open modal
    return above_candidates(s, o, st, find_modal_layer(s, o, st));
  }
  const size_t count = s.nodes.size();
  std::vector<uint8_t> in_frame(count, 0);
  for (uint32_t i = 1; i < count; ++i) {
    const snapshot::Node& n = s.nodes[i];
    in_frame[i] = in_frame[n.parent] || n.kind == snapshot::NodeKind::FrameDocument;
  }
  std::vector<uint8_t> wanted(count, 0);
  for (uint32_t i = 1; i < count; ++i) {
    const snapshot::Node& n = s.nodes[i];
    if (st[i].skipped || in_frame[i]) continue;
    if (n.is_element() && st[i].top && st[i].interactive) wanted[i] = 1;
    if (n.is_text() && n.parent != snapshot::kNone && st[n.parent].top && !trimmed_text(s, i).empty())
      wanted[n.parent] = 1;
  }
  for (uint32_t i = 1; i < count; ++i) {
    if (!wanted[i]) continue;
    const snapshot::Geometry* g = s.geometry_of(s.nodes[i]);
    if (!g) continue;
    // Points outside the real viewport cannot be hit-tested; outside compat mode such elements
    // (in the expansion margin) count as on top.
    if (!o.page_agent_compat) {
      bool inside = g->x < s.page.viewport_w && g->y < s.page.viewport_h && g->x + g->w > 0 && g->y + g->h > 0;
      if (!inside) continue;
    }
    out.push_back(s.nodes[i].element_ordinal);
  }
  return out;
}

}  // namespace dehydra::index
