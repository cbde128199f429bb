// What the core keeps for one 网页文树 instance between js-shim's calls: its handle table and the
// words of the last tree plan (read by js-shim right after planning). One per instance; instances
// share nothing. Bound once (bindings/webtree_table.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "handle_table.hpp"
#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

class TreeSession {
 public:
  HandleTable& handles() { return handles_; }
  const HandleTable& handles() const { return handles_; }
  // A new slot and its handle in one step, or the table-full message.
  struct Issued {
    int slot = -1;
    std::string handle;
  };
  common::Outcome<Issued> issue();
  // tree_description.hpp plan_tree_description; the words stay here until the next plan.
  common::Outcome<std::string> plan_tree(std::string_view description);
  const std::vector<int32_t>& plan_words() const { return plan_words_; }

 private:
  HandleTable handles_;
  std::vector<int32_t> plan_words_;
};

}  // namespace dehydra::webtree
