// Everything the accessibility tree and accessible names need about one snapshot, computed once.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "../common/label_association.hpp"
#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"
#include "aria_hidden.hpp"
#include "aria_roles.hpp"

namespace dehydra::aria {

struct AriaContext {
  explicit AriaContext(const snapshot::Snapshot& snap)
      : s(snap), scopes(snap), labels(snap, scopes), roles(snap, scopes), hidden(compute_hidden(snap, scopes)) {}
  const snapshot::Snapshot& s;
  common::TreeScopes scopes;
  common::LabelAssociation labels;
  Roles roles;
  std::vector<uint8_t> hidden;

  // Whether the element's computed display is "inline" (names put spaces around anything else).
  bool is_inline(uint32_t node) const {
    const snapshot::Node& n = s.nodes[node];
    if (const snapshot::Style* st = s.style(n)) return st->display == "inline";
    // Not rendered. Under a rendered parent it is display:none itself, not inline. Deeper in a
    // hidden subtree its display is unknown to the snapshot: take the tag's usual one.
    uint32_t p = n.parent;
    while (p != snapshot::kNone && s.nodes[p].kind == snapshot::NodeKind::ShadowRoot) p = s.nodes[p].parent;
    if (p != snapshot::kNone && s.nodes[p].has_layout()) return false;
    return !usually_not_inline(n.tag);
  }

  // The nearest element around `node` (itself included) whose box is not inline: Chromium sets an
  // aria-owned element apart by a space from the content before it when they lie in different ones.
  uint32_t block_of(uint32_t node) const {
    for (uint32_t a = node; a != snapshot::kNone; a = scopes.parent_element(a))
      if (s.nodes[a].is_element() && !is_inline(a)) return a;
    return snapshot::kNone;
  }

  static bool usually_not_inline(std::string_view tag) {
    static constexpr std::string_view kTags[] = {
        "address", "area", "article", "aside", "blockquote", "body", "button", "caption", "center", "col",
        "colgroup", "datalist", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "input",
        "legend", "li", "main", "marquee", "menu", "meter", "nav", "noembed", "noframes", "ol", "optgroup",
        "option", "p", "param", "pre", "progress", "rp", "rt", "ruby", "search", "section", "select",
        "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "tr", "ul"};
    for (std::string_view t : kTags)
      if (t == tag) return true;
    return false;
  }
};

}  // namespace dehydra::aria
