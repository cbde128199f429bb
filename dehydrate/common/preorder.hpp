// Pre-order traversal of a snapshot subtree without a stack: the next node after `node` within
// `root`'s subtree, following first_child / next_sibling / parent links. Depth costs nothing.
#pragma once
#include <cstdint>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

// The node after `node` in pre-order inside `root`'s subtree, or kNone at the end. With
// `skip_children` the walk does not enter `node`'s children.
inline uint32_t preorder_next(const snapshot::Snapshot& s, uint32_t node, uint32_t root, bool skip_children = false) {
  if (!skip_children && s[node].first_child != snapshot::kNone) return s[node].first_child;
  while (node != root) {
    if (s[node].next_sibling != snapshot::kNone) return s[node].next_sibling;
    node = s[node].parent;
    if (node == snapshot::kNone) return snapshot::kNone;
  }
  return snapshot::kNone;
}

}  // namespace dehydra::common
