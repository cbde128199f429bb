// ARIA roles of elements: the first recognised token of `role` (ARIA 1.3, in its required context
// where Chromium asks for one), else the implicit role HTML-AAM gives
// the tag (as Chromium and Playwright compute it), with presentation inheritance and conflict
// resolution. An empty view means "no role" (div, span, ...: their content belongs to the parent).
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::aria {

class Roles {
 public:
  Roles(const snapshot::Snapshot& s, const common::TreeScopes& scopes);
  std::string_view role(uint32_t node);            // cached
  std::string_view explicit_role(uint32_t node) const;
  bool is_focusable(uint32_t node) const;
  bool has_tab_index(const snapshot::Node& n) const;

 private:
  std::string_view compute(uint32_t node);
  std::string_view explicit_role_in_context(uint32_t node);
  bool context_allows(uint32_t node, std::string_view role);
  uint32_t owner_of(uint32_t node);  // the element whose aria-owns takes `node`, or kNone
  std::string_view implicit_role(uint32_t node) const;
  std::string_view tag_role(uint32_t node) const;
  std::string_view th_role(uint32_t node) const;
  bool inside_landmark_preventer(uint32_t node) const;
  bool has_global_aria_attribute(const snapshot::Node& n, std::string_view for_role) const;

  const snapshot::Snapshot& s_;
  const common::TreeScopes& scopes_;
  std::vector<std::string_view> cache_;
  std::vector<uint8_t> cached_;
  std::vector<uint32_t> owners_;  // made on first use
};

// Role groups used by the tree's states and names.
bool role_in(std::string_view role, std::initializer_list<std::string_view> roles);

}  // namespace dehydra::aria
