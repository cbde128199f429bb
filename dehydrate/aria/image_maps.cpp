#include "image_maps.hpp"

#include <map>
#include <string_view>
#include <utility>

#include "../common/preorder.hpp"

namespace dehydra::aria {

using snapshot::kNone;

ImageMaps::ImageMaps(const snapshot::Snapshot& s, const common::TreeScopes& scopes) {
  // A usemap names the first map of its tree whose name (or else id) matches.
  std::map<std::pair<uint32_t, std::string_view>, uint32_t> by_name;
  std::vector<uint32_t> images;
  for (uint32_t i = 0; i < s.nodes.size(); ++i) {
    const snapshot::Node& n = s.nodes[i];
    if (!n.is_element() || n.has(snapshot::F_SVG)) continue;
    if (n.tag == "map") {
      for (std::string_view attr : {"name", "id"})
        if (const std::string_view* v = s.attribute(n, attr))
          if (!v->empty()) by_name.emplace(std::make_pair(scopes.scope_of(i), *v), i);
    } else if (n.tag == "img" && s.has_attribute(n, "usemap")) {
      images.push_back(i);
    }
  }
  for (uint32_t img : images) {
    std::string_view use = *s.attribute(s.nodes[img], "usemap");
    if (use.size() < 2 || use[0] != '#') continue;
    auto it = by_name.find({scopes.scope_of(img), use.substr(1)});
    if (it == by_name.end()) continue;
    std::vector<uint32_t> links;
    for (uint32_t c = s.nodes[it->second].first_child; c != kNone; c = common::preorder_next(s, c, it->second)) {
      const snapshot::Node& cn = s.nodes[c];
      if (cn.is_element() && cn.tag == "area" && s.has_attribute(cn, "href")) links.push_back(c);
    }
    if (!links.empty()) links_.emplace(img, std::move(links));
  }
}

const std::vector<uint32_t>& ImageMaps::links_of(uint32_t img) const {
  static const std::vector<uint32_t> kNoLinks;
  auto it = links_.find(img);
  return it == links_.end() ? kNoLinks : it->second;
}

}  // namespace dehydra::aria
