// The links of an image map (HTML's image map processing model): an <img usemap="#m"> uses the
// first <map> of its own tree whose id or name is "m", and each <area href> inside that map is a
// link of the image. Areas have no box of their own (display: none), yet HTML-AAM exposes them,
// and Chromium's tree holds them as the image's children.
#pragma once
#include <cstdint>
#include <vector>

#include "../common/tree_scopes.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::aria {

class ImageMaps {
 public:
  ImageMaps(const snapshot::Snapshot& s, const common::TreeScopes& scopes) : s_(s), scopes_(scopes) {}

  // The <area href> elements of the map `img` uses, in tree order; empty when it uses none.
  std::vector<uint32_t> links_of(uint32_t img);

 private:
  uint32_t map_of(uint32_t img);

  const snapshot::Snapshot& s_;
  const common::TreeScopes& scopes_;
  std::vector<uint32_t> maps_;  // every <map>, in tree order; collected on first use
  bool collected_ = false;
};

}  // namespace dehydra::aria
