#include "element_text.hpp"
#include "../base/noinline.hpp"

#include "../base/js_string.hpp"
#include "../common/preorder.hpp"
#include "../common/spoken_label.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

// The parent Page Agent's tree gives a text node: a slot's assigned text belongs to the host.
uint32_t text_parent(const Snapshot& s, uint32_t i) {
  uint32_t p = s.nodes[i].parent;
  if (p == kNone || s.nodes[p].tag != "slot") return p;
  uint32_t up = s.nodes[p].parent;
  while (up != kNone && s.nodes[up].kind != NodeKind::ShadowRoot) up = s.nodes[up].parent;
  return up == kNone ? p : s.nodes[up].parent;
}
// What a screen reader would say for element `i` inside an indexed element that shows no text of
// its own: its aria-label, an image's alt, a drawing's title, else its title. Page Agent prints
// such links and icon buttons empty; compat mode keeps that.
std::string_view spoken_text(const Snapshot& s, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  bool svg = n.has(snapshot::F_SVG);
  if (svg) {  // the walk skips drawings: judge from the parent
    uint32_t p = n.parent;
    if (n.tag != "svg" || p == kNone || st[p].skipped || !st[p].text_shown) return {};
    const snapshot::Style* style = s.style(n);
    if (!style || style->visibility != "visible" || style->opacity <= 0) return {};
  } else if (st[i].skipped || !st[i].text_shown) {
    return {};
  }
  return common::spoken_label(s, i);
}

// The text indexed element `owner` would paint but for opacity 0 on it or above: a control shown
// on hover (a row's "Delete") or a native control under a styled stand-in. It still takes clicks
// and keys, so its line names it rather than printing it empty.
std::string transparent_text(const Snapshot& s, const NodeStates& st, uint32_t owner) {
  std::string out;
  if (!st[owner].transparent || st[owner].unrendered) return out;
  for (uint32_t j = s.nodes[owner].first_child; j != kNone; j = common::preorder_next(s, j, owner, st[j].skipped)) {
    const Node& n = s.nodes[j];
    if (n.kind != NodeKind::Text || st[j].skipped || st[j].unrendered || st[j].owner != owner) continue;
    const snapshot::Style* style = n.parent == kNone ? nullptr : s.style(s.nodes[n.parent]);
    std::string_view part = trimmed_text(s, j);
    if (!style || style->visibility != "visible" || part.empty()) continue;
    if (!out.empty()) out.push_back('\n');
    out.append(part);
  }
  return out;
}

// What indexed element `owner` says through the elements it owns (see spoken_text). An element
// that speaks covers its subtree; a nested indexed element speaks on its own line.
std::string spoken_inside(const Snapshot& s, const NodeStates& st, uint32_t owner) {
  std::string out;
  for (uint32_t j = s.nodes[owner].first_child; j != kNone;) {
    std::string_view said;
    if (s.nodes[j].is_element() && !st[j].highlighted) said = spoken_text(s, st, j);
    if (!said.empty()) {
      if (!out.empty()) out.push_back(' ');
      out.append(said);
    }
    j = common::preorder_next(s, j, owner, !said.empty() || st[j].highlighted);
  }
  return out;
}
}  // namespace

std::string_view trimmed_text(const Snapshot& s, uint32_t i) { return common::js_trim(s.nodes[i].text); }

namespace {
// Boxes that end a run of text even when laid out inline: line breaks and replaced content.
bool breaks_text_run(std::string_view tag) {
  static constexpr std::string_view kBreaking[] = {"br", "img", "svg", "input", "select", "textarea", "button",
                                                   "iframe", "video", "audio", "canvas", "object", "embed", "picture",
                                                   "math", "meter", "progress"};
  for (std::string_view t : kBreaking)
    if (t == tag) return true;
  return false;
}

// An element whose box lets the text around it flow on the same line: an inline (or display:
// contents) box that is not replaced.
bool flows_inline(const Snapshot& s, const Node& n) {
  const snapshot::Style* style = s.style(n);
  return style && (style->display == "inline" || style->display == "contents") && !breaks_text_run(n.tag);
}

bool leading_space(std::string_view text) {
  std::string_view t = common::js_trim(text);
  return t.empty() ? !text.empty() : t.data() != text.data();
}

bool trailing_space(std::string_view text) {
  std::string_view t = common::js_trim(text);
  return t.empty() ? !text.empty() : t.data() + t.size() != text.data() + text.size();
}
}  // namespace

const char* inline_glue(const Snapshot& s, const NodeStates& st, uint32_t j, uint32_t i, uint32_t owner) {
  if (j >= i || !s.nodes[j].is_text() || !s.nodes[i].is_text()) return nullptr;
  // Up from j to the nearest ancestor it shares with i: every box that closes on the way is inline.
  // i's ancestors below it open between the two, and the scan below judges them.
  for (uint32_t a = s.nodes[j].parent, b = s.nodes[i].parent; a != b;) {
    if (a == kNone || b == kNone) return nullptr;
    if (s.nodes[a].depth < s.nodes[b].depth) {
      b = s.nodes[b].parent;
    } else {
      if (!s.nodes[a].is_element() || !flows_inline(s, s.nodes[a])) return nullptr;
      a = s.nodes[a].parent;
    }
  }
  bool space = trailing_space(s.nodes[j].text) || leading_space(s.nodes[i].text);
  for (uint32_t k = j + 1; k < i; ++k) {
    const Node& n = s.nodes[k];
    if (n.is_text() || k == owner) {  // text not printed (white space, hidden), or a control inside its label
      space = true;
      continue;
    }
    if (!n.is_element() || st[k].skipped || st[k].highlighted) return nullptr;
    if (n.has_layout() && !flows_inline(s, n)) return nullptr;  // no layout: display none, shows nothing
  }
  return space ? " " : "";
}

bool over_cap(std::string_view text, uint32_t cap) { return cap != 0 && common::utf16_length(text) > cap; }

std::string cap_with_ellipsis(std::string_view text, uint32_t cap) {
  if (!over_cap(text, cap)) return std::string(text);
  std::string out(common::js_trim(common::utf16_prefix(text, cap)));
  out += "\xE2\x80\xA6";  // …
  return out;
}

DEHYDRA_STAGE void collect_element_texts(const Snapshot& s, const IndexOptions& o, const NodeStates& st,
                                         int32_t index_count, std::vector<std::string>& out) {
  out.assign(static_cast<size_t>(index_count), std::string());
  const size_t count = s.nodes.size();
  uint32_t last_part = kNone, last_owner = kNone;  // the text node that gave the last part, its owner
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s.nodes[i];
    const NodeState& me = st[i];
    if (me.skipped || me.behind) continue;
    uint32_t owner = me.owner;
    std::string_view part;
    if (n.kind == NodeKind::Text) {
      if (!o.page_agent_compat && !me.text_shown) continue;
      uint32_t p = n.parent;
      // Page Agent drops text whose parentElement is null (directly in a shadow root).
      if (o.page_agent_compat && p != kNone && s.nodes[p].kind == NodeKind::ShadowRoot) continue;
      part = trimmed_text(s, i);
    } else if (n.tag == "textarea" && n.has_value && (o.page_agent_compat || (!me.highlighted && me.text_shown))) {
      // Page Agent prints a textarea's text child, which the walk does not read: its live value
      // (the same until the user types). By default an indexed textarea shows it as value=.
      if (me.highlighted) owner = i;
      part = common::js_trim(n.value);
    } else {
      continue;
    }
    if (owner == kNone || part.empty()) continue;
    std::string& text = out[static_cast<size_t>(st[owner].text_slot)];
    const char* glue = !o.page_agent_compat && last_owner == owner ? inline_glue(s, st, last_part, i, owner) : nullptr;
    if (glue) text.append(glue);
    else if (!text.empty()) text.push_back('\n');
    text.append(part);
    last_part = i;
    last_owner = owner;
  }
  if (!o.page_agent_compat)
    for (uint32_t i = 0; i < count; ++i)
      if (st[i].highlighted && common::js_trim(out[static_cast<size_t>(st[i].text_slot)]).empty()) {
        std::string& text = out[static_cast<size_t>(st[i].text_slot)];
        text = spoken_inside(s, st, i);
        if (common::js_trim(text).empty()) text = transparent_text(s, st, i);
      }
  for (size_t k = 0; k < out.size(); ++k) {
    std::string& text = out[k];
    std::string_view t = common::js_trim(text);
    std::string trimmed = o.page_agent_compat ? std::string(t) : cap_with_ellipsis(t, o.max_element_text);
    text.swap(trimmed);
  }
}

namespace {
// Text that belongs to no indexed element, shown in element `p` (its parent, or a textarea whose
// value it is): whether it gets a line of its own.
bool unowned_text_shown(const Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t p, bool painted) {
  if (p == kNone) return false;
  const Node& parent = s.nodes[p];
  if (o.page_agent_compat) {
    if (!parent.is_element()) return false;
    return st[p].visible && st[p].top;
  }
  if (!painted) return false;
  if (o.viewport_expansion < 0) return true;
  // In viewport mode the nearest element with a box decides.
  while (p != kNone && (!s.nodes[p].is_element() || !s.nodes[p].has_layout() ||
                        s.style(s.nodes[p])->display == "contents"))
    p = s.nodes[p].parent;
  return p != kNone && (p == 0 || st[p].top);
}
}  // namespace

bool bare_text_shown(const Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i) {
  const NodeState& me = st[i];
  if (me.skipped || me.owner != kNone) return false;
  return unowned_text_shown(s, o, st, text_parent(s, i), me.text_shown);
}

std::string_view unowned_textarea_text(const Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i) {
  const Node& n = s.nodes[i];
  const NodeState& me = st[i];
  if (n.tag != "textarea" || !n.has_value || me.skipped || me.highlighted || me.owner != kNone) return {};
  if (!unowned_text_shown(s, o, st, i, me.text_shown)) return {};
  return common::js_trim(n.value);
}

}  // namespace dehydra::index
