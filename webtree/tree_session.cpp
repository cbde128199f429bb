#include "tree_session.hpp"

#include "messages.hpp"
#include "tree_description.hpp"

namespace dehydra::webtree {

common::Outcome<TreeSession::Issued> TreeSession::issue() {
  Issued out;
  out.slot = handles_.allocate();
  if (out.slot < 0) return common::failure(message("table-full", ""));
  out.handle = handles_.handle_of(out.slot);
  return common::success(out);
}

common::Outcome<std::string> TreeSession::plan_tree(std::string_view description) {
  return plan_tree_description(description, plan_words_);
}

}  // namespace dehydra::webtree
