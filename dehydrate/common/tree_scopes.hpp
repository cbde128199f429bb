// Tree scopes of a snapshot: which document or shadow root each node belongs to, id lookup within a
// scope (getElementById semantics: first in tree order), and the composed parent element.
#pragma once
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

class TreeScopes {
 public:
  explicit TreeScopes(const snapshot::Snapshot& s);

  // The ShadowRoot or FrameDocument node that roots `node`'s tree, or kNone for the main document.
  uint32_t scope_of(uint32_t node) const { return scope_[node]; }
  // First element with this id in `scope`, or kNone.
  uint32_t element_by_id(uint32_t scope, std::string_view id) const;
  // Same, in the scope of `from`.
  uint32_t element_by_id_from(uint32_t from, std::string_view id) const {
    return element_by_id(scope_of(from), id);
  }
  // Parent element, crossing a shadow root to its host; kNone at the top of a document. A slotted
  // element's is its slot (the composed tree, which rendering and names follow).
  uint32_t parent_element(uint32_t node) const;
  // The shadow host whose light-DOM child `node` is, when a slot took it (snapshot::F_SLOTTED):
  // its parent in the DOM, and the tree its ids and references belong to. kNone otherwise.
  uint32_t slotted_host(uint32_t node) const;
  // Elements named by a whitespace-separated id list (IDREFS), deduplicated, in list order.
  std::vector<uint32_t> id_refs(uint32_t from, std::string_view list) const { return refs(from, list, false); }
  // Same, keeping repeats: Chromium's ariaLabelledByElements, which accname joins as listed.
  std::vector<uint32_t> id_refs_with_repeats(uint32_t from, std::string_view list) const {
    return refs(from, list, true);
  }

 private:
  std::vector<uint32_t> refs(uint32_t from, std::string_view list, bool repeats) const;

  const snapshot::Snapshot& s_;
  std::vector<uint32_t> scope_;
  std::unordered_map<uint32_t, std::unordered_map<std::string_view, uint32_t>> ids_;
};

}  // namespace dehydra::common
