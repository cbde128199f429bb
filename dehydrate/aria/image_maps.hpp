// Client-side image maps: an <img usemap="#name"> shows the <area href> links of its <map> as its
// children (HTML-AAM, Chromium), though the areas have no box of their own.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::aria {

class ImageMaps {
 public:
  ImageMaps(const snapshot::Snapshot& s, const common::TreeScopes& scopes);
  // The areas with href of the map `img` uses, in tree order; empty for any other element.
  const std::vector<uint32_t>& links_of(uint32_t img) const;
  // Every image that uses a map with links, and those links.
  const std::unordered_map<uint32_t, std::vector<uint32_t>>& all() const { return links_; }

 private:
  std::unordered_map<uint32_t, std::vector<uint32_t>> links_;
};

}  // namespace dehydra::aria
