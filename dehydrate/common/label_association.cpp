#include "label_association.hpp"

#include "input_type.hpp"

namespace dehydra::common {

using snapshot::kNone;

bool is_labelable(const snapshot::Snapshot& s, const snapshot::Node& n) {
  if (!n.is_element() || n.has(snapshot::F_SVG)) return false;
  const std::string_view t = n.tag;
  if (t == "input") return input_type(s, n) != "hidden";
  return t == "button" || t == "meter" || t == "output" || t == "progress" || t == "select" || t == "textarea";
}

namespace {
// First labelable descendant in tree order, not entering shadow trees or frames.
uint32_t first_labelable_descendant(const snapshot::Snapshot& s, uint32_t label) {
  std::vector<uint32_t> stack;
  // Children pushed in reverse so they pop in order.
  std::vector<uint32_t> kids;
  for (uint32_t c = s.nodes[label].first_child; c != kNone; c = s.nodes[c].next_sibling) kids.push_back(c);
  for (size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
  while (!stack.empty()) {
    uint32_t n = stack.back();
    stack.pop_back();
    const snapshot::Node& node = s.nodes[n];
    if (!node.is_element()) continue;
    if (is_labelable(s, node)) return n;
    kids.clear();
    for (uint32_t c = node.first_child; c != kNone; c = s.nodes[c].next_sibling)
      if (s.nodes[c].is_element()) kids.push_back(c);
    for (size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
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
      control = first_labelable_descendant(s, i);
    }
    if (control != kNone) labels_[control].push_back(i);
  }
}

const std::vector<uint32_t>& LabelAssociation::labels_of(uint32_t control) const {
  auto found = labels_.find(control);
  return found == labels_.end() ? none_ : found->second;
}

}  // namespace dehydra::common
