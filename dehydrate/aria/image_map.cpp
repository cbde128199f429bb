#include "image_map.hpp"

#include <string_view>

#include "../common/preorder.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

uint32_t ImageMaps::map_of(uint32_t img) {
  const std::string_view* usemap = s_.attribute(s_.nodes[img], "usemap");
  if (usemap == nullptr) return kNone;
  size_t hash = usemap->find('#');
  if (hash == std::string_view::npos) return kNone;  // a hash-name reference needs its '#'
  std::string_view key = usemap->substr(hash + 1);
  if (!collected_) {
    for (uint32_t i = 0; i < s_.nodes.size(); ++i)
      if (s_.nodes[i].is_element() && s_.nodes[i].tag == "map") maps_.push_back(i);
    collected_ = true;
  }
  const uint32_t scope = scopes_.scope_of(img);
  for (uint32_t m : maps_) {
    if (scopes_.scope_of(m) != scope) continue;
    const Node& map = s_.nodes[m];
    const std::string_view* id = s_.attribute(map, "id");
    const std::string_view* name = s_.attribute(map, "name");
    if ((id && *id == key) || (name && *name == key)) return m;
  }
  return kNone;
}

std::vector<uint32_t> ImageMaps::links_of(uint32_t img) {
  std::vector<uint32_t> out;
  const uint32_t map = map_of(img);
  if (map == kNone) return out;
  // The map's descendants in tree order, in its own tree: not into shadow roots or frames.
  for (uint32_t i = common::preorder_next(s_, map, map); i != kNone;) {
    const Node& n = s_.nodes[i];
    if (n.tag == "area" && n.is_element() && s_.has_attribute(n, "href")) out.push_back(i);
    i = common::preorder_next(s_, i, map, !n.is_element());
  }
  return out;
}

}  // namespace dehydra::aria
