// 构建页面节点树: parses and validates a tree description (JSON) completely, and returns the
// build plan, or "!message" naming the position (根, 根.子[0].子[1]). Nothing is built here.
#pragma once
#include <string>
#include <string_view>

namespace dehydra::webtree {

std::string plan_tree_description(std::string_view description);

}  // namespace dehydra::webtree
