// Forms and their listed elements (HTML "form owner"): an element with a `form` attribute belongs to
// the form with that id in its tree scope (or to none); otherwise to its nearest ancestor form.
#pragma once
#include <cstdint>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::forms {

struct FormInfo {
  uint32_t form = snapshot::kNone;   // node index of the <form>
  std::vector<uint32_t> listed;      // its listed elements, tree order
};

bool is_listed_element(const snapshot::Node& n);
std::vector<FormInfo> collect_forms(const snapshot::Snapshot& s, const common::TreeScopes& scopes);

}  // namespace dehydra::forms
