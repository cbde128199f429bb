#include "tree_scopes.hpp"
#include "../base/ascii_text.hpp"

namespace dehydra::common {

using snapshot::kNone;
using snapshot::NodeKind;

TreeScopes::TreeScopes(const snapshot::Snapshot& s) : s_(s), scope_(s.nodes.size(), kNone) {
  // Nodes are in pre-order, so a parent's scope is known before its children's.
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const snapshot::Node& n = s.nodes[i];
    if (n.parent != kNone) {
      const snapshot::Node& p = s.nodes[n.parent];
      scope_[i] = (p.kind == NodeKind::ShadowRoot || p.kind == NodeKind::FrameDocument) ? n.parent : scope_[n.parent];
      uint32_t host = slotted_host(i);
      if (host != kNone) scope_[i] = scope_[host];
    }
    if (!n.is_element()) continue;
    const std::string_view* id = s.attribute(n, "id");
    if (id && !id->empty()) ids_[scope_[i]].emplace(*id, i);  // emplace keeps the first
  }
}

uint32_t TreeScopes::element_by_id(uint32_t scope, std::string_view id) const {
  auto in_scope = ids_.find(scope);
  if (in_scope == ids_.end()) return kNone;
  auto found = in_scope->second.find(id);
  return found == in_scope->second.end() ? kNone : found->second;
}

uint32_t TreeScopes::slotted_host(uint32_t node) const {
  const snapshot::Node& n = s_.nodes[node];
  if (!n.is_element() || !n.has(snapshot::F_SLOTTED) || n.parent == kNone) return kNone;
  uint32_t shadow = scope_[n.parent];  // the slot's tree: the host's shadow root
  if (shadow == kNone || s_.nodes[shadow].kind != NodeKind::ShadowRoot) return kNone;
  return s_.nodes[shadow].parent;
}

uint32_t TreeScopes::parent_element(uint32_t node) const {
  uint32_t p = s_.nodes[node].parent;
  if (p == kNone) return kNone;
  const snapshot::Node& pn = s_.nodes[p];
  if (pn.kind == NodeKind::ShadowRoot) return pn.parent;
  if (pn.kind == NodeKind::FrameDocument) return kNone;
  return p;
}

std::vector<uint32_t> TreeScopes::refs(uint32_t from, std::string_view list, bool repeats) const {
  std::vector<uint32_t> out;
  for_each_token(list, [&](std::string_view id) {
    uint32_t e = element_by_id_from(from, id);
    if (e == kNone) return;
    bool seen = false;
    if (!repeats)
      for (uint32_t x : out) seen = seen || x == e;
    if (!seen) out.push_back(e);
  });
  return out;
}

}  // namespace dehydra::common
