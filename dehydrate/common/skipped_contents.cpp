#include "skipped_contents.hpp"

#include <string_view>

namespace dehydra::common {

using snapshot::kNone;
using snapshot::NodeKind;

uint32_t contents_owner(const snapshot::Snapshot& s, uint32_t node) {
  uint32_t p = s.nodes[node].parent;
  if (p != kNone && s.nodes[p].kind == NodeKind::ShadowRoot) p = s.nodes[p].parent;
  return p != kNone && s.nodes[p].is_element() ? p : kNone;
}

namespace {
// content-visibility applies where size containment can: not to inline boxes, boxes without one of
// their own, tables and their inner boxes (a cell excepted), or ruby (Chromium's checkVisibility()).
bool contents_can_be_skipped(std::string_view display) {
  static constexpr std::string_view kNot[] = {
      "inline", "contents", "table", "inline-table", "table-row", "table-row-group", "table-header-group",
      "table-footer-group", "table-column", "table-column-group", "table-caption", "ruby", "ruby-text",
      "ruby-base", "ruby-base-container", "ruby-text-container", "math", "inline math"};
  for (std::string_view d : kNot)
    if (display == d) return false;
  return true;
}
}  // namespace

bool in_skipped_contents(const snapshot::Snapshot& s, uint32_t node) {
  uint32_t owner = contents_owner(s, node);
  if (owner == kNone || !s.nodes[owner].has(snapshot::F_SKIPS_CONTENTS)) return false;
  const snapshot::Style* style = s.style(s.nodes[owner]);
  return style && contents_can_be_skipped(style->display);
}

bool in_closed_details(const snapshot::Snapshot& s, uint32_t node) {
  uint32_t p = s.nodes[node].parent;
  if (p == kNone) return false;
  const snapshot::Node& details = s.nodes[p];
  if (!details.is_element() || details.tag != "details" || details.has(snapshot::F_OPEN)) return false;
  return s.first_child_element(p, "summary") != node;
}

}  // namespace dehydra::common
