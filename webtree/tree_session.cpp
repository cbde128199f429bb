#include "tree_session.hpp"

#include "tree_description.hpp"

namespace dehydra::webtree {

TreeSession::Issued TreeSession::issue() {
  Issued out;
  out.slot = handles_.allocate();
  if (out.slot >= 0) out.handle = handles_.handle_of(out.slot);
  return out;
}

std::string TreeSession::plan_tree(std::string_view description) {
  return plan_tree_description(description, plan_words_);
}

}  // namespace dehydra::webtree
