#include "control_text.hpp"
#include "../base/ascii_text.hpp"

#include <vector>

namespace dehydra::forms {

using snapshot::kNone;
using snapshot::Node;

namespace {

// Concatenated text of the subtree in tree order; `skip_labelable` leaves out labelable elements.
std::string subtree_text(const snapshot::Snapshot& s, uint32_t root, bool skip_labelable) {
  std::string out;
  std::vector<uint32_t> stack;
  std::vector<uint32_t> kids;
  auto push_children = [&](uint32_t x) {
    kids.clear();
    for (uint32_t c = s.nodes[x].first_child; c != kNone; c = s.nodes[c].next_sibling) kids.push_back(c);
    for (size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
  };
  push_children(root);
  while (!stack.empty()) {
    uint32_t x = stack.back();
    stack.pop_back();
    const Node& n = s.nodes[x];
    if (n.is_text()) { out += n.text; continue; }
    if (!n.is_element()) continue;  // shadow roots and frames are not part of textContent
    if (skip_labelable && common::is_labelable(s, n)) continue;
    push_children(x);
  }
  return out;
}
}  // namespace


std::string text_content(const snapshot::Snapshot& s, uint32_t node) { return subtree_text(s, node, false); }

std::string label_text(const snapshot::Snapshot& s, uint32_t label) {
  return std::string(common::trim_ascii(subtree_text(s, label, true)));
}

// Every label counts, empty ones too: Chromium's mapping joins them all ("; B" for a blank label
// and a "B" one), and an agent comparing both tools sees the same text.
std::string labels_text(const snapshot::Snapshot& s, const common::LabelAssociation& labels, uint32_t control) {
  std::string out;
  bool first = true;
  for (uint32_t l : labels.labels_of(control)) {
    if (!first) out += "; ";
    first = false;
    out += label_text(s, l);
  }
  return out;
}

std::optional<std::string> control_description(const snapshot::Snapshot& s, const common::LabelAssociation& labels,
                                               uint32_t control) {
  const Node& n = s.nodes[control];
  const std::string_view* tpd = s.attribute(n, "toolparamdescription");
  if (tpd && !tpd->empty()) return std::string(*tpd);
  std::string from_labels = labels_text(s, labels, control);
  if (!from_labels.empty()) return from_labels;
  const std::string_view* ad = s.attribute(n, "aria-description");
  if (ad && !ad->empty()) return std::string(*ad);
  return std::nullopt;
}

namespace {
// The option's text with ASCII whitespace stripped and collapsed.
std::string option_text(const snapshot::Snapshot& s, uint32_t option) {
  return common::collapse_ascii_space(text_content(s, option));
}
}  // namespace

std::string option_value(const snapshot::Snapshot& s, uint32_t option) {
  if (const std::string_view* v = s.attribute(s.nodes[option], "value")) return std::string(*v);
  return option_text(s, option);
}

std::string option_label(const snapshot::Snapshot& s, uint32_t option) {
  if (const std::string_view* l = s.attribute(s.nodes[option], "label")) return std::string(*l);
  return option_text(s, option);
}

}  // namespace dehydra::forms
