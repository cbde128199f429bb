#include "aria_hidden.hpp"

#include "../base/ascii_text.hpp"
#include "../common/input_type.hpp"
#include "../common/preorder.hpp"
#include "../common/skipped_contents.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

namespace {

bool inside_select(const snapshot::Snapshot& s, uint32_t node) {
  for (uint32_t p = s.nodes[node].parent; p != kNone; p = s.nodes[p].parent) {
    if (!s.nodes[p].is_element()) return false;
    if (s.nodes[p].tag == "select") return true;
    if (s.nodes[p].tag != "optgroup") return false;
  }
  return false;
}

uint8_t self_hidden(const snapshot::Snapshot& s, uint32_t i) {
  const Node& n = s.nodes[i];
  if (n.kind != NodeKind::Element) return kShown;
  std::string_view t = n.tag;
  if (t == "script" || t == "style" || t == "noscript" || t == "template") return kHidden;
  const std::string_view* ah = s.attribute(n, "aria-hidden");
  if (ah && common::equals_ignore_case(*ah, "true")) return kHidden;
  if (s.has_attribute(n, "inert")) return kHidden;
  bool exempt = t == "slot" || (t == "option" && inside_select(s, i));
  if (exempt) return kShown;
  const snapshot::Style* style = s.style(n);
  if (!style) return kHidden;  // display:none here or above
  if (style->visibility != "visible") return kHiddenByVisibility;
  return kShown;
}

// Whether a light-DOM element child of shadow host `host` that a slot took shows: the snapshot
// holds such children under their slots, inside the host's shadow tree.
bool slotted_child_shown(const snapshot::Snapshot& s, const common::TreeScopes& scopes,
                         const std::vector<uint8_t>& hidden, uint32_t host, uint32_t shadow_root) {
  for (uint32_t c = s[shadow_root].first_child; c != kNone; c = common::preorder_next(s, c, shadow_root)) {
    if (!hidden[c] && s[c].is_element() && s[c].has(snapshot::F_SLOTTED) && scopes.slotted_host(c) == host) return true;
  }
  return false;
}

// A display:contents element has no box of its own: it shows only through its DOM children, so it
// counts as hidden when none of them shows (Playwright's rule; an empty wrapper is no node).
bool contents_without_shown_child(const snapshot::Snapshot& s, const common::TreeScopes& scopes,
                                  const std::vector<uint8_t>& hidden, uint32_t i) {
  const Node& n = s.nodes[i];
  if (!n.is_element() || n.tag == "slot") return false;
  const snapshot::Style* style = s.style(n);
  if (!style || style->display != "contents") return false;
  for (uint32_t c = n.first_child; c != kNone; c = s.nodes[c].next_sibling) {
    const Node& cn = s.nodes[c];
    if (cn.is_element() && !hidden[c]) return false;
    if (cn.is_text() && !common::trim_ascii(cn.text).empty()) return false;
    if (cn.kind == NodeKind::ShadowRoot && slotted_child_shown(s, scopes, hidden, i, c)) return false;
  }
  return true;
}

}  // namespace

std::vector<uint8_t> compute_hidden(const snapshot::Snapshot& s, const common::TreeScopes& scopes) {
  std::vector<uint8_t> hidden(s.nodes.size(), 0);
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    uint32_t p = n.parent;
    // Text and shadow roots inherit visibility; an element computes its own.
    if (p != kNone && (hidden[p] == kHidden || (hidden[p] == kHiddenByVisibility && !n.is_element()))) {
      hidden[i] = n.kind == NodeKind::FrameDocument ? kHidden : hidden[p];  // a hidden frame paints nothing
      continue;
    }
    // Skipped contents hide their elements; a text node shows with its parent element, as in
    // Playwright (checkVisibility() is asked of elements only). An option of a shown select is
    // exempt, as from visibility: the select draws its options itself.
    const bool skipped = n.is_element() && !(n.tag == "option" && inside_select(s, i)) &&
        common::in_skipped_contents(s, i);
    if (common::in_closed_details(s, i) || skipped) {
      hidden[i] = kHidden;
      continue;
    }
    hidden[i] = self_hidden(s, i);
  }
  // Children come after their parent, so walking backwards settles nested wrappers inner first.
  for (uint32_t i = static_cast<uint32_t>(s.nodes.size()); i-- > 0;)
    if (!hidden[i] && contents_without_shown_child(s, scopes, hidden, i)) hidden[i] = kHidden;
  return hidden;
}

}  // namespace dehydra::aria
