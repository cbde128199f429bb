#include "boxes_wanted.hpp"
#include "../base/noinline.hpp"

#include "assign_indices.hpp"
#include "classify.hpp"
#include "unreadable.hpp"

namespace dehydra::index {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

bool lean_walk_serves(const IndexOptions& options) {
  return options.viewport_expansion < 0 && !options.page_agent_compat;
}

DEHYDRA_STAGE std::vector<uint32_t> boxes_wanted(const snapshot::Snapshot& s, const IndexOptions& options) {
  NodeStates st;
  classify_without_boxes(s, options, st);
  std::vector<uint8_t> wanted(s.nodes.size(), 0);
  auto want = [&](uint32_t i) {
    if (s.nodes[i].is_element() && s.nodes[i].has_layout()) wanted[i] = 1;
  };
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    if (st[i].skipped) continue;
    // Whether an aria-modal element is rendered, and the size of what cannot be read, take a box.
    if (may_be_unreadable(s, i) || (s.nodes[i].is_element() && [&] {
          const std::string_view* v = s.attribute(s.nodes[i], "aria-modal");
          return v && *v == "true";
        }()))
      want(i);
    if (!st[i].interactive) continue;
    want(i);
    if (!distinct_needs_child_boxes(s, st, i)) continue;
    for (uint32_t c = s.nodes[i].first_child; c != kNone; c = s.nodes[c].next_sibling) {
      if (s.nodes[c].kind != NodeKind::ShadowRoot) { want(c); continue; }
      for (uint32_t g = s.nodes[c].first_child; g != kNone; g = s.nodes[g].next_sibling) want(g);
    }
  }
  std::vector<uint32_t> ordinals;
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    if (!wanted[i]) continue;
    bool scroller = may_scroll(*s.style(s.nodes[i]), options.page_agent_compat);
    ordinals.push_back(s.nodes[i].element_ordinal | (scroller ? kScrollExtents : 0));
  }
  return ordinals;
}

}  // namespace dehydra::index
