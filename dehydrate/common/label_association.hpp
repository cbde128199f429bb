// <label> ↔ control association (HTML's "labeled control"): a label with `for` labels the labelable
// element with that id in its tree scope; without `for`, its first labelable descendant.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "../snapshot/arena.hpp"
#include "tree_scopes.hpp"

namespace dehydra::common {

bool is_labelable(const snapshot::Snapshot& s, const snapshot::Node& n);

class LabelAssociation {
 public:
  LabelAssociation(const snapshot::Snapshot& s, const TreeScopes& scopes);
  // The control's labels in tree order (empty when it has none).
  const std::vector<uint32_t>& labels_of(uint32_t control) const;

 private:
  std::unordered_map<uint32_t, std::vector<uint32_t>> labels_;
  std::vector<uint32_t> none_;
};

}  // namespace dehydra::common
