#include "assign_indices.hpp"
#include "../base/noinline.hpp"

#include "classify.hpp"
#include "fold_wrappers.hpp"
#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

// element.children.some(isElementVisible): the element children (a shadow host's: its shadow tree's).
bool has_visible_child(const Snapshot& s, const NodeStates& st, uint32_t i) {
  for (uint32_t c = s.nodes[i].first_child; c != kNone; c = s.nodes[c].next_sibling) {
    const Node& child = s.nodes[c];
    if (child.kind == NodeKind::ShadowRoot) {
      for (uint32_t g = child.first_child; g != kNone; g = s.nodes[g].next_sibling)
        if (s.nodes[g].is_element() && st[g].visible) return true;
      continue;
    }
    // Skipped children are still element.children; judge their own box.
    if (!child.is_element() || child.has(snapshot::F_SVG)) continue;
    if (st[c].visible) return true;
    if (st[c].skipped) {
      const snapshot::Style* style = s.style(child);
      const snapshot::Geometry* g = s.geometry_of(child);
      if (style && g && g->offset_w > 0 && g->offset_h > 0 && style->visibility != "hidden") return true;
    }
  }
  return false;
}

bool heuristically_interactive(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  if (!st[i].visible) return false;
  // isInteractiveElement is already true here, so the attribute and class tests cannot change it.
  if (!st[i].known_container) return false;
  if (n.parent == 0) return false;  // parent is <body>
  return has_visible_child(s, st, i);
}

// The children of an editor (contenteditable, TinyMCE) see only whether the editor itself is indexed.
bool is_editor(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  if (st[i].editable) return true;
  const std::string_view* ce = s.attribute(n, "contenteditable");
  if (ce && *ce == "true") return true;
  const std::string_view* id = s.attribute(n, "id");
  if (id && *id == "tinymce") return true;
  const std::string_view* cls = s.attribute(n, "class");
  if (cls && has_class(*cls, "mce-content-body")) return true;
  const std::string_view* data_id = s.attribute(n, "data-id");
  return n.tag == "body" && data_id && data_id->substr(0, 4) == "mce_";
}

// The tests of is_distinct_interaction that read markup only (no box).
bool distinct_by_markup(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  if (n.tag == "iframe" || is_distinct_tag(n.tag) || st[i].grid_part) return true;
  const std::string_view* role = s.attribute(n, "role");
  if (role && is_distinct_role(*role)) return true;
  if (st[i].editable) return true;
  const std::string_view* ce = s.attribute(n, "contenteditable");
  if (ce && *ce == "true") return true;
  if (s.has_attribute(n, "data-testid") || s.has_attribute(n, "data-cy") || s.has_attribute(n, "data-test"))
    return true;
  if (s.has_attribute(n, "onclick") || n.has(snapshot::F_CLICK_HANDLER)) return true;
  for (std::string_view a : kInteractiveAria)
    if (s.has_attribute(n, a)) return true;
  for (std::string_view a : kHandlerAttributes)
    if (s.has_attribute(n, a)) return true;
  return false;
}
}  // namespace

DEHYDRA_STAGE bool is_distinct_interaction(const Snapshot& s, const NodeStates& st, uint32_t i) {
  if (distinct_by_markup(s, st, i)) return true;
  if (heuristically_interactive(s, st, i)) return true;
  return st[i].scrollable;
}

bool distinct_needs_child_boxes(const Snapshot& s, const NodeStates& st, uint32_t i) {
  return st[i].known_container && s.nodes[i].parent != 0 && !distinct_by_markup(s, st, i);
}

DEHYDRA_STAGE int32_t assign_indices(const Snapshot& s, const IndexOptions& o, NodeStates& st,
                                     std::vector<uint8_t>& seen, ControllerMemory* numbers, int32_t* behind_count) {
  const size_t count = s.nodes.size();
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s.nodes[i];
    NodeState& me = st[i];
    if (me.skipped) continue;
    if (n.kind == NodeKind::ShadowRoot) { me.pass_down = n.parent != kNone && st[n.parent].highlighted; continue; }
    if (n.kind == NodeKind::FrameDocument) { me.pass_down = false; continue; }
    if (n.kind != NodeKind::Element) continue;
    bool parent_highlighted = n.parent != kNone && st[n.parent].pass_down;
    bool parent_counted = parent_highlighted || (n.parent != kNone && st[n.parent].behind_down);
    if (i != 0 && me.interactive && (me.behind || me.inert)) {
      if (me.behind && (!parent_counted || is_distinct_interaction(s, st, i))) {
        me.behind_down = true;
        if (behind_count) ++*behind_count;
      }
    } else if (i != 0 && me.interactive) {
      bool take = !parent_highlighted || is_distinct_interaction(s, st, i);
      if (take && o.viewport_expansion >= 0) {
        const snapshot::Geometry* g = s.geometry_of(n);
        double e = o.viewport_expansion;
        take = g && g->w > 0 && g->h > 0 &&
               !(g->y + g->h < -e || g->y > s.page.viewport_h + e || g->x + g->w < -e || g->x > s.page.viewport_w + e);
      }
      me.highlighted = take;
      if (n.stable_id >= seen.size()) seen.resize(static_cast<size_t>(n.stable_id) * 2 + 64, 0);
      if (!seen[n.stable_id]) { seen[n.stable_id] = 1; me.is_new = true; }
    }
    if (i == 0) { me.pass_down = false; continue; }
    bool editor = is_editor(s, st, i);
    me.pass_down = editor ? me.highlighted : (me.highlighted || parent_highlighted);
    if (!editor && n.parent != kNone) me.behind_down = me.behind_down || st[n.parent].behind_down;
  }
  if (!o.page_agent_compat) fold_wrappers(s, st);
  // Numbers in document order; each node's text goes to its nearest indexed ancestor, or to the
  // entry a folded wrapper joined.
  int32_t next = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s.nodes[i];
    NodeState& me = st[i];
    if (me.skipped) continue;
    if (n.parent != kNone) {
      const NodeState& ps = st[n.parent];
      if (ps.highlighted) me.owner = n.parent;
      else if (ps.merged_into != kNone && st[ps.merged_into].highlighted) me.owner = ps.merged_into;
      else me.owner = ps.owner;
    }
    if (!me.highlighted) continue;
    me.text_slot = next++;
    me.index = me.text_slot;
    if (numbers) {
      auto found = numbers->numbers.find(n.stable_id);
      if (found != numbers->numbers.end()) {
        me.index = found->second;
      } else {
        me.index = numbers->next_number++;
        numbers->numbers.emplace(n.stable_id, me.index);
      }
    }
  }
  return next;
}

}  // namespace dehydra::index
