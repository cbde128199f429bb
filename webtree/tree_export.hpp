// 读取页面节点树: turns js-shim's raw walk of a subtree into a tree description (the input shape of
// 构建页面节点树), keeping only whitelisted attributes and enforcing the export limits.
// Raw form (JSON): an element is [tag, [name, value, ...], child...], a text node is a string,
// a foreign (non-HTML) element is ["#foreign", []].
#pragma once
#include <string>
#include <string_view>

namespace dehydra::webtree {

// depth_limit is 1..32 (checked by the caller's argument rule).
std::string export_tree(std::string_view raw, size_t depth_limit);

// "" or the message for a 深度上限 argument given as a number.
std::string check_depth_limit(double depth);

}  // namespace dehydra::webtree
