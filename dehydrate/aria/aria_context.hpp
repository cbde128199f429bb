// Everything the accessibility tree and accessible names need about one snapshot, computed once.
#pragma once
#include <cstdint>
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

  bool is_inline(uint32_t node) const {
    const snapshot::Style* st = s.style(s.nodes[node]);
    return st ? st->display == "inline" : true;
  }
};

}  // namespace dehydra::aria
