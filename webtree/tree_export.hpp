// 读取页面节点树: turns js-shim's raw walk of a subtree into a tree description (the input shape of
// 构建页面节点树), keeping only whitelisted attributes and enforcing the export limits.
// Raw form (JSON): an element is [tag, [name, value, ...], child...], a text node is a string,
// a foreign (non-HTML) element is ["#foreign", []].
#pragma once
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

// depth_limit is 1..32 (checked by the caller's argument rule).
common::Outcome<std::string> export_tree(std::string_view raw, size_t depth_limit);

// A 深度上限 argument given as a number: a whole number from 1 to kTreeMaxDepth.
common::Outcome<bool> check_depth_limit(double depth);

}  // namespace dehydra::webtree
