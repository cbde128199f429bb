#include "fold_wrappers.hpp"
#include "../base/noinline.hpp"

#include <unordered_map>

#include "../base/js_string.hpp"
#include "classify.hpp"
#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

std::string_view attr(const Snapshot& s, const Node& n, std::string_view name) {
  const std::string_view* v = s.attribute(n, name);
  return v ? *v : std::string_view();
}

std::string_view role_of(const Snapshot& s, const Node& n) {
  std::string_view r = attr(s, n, "role");
  return r.empty() ? attr(s, n, "aria-role") : r;
}

// Where the user types or picks a value: the entry an agent must act on.
bool is_field(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  if (n.tag == "textarea" || n.tag == "select" || st[i].editable) return true;
  std::string_view role = role_of(s, n);
  if (role == "textbox" || role == "searchbox" || role == "combobox" || role == "spinbutton") return true;
  if (n.tag != "input") return false;
  std::string type = common::js_lower(common::js_trim(attr(s, n, "type")));
  return type != "checkbox" && type != "radio" && type != "button" && type != "submit" && type != "reset" &&
         type != "image";
}

// A control or an item of its own (a list item, an option, a row...).
bool is_control(const Snapshot& s, const Node& n) {
  std::string_view role = role_of(s, n);
  return is_interactive_tag(n.tag) || is_distinct_tag(n.tag) ||
         (!role.empty() && (is_interactive_role(role, true) || is_item_role(role)));
}

bool is_labelable(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  return n.tag == "input" || n.tag == "select" || n.tag == "textarea" || n.tag == "button" || is_field(s, st, i) ||
         is_control(s, n);
}

// The frame of a composite widget: its items are the targets.
bool is_composite_frame(std::string_view role) {
  return role == "menu" || role == "menubar" || role == "listbox" || role == "tablist" || role == "radiogroup" ||
         role == "tree" || role == "grid" || role == "treegrid" || role == "toolbar";
}

// A target only because a click handler (or a class or data attribute) is set: no tag, role,
// cursor, editing, scrolling or popup says a user would click it.
bool is_handler_only(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  if (is_control(s, n) || st[i].editable || st[i].scrollable || n.tag == "iframe") return false;
  if (s.has_attribute(n, "aria-haspopup") || s.has_attribute(n, "contenteditable") ||
      attr(s, n, "data-toggle") == "dropdown")
    return false;
  return !is_interactive_cursor(st[i].cursor);
}

bool names_or_states(const Snapshot& s, const Node& n) {
  for (std::string_view a : {"aria-label", "title", "aria-selected", "aria-checked", "aria-expanded", "aria-pressed",
                             "aria-current"})
    if (!common::js_trim(attr(s, n, a)).empty()) return true;
  return false;
}

struct Folder {
  const Snapshot& s;
  NodeStates& st;
  std::vector<uint32_t> end;      // one past the last node of each subtree (pre-order)
  std::vector<uint32_t> count;    // indexed nodes below, after folding
  std::vector<uint32_t> sole;     // the one indexed node below, when count is 1
  std::vector<uint32_t> extent;   // for an indexed node: the subtree it now stands for

  // Painted text inside w that is not inside the subtree `skip` stands for.
  bool text_outside(uint32_t w, uint32_t skip) const {
    for (uint32_t j = w + 1; j < end[w];) {
      if (j == skip) { j = end[skip]; continue; }
      const Node& n = s.nodes[j];
      if (n.kind == NodeKind::FrameDocument) { j = end[j]; continue; }
      if (n.kind == NodeKind::Text && !st[j].skipped && st[j].text_shown && !common::js_trim(n.text).empty())
        return true;
      ++j;
    }
    return false;
  }

  void drop(uint32_t w, uint32_t into) {
    st[w].highlighted = false;
    st[w].merged_into = into;
    if (into != kNone) extent[into] = w;
  }

  // w is indexed, with exactly one indexed node c below it.
  void pair(uint32_t w, uint32_t c) {
    const Node& wn = s.nodes[w];
    const Node& cn = s.nodes[c];
    if (st[w].scrollable || st[w].editable || wn.tag == "iframe") return;
    if (wn.tag == "label" || is_field(s, st, c)) { drop(w, c); return; }
    // A part that is no control (an icon with a handler) belongs to its control; a control beside
    // content of the wrapper's own (a card's, a row's) is a distinct action.
    bool control = is_control(s, cn);
    if (control && text_outside(w, extent[c])) return;
    bool keep_outer = !control || (names_or_states(s, wn) && !names_or_states(s, cn));
    if (keep_outer) {
      st[c].highlighted = false;
      st[c].merged_into = kNone;
      extent[w] = w;
    } else {
      drop(w, c);
    }
  }

  // A label[for] with nothing indexed inside names a control elsewhere: its text goes there.
  void label_for() {
    std::vector<uint32_t> labels;
    for (uint32_t i = 0; i < s.nodes.size(); ++i)
      if (st[i].highlighted && count[i] == 0 && s.nodes[i].tag == "label" && s.has_attribute(s.nodes[i], "for"))
        labels.push_back(i);
    if (labels.empty()) return;
    std::unordered_map<std::string_view, uint32_t> by_id;
    for (uint32_t i = 0; i < s.nodes.size(); ++i) {
      if (!s.nodes[i].is_element()) continue;
      std::string_view id = attr(s, s.nodes[i], "id");
      if (!id.empty()) by_id.emplace(id, i);  // the first in tree order, as getElementById
    }
    for (uint32_t l : labels) {
      auto found = by_id.find(attr(s, s.nodes[l], "for"));
      if (found == by_id.end()) continue;
      uint32_t target = found->second;
      const std::string_view tag = s.nodes[target].tag;
      if (tag != "input" && tag != "select" && tag != "textarea" && tag != "button" && tag != "meter" &&
          tag != "output" && tag != "progress" && scope(target) == scope(l)) {
        drop(l, kNone);  // it names no form control: a click on it does nothing, its text is plain text
        continue;
      }
      if (!st[target].highlighted || scope(target) != scope(l) || !is_labelable(s, st, target)) continue;
      drop(l, target);
      extent[target] = target;
    }
  }

  // The document or shadow root an element belongs to: ids resolve there.
  uint32_t scope(uint32_t i) const {
    uint32_t p = s.nodes[i].parent;
    while (p != kNone && s.nodes[p].kind != NodeKind::ShadowRoot && s.nodes[p].kind != NodeKind::FrameDocument)
      p = s.nodes[p].parent;
    return p;
  }

  void run() {
    const uint32_t n = static_cast<uint32_t>(s.nodes.size());
    end.resize(n);
    for (uint32_t i = 0; i < n; ++i) end[i] = i + 1;
    for (uint32_t i = n; i-- > 1;) {
      uint32_t p = s.nodes[i].parent;
      if (p != kNone && end[p] < end[i]) end[p] = end[i];
    }
    count.assign(n, 0);
    sole.assign(n, kNone);
    extent.resize(n);
    for (uint32_t i = 0; i < n; ++i) extent[i] = i;
    for (uint32_t i = n; i-- > 1;) {
      const Node& node = s.nodes[i];
      if (st[i].highlighted && count[i] > 0) {
        std::string_view role = role_of(s, node);
        if ((is_composite_frame(role) && !st[i].scrollable) || is_handler_only(s, st, i)) {
          drop(i, count[i] == 1 && !text_outside(i, extent[sole[i]]) ? sole[i] : kNone);
        } else if (count[i] == 1) {
          pair(i, sole[i]);
        }
      }
      // What the parent sees below: frames are documents of their own.
      uint32_t p = node.parent;
      if (p == kNone || node.kind == NodeKind::FrameDocument) continue;
      uint32_t below = count[i] + (st[i].highlighted ? 1 : 0);
      if (below == 0) continue;
      if (count[p] == 0 && below == 1) sole[p] = st[i].highlighted ? i : sole[i];
      count[p] += below;
    }
  }
};

}  // namespace

DEHYDRA_STAGE void fold_wrappers(const Snapshot& s, NodeStates& states) {
  Folder f{s, states, {}, {}, {}, {}};
  f.run();
  f.label_for();
}

}  // namespace dehydra::index
