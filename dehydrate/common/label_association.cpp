#include "label_association.hpp"

#include "input_type.hpp"
#include "preorder.hpp"

namespace dehydra::common {

using snapshot::kNone;

bool is_labelable(const snapshot::Snapshot& s, const snapshot::Node& n) {
  if (!n.is_element() || n.has(snapshot::F_SVG)) return false;
  const std::string_view t = n.tag;
  if (t == "input") return input_type(s, n) != "hidden";
  return t == "button" || t == "meter" || t == "output" || t == "progress" || t == "select" || t == "textarea";
}

namespace {
// First labelable descendant in DOM tree order, not entering frames. The snapshot holds the
// composed tree, so the label's light-DOM descendants that a slot took sit inside a shadow tree:
// shadow roots are entered, and only nodes of the label's own tree scope count.
uint32_t first_labelable_descendant(const snapshot::Snapshot& s, const TreeScopes& scopes, uint32_t label) {
  const uint32_t scope = scopes.scope_of(label);
  for (uint32_t n = s[label].first_child; n != kNone;) {
    const snapshot::Node& node = s[n];
    if (node.is_element() && scopes.scope_of(n) == scope && is_labelable(s, node)) return n;
    n = preorder_next(s, n, label, node.kind == snapshot::NodeKind::FrameDocument);
  }
  return kNone;
}
}  // namespace

LabelAssociation::LabelAssociation(const snapshot::Snapshot& s, const TreeScopes& scopes) {
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const snapshot::Node& n = s.nodes[i];
    if (!n.is_element() || n.tag != "label" || n.has(snapshot::F_SVG)) continue;
    uint32_t control = kNone;
    if (const std::string_view* f = s.attribute(n, "for")) {
      uint32_t target = scopes.element_by_id_from(i, *f);
      if (target != kNone && is_labelable(s, s.nodes[target])) control = target;
    } else {
      control = first_labelable_descendant(s, scopes, i);
    }
    if (control != kNone) labels_[control].push_back(i);
  }
}

const std::vector<uint32_t>& LabelAssociation::labels_of(uint32_t control) const {
  auto found = labels_.find(control);
  return found == labels_.end() ? none_ : found->second;
}

}  // namespace dehydra::common
