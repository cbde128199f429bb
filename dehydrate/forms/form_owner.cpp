#include "form_owner.hpp"

#include <unordered_map>

namespace dehydra::forms {

using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

bool is_listed_element(const Node& n) {
  if (!n.is_element() || n.has(snapshot::F_SVG)) return false;
  std::string_view t = n.tag;
  return t == "input" || t == "select" || t == "textarea" || t == "button" || t == "fieldset" || t == "output" ||
      t == "object";
}

std::vector<FormInfo> collect_forms(const snapshot::Snapshot& s, const common::TreeScopes& scopes) {
  std::vector<FormInfo> forms;
  std::unordered_map<uint32_t, size_t> slot;  // form node -> index in `forms`
  // Nearest ancestor form per node, in pre-order (parents first); stops at shadow roots and frames.
  // A node a slot took has the shadow host for its DOM parent.
  std::vector<uint32_t> ancestor_form(s.nodes.size(), kNone);
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    uint32_t host = scopes.slotted_host(i);
    uint32_t p = host != kNone ? host : n.parent;
    if (p != kNone && s.nodes[p].kind == NodeKind::Element)
      ancestor_form[i] = (s.nodes[p].tag == "form" && !s.nodes[p].has(snapshot::F_SVG)) ? p : ancestor_form[p];
    if (n.is_element() && n.tag == "form" && !n.has(snapshot::F_SVG)) {
      slot.emplace(i, forms.size());
      forms.push_back(FormInfo{i, {}});
    }
  }
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const Node& n = s.nodes[i];
    if (!is_listed_element(n)) continue;
    uint32_t owner = kNone;
    if (const std::string_view* f = s.attribute(n, "form")) {
      uint32_t target = scopes.element_by_id_from(i, *f);
      if (target != kNone && s.nodes[target].tag == "form") owner = target;
    } else {
      owner = ancestor_form[i];
    }
    if (owner == kNone) continue;
    auto found = slot.find(owner);
    if (found != slot.end()) forms[found->second].listed.push_back(i);
  }
  return forms;
}

}  // namespace dehydra::forms
