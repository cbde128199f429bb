#include "modal_layer.hpp"
#include "../base/noinline.hpp"

#include <algorithm>
#include <unordered_map>

#include "../base/js_string.hpp"
#include "../common/labelledby.hpp"
#include "../common/tree_scopes.hpp"
#include "element_text.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

// Pre-order: node i's subtree is [i, end[i]).
std::vector<uint32_t> subtree_ends(const Snapshot& s) {
  const uint32_t n = static_cast<uint32_t>(s.nodes.size());
  std::vector<uint32_t> end(n);
  for (uint32_t i = 0; i < n; ++i) end[i] = i + 1;
  for (uint32_t i = n; i-- > 1;) {
    uint32_t p = s.nodes[i].parent;
    if (p != kNone && end[p] < end[i]) end[p] = end[i];
  }
  return end;
}

// The FrameDocument node whose document holds each node; kNone for the top document.
std::vector<uint32_t> documents(const Snapshot& s) {
  std::vector<uint32_t> doc(s.nodes.size(), kNone);
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    if (n.kind == NodeKind::FrameDocument) doc[i] = i;
    else if (n.parent != kNone) doc[i] = doc[n.parent];
  }
  return doc;
}

bool attr_is(const Snapshot& s, const Node& n, std::string_view name, std::string_view value) {
  const std::string_view* v = s.attribute(n, name);
  return v && *v == value;
}

bool dialog_like(const Snapshot& s, const Node& n) {
  if (!n.is_element()) return false;
  if (n.tag == "dialog" && n.has(snapshot::F_OPEN)) return true;
  const std::string_view* role = s.attribute(n, "role");
  return (role && (*role == "dialog" || *role == "alertdialog")) || attr_is(s, n, "aria-modal", "true");
}

// Shown with a box (aria-modal elements have theirs measured: boxes_wanted.hpp).
bool shown(const NodeState& me) { return !me.skipped && me.visible && !me.transparent; }
// Painted by its style (a lean walk reads no box for most elements).
bool painted(const Snapshot& s, uint32_t i, const NodeState& me) {
  return !me.skipped && s.nodes[i].has_layout() && me.text_shown;
}

struct Tree {
  std::vector<uint32_t> end, doc;
  explicit Tree(const Snapshot& s) : end(subtree_ends(s)), doc(documents(s)) {}
  bool inside(uint32_t i, uint32_t root) const { return i >= root && i < end[root]; }
  bool ancestor_of(uint32_t a, uint32_t i) const { return a < i && i < end[a]; }
};

// The top one of several candidate roots (tree order): the deepest holding the focus, else the last.
// Candidates of the top document win over a frame's (a modal there covers the frames).
uint32_t pick(const Snapshot& s, const Tree& t, std::vector<uint32_t> c) {
  if (c.empty()) return kNone;
  bool top = std::any_of(c.begin(), c.end(), [&](uint32_t r) { return t.doc[r] == kNone; });
  uint32_t doc = top ? kNone : t.doc[c.front()];
  c.erase(std::remove_if(c.begin(), c.end(), [&](uint32_t r) { return t.doc[r] != doc; }), c.end());
  uint32_t best = kNone;
  for (uint32_t r : c)
    for (uint32_t f = r; f < t.end[r]; ++f)
      if (s.nodes[f].is_element() && s.nodes[f].has(snapshot::F_FOCUSED)) { best = r; break; }
  return best != kNone ? best : c.back();
}

// A mask: under every probe point, covering the viewport, fixed to it (itself or an ancestor) or
// placed over the whole page (absolute), not painted below the page (negative z-index), and with nothing above it
// at any point but its own contents and other fixed layers (a page painted over a fixed backdrop is
// no modal). Whether it hides anything is mark_behind's question.
uint32_t find_mask(const Snapshot& s, const IndexOptions& o, const NodeStates& st, const Tree& t) {
  if (o.pointer_points.empty()) return kNone;
  // Stable id -> its fact's position in o.pointer_facts, and -> its node: one map type for both.
  std::unordered_map<uint32_t, uint32_t> fact_of;
  for (uint32_t k = 0; k < o.pointer_facts.size(); ++k) fact_of[o.pointer_facts[k].id] = k;
  std::unordered_map<uint32_t, uint32_t> node_of;
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    if (n.is_element() && t.doc[i] == kNone && fact_of.count(n.stable_id)) node_of.emplace(n.stable_id, i);
  }
  std::vector<std::vector<uint32_t>> points;
  for (const auto& ids : o.pointer_points) {
    std::vector<uint32_t> nodes;
    for (uint32_t id : ids)
      if (auto it = node_of.find(id); it != node_of.end()) nodes.push_back(it->second);
    points.push_back(std::move(nodes));
  }
  const snapshot::PageInfo& page = s.page;
  auto fixed = [&](uint32_t i) {
    auto f = fact_of.find(s.nodes[i].stable_id);
    return f != fact_of.end() && o.pointer_facts[f->second].position == "fixed";
  };
  auto pinned_layer = [&](uint32_t i) {
    for (uint32_t a = i; a != kNone; a = s.nodes[a].parent)
      if (s.nodes[a].is_element() && fixed(a)) return true;
    return false;
  };
  for (uint32_t m : points[0]) {
    if (m == 0 || st[m].skipped) continue;
    bool everywhere = std::all_of(points.begin(), points.end(), [&](const std::vector<uint32_t>& p) {
      return std::find(p.begin(), p.end(), m) != p.end();
    });
    if (!everywhere) continue;
    const IndexOptions::PointerFact& f = o.pointer_facts[fact_of[s.nodes[m].stable_id]];
    bool covers = f.x <= 8 && f.y <= 8 && f.x + f.w >= page.viewport_w - 24 && f.y + f.h >= page.viewport_h - 24;
    if (!covers) continue;
    if (!f.z_index.empty() && f.z_index[0] == '-') continue;
    bool pinned = (f.position == "absolute" && f.y <= -page.scroll_y + 8 && f.h >= page.page_h - 8) || pinned_layer(m);
    if (!pinned) continue;
    bool only_layers_above = true;
    for (const auto& p : points) {
      for (auto above = p.begin(); *above != m && only_layers_above; ++above)
        only_layers_above = t.inside(*above, m) || t.ancestor_of(*above, m) || pinned_layer(*above);
    }
    if (only_layers_above) return m;
  }
  return kNone;
}

// Nodes in a top-layer element other than the open modal <dialog> (popovers shown over it).
std::vector<uint8_t> in_top_layer(const Snapshot& s, uint32_t dialog) {
  std::vector<uint8_t> out(s.nodes.size(), 0);
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    out[i] = (n.is_element() && n.has(snapshot::F_TOP_LAYER) && i != dialog) || (n.parent != kNone && out[n.parent]);
  }
  return out;
}

// Whether node i, outside the modal, may stand above it (before any hit test).
bool may_stand_above(const ModalLayer& layer, const Tree& t, const std::vector<uint8_t>& top_layer, uint32_t i) {
  if (top_layer[i]) return true;
  if (layer.dialog != kNone && !t.inside(i, layer.dialog)) return false;
  return layer.kind == ModalKind::Mask || i >= t.end[layer.root];
}

bool contains(const std::vector<uint32_t>& sorted, uint32_t id) {
  return std::binary_search(sorted.begin(), sorted.end(), id);
}

std::string subtree_text(const Snapshot& s, const Tree& t, uint32_t e) {
  std::string out;
  for (uint32_t i = e; i < t.end[e]; ++i) {
    if (!s.nodes[i].is_text()) continue;
    std::string_view part = common::js_trim(s.nodes[i].text);
    if (part.empty()) continue;
    if (!out.empty()) out.push_back(' ');
    out.append(part);
  }
  return out;
}

// A dialog's name: aria-label, aria-labelledby's (or aria-labeledby's) text, else its first heading's text.
std::string dialog_name(const Snapshot& s, const Tree& t, uint32_t e) {
  const Node& n = s.nodes[e];
  if (const std::string_view* label = s.attribute(n, "aria-label"); label && !common::js_blank(*label))
    return std::string(common::js_trim(*label));
  if (const std::string_view* ids = common::labelledby_attribute(s, n); ids && !common::js_blank(*ids)) {
    common::TreeScopes scopes(s);
    std::string name;
    for (uint32_t r : scopes.id_refs(e, *ids)) {
      std::string part = subtree_text(s, t, r);
      if (part.empty()) continue;
      if (!name.empty()) name.push_back(' ');
      name += part;
    }
    if (!name.empty()) return name;
  }
  for (uint32_t i = e + 1; i < t.end[e]; ++i) {
    const Node& h = s.nodes[i];
    if (!h.is_element()) continue;
    bool heading = (h.tag.size() == 2 && h.tag[0] == 'h' && h.tag[1] >= '1' && h.tag[1] <= '6') ||
                   attr_is(s, h, "role", "heading");
    if (heading) return subtree_text(s, t, i);
  }
  return {};
}
}  // namespace

bool may_have_modal(const Snapshot& s, const IndexOptions& o) {
  if (o.page_agent_compat || s.nodes.empty()) return false;
  for (const auto& f : o.pointer_facts)
    if ((f.position == "fixed" || f.position == "absolute") && f.x <= 8 && f.y <= 8 && f.w > 0 && f.h > 0 &&
        f.x + f.w >= s.page.viewport_w - 24 && f.y + f.h >= s.page.viewport_h - 24)
      return true;
  for (const snapshot::Attribute& a : s.attributes)
    if (a.name == "inert" || (a.name == "aria-modal" && a.value == "true")) return true;
  for (const Node& n : s.nodes)
    if (n.is_element() && n.has(snapshot::F_MODAL)) return true;
  return false;
}

DEHYDRA_STAGE ModalLayer find_modal_layer(const Snapshot& s, const IndexOptions& o, const NodeStates& st) {
  ModalLayer layer;
  if (!may_have_modal(s, o)) return layer;
  Tree t(s);
  std::vector<uint32_t> dialogs, aria, inert, dialog_likes;
  for (uint32_t i = 1; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    if (!n.is_element() || st[i].skipped) continue;
    if (n.has(snapshot::F_MODAL) && n.has_layout() && !st[i].unrendered) dialogs.push_back(i);
    if (shown(st[i]) && attr_is(s, n, "aria-modal", "true") && !st[i].inert) aria.push_back(i);
    if (!painted(s, i, st[i])) continue;
    if (st[i].inert && !st[n.parent].inert) inert.push_back(i);
    else if (!st[i].inert && dialog_like(s, n)) dialog_likes.push_back(i);
  }
  layer.dialog = pick(s, t, dialogs);
  if (layer.dialog != kNone) {
    aria.erase(std::remove_if(aria.begin(), aria.end(), [&](uint32_t r) { return !t.inside(r, layer.dialog); }),
        aria.end());
    layer.kind = ModalKind::Dialog;
    layer.root = aria.empty() ? layer.dialog : pick(s, t, aria);
  } else if (!aria.empty()) {
    layer.kind = ModalKind::AriaModal;
    layer.root = pick(s, t, aria);
  } else if (!inert.empty() && !dialog_likes.empty()) {
    layer.kind = ModalKind::Inert;
    layer.root = pick(s, t, dialog_likes);
  } else if (uint32_t mask = find_mask(s, o, st, t); mask != kNone) {
    layer.kind = ModalKind::Mask;
    layer.root = mask;
  }
  return layer;
}

DEHYDRA_STAGE std::vector<uint32_t> above_candidates(const Snapshot& s, const IndexOptions& o, const NodeStates& st,
                                       const ModalLayer& layer) {
  std::vector<uint32_t> out;
  if (layer.kind == ModalKind::None || layer.kind == ModalKind::Inert) return out;
  Tree t(s);
  if (t.doc[layer.root] != kNone) return out;  // hit tests reach the top document only
  std::vector<uint8_t> top_layer = in_top_layer(s, layer.dialog);
  std::vector<uint8_t> wanted(s.nodes.size(), 0);
  for (uint32_t i = 1; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    if (st[i].skipped || t.doc[i] != kNone) continue;
    if (n.is_element() && st[i].interactive) wanted[i] = 1;
    if (n.is_text() && st[i].text_shown && !trimmed_text(s, i).empty() && s.nodes[n.parent].is_element())
      wanted[n.parent] = 1;
  }
  for (uint32_t i = 1; i < s.nodes.size(); ++i) {
    if (!wanted[i] || t.inside(i, layer.root) || t.ancestor_of(i, layer.root)) continue;
    if (!may_stand_above(layer, t, top_layer, i)) continue;
    out.push_back(s.nodes[i].element_ordinal);
  }
  (void)o;
  return out;
}

DEHYDRA_STAGE void mark_behind(const Snapshot& s, const IndexOptions& o, ModalLayer& layer, NodeStates& st) {
  if (layer.kind == ModalKind::None) return;
  Tree t(s);
  const uint32_t root = layer.root;
  const uint32_t doc = t.doc[root];
  const uint32_t lo = doc == kNone ? 0 : doc;
  const uint32_t hi = doc == kNone ? static_cast<uint32_t>(s.nodes.size()) : t.end[doc];
  std::vector<uint32_t> on_top = o.on_top, covered = o.occluded;
  std::sort(on_top.begin(), on_top.end());
  std::sort(covered.begin(), covered.end());
  std::vector<uint8_t> top_layer = in_top_layer(s, layer.dialog);
  std::vector<uint8_t> reach(s.nodes.size(), 0), behind(s.nodes.size(), 0);
  bool hides = false;
  for (uint32_t i = lo; i < hi; ++i) {
    if (t.inside(i, root)) { i = t.end[root] - 1; continue; }
    const Node& n = s.nodes[i];
    if (st[i].skipped || t.ancestor_of(i, root)) continue;
    if (layer.kind == ModalKind::Inert) {
      behind[i] = st[i].inert;
    } else {
      bool parent_reach = n.parent != kNone && n.parent >= lo && reach[n.parent];
      bool tested = n.is_element() && (contains(on_top, n.stable_id) || contains(covered, n.stable_id));
      reach[i] = tested ? contains(on_top, n.stable_id) && may_stand_above(layer, t, top_layer, i) : parent_reach;
      behind[i] = !reach[i];
    }
    if (behind[i] && !hides)
      hides = n.is_element() ? st[i].interactive && st[i].visible : n.is_text() && st[i].text_shown &&
          !trimmed_text(s, i).empty();
  }
  if (layer.kind == ModalKind::Mask && !hides) {  // a layer that hides nothing listable is no modal
    layer = ModalLayer{};
    return;
  }
  for (uint32_t i = lo; i < hi; ++i) {
    st[i].behind = behind[i];
    // The modal's ancestors (its mask, its portal) are no targets: a click there closes it.
    if (t.ancestor_of(i, root)) st[i].interactive = false;
  }
}

std::string modal_notice(const Snapshot& s, const NodeStates& st, const ModalLayer& layer, int32_t behind_count) {
  if (layer.kind == ModalKind::None) return {};
  Tree t(s);
  uint32_t dialog = kNone;
  if (dialog_like(s, s.nodes[layer.root])) {
    dialog = layer.root;
  } else {
    // The dialog in the mask, else one standing above it.
    for (uint32_t i = layer.root; i < s.nodes.size() && dialog == kNone; ++i)
      if (!st[i].skipped && !st[i].behind && !t.ancestor_of(i, layer.root) && dialog_like(s, s.nodes[i])) dialog = i;
  }
  std::string line = dialog != kNone ? "A modal dialog is open" : "A modal layer is open";
  std::string name = dialog != kNone ? dialog_name(s, t, dialog) : std::string();
  if (!name.empty()) line += " (\"" + cap_with_ellipsis(name, 80) + "\")";
  if (behind_count == 0) line += "; nothing behind it is listed.";
  else if (behind_count == 1) line += "; 1 element behind it is not listed.";
  else line += "; " + std::to_string(behind_count) + " elements behind it are not listed.";
  return line;
}

}  // namespace dehydra::index
