// An inert HTML parser for 设置页面节点超文本 and 装入页面模板: it tokenizes markup in the core and
// builds a plain tree, so nothing is ever handed to the browser's parser (no script can run, no
// Trusted Types sink is touched, no mutation-XSS round trip exists). Tree construction follows the
// HTML rules that matter for the whitelisted tags (void elements, implied </p>, </li>, </option>,
// table sections, raw-text elements); everything it builds is validated afterwards.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "build_plan.hpp"

namespace dehydra::webtree {

struct HtmlNode {
  bool is_text = false;
  std::string tag;         // ASCII-lowercased
  Attributes attributes;   // first occurrence of a name wins, as in HTML
  std::string text;
  int parent = -1;
  std::vector<int> children;
  bool in_template = false;  // getElementById does not see template contents
};

struct HtmlTree {
  std::vector<HtmlNode> nodes;  // nodes[0] is the fragment root
  std::string error;            // a limit was exceeded; parsing stopped there
};

struct HtmlLimits {
  size_t max_nodes = SIZE_MAX;
  size_t max_depth = SIZE_MAX;
};

HtmlTree parse_html(std::string_view html, const HtmlLimits& limits);

// 根[0].子[1]: indices among the parent's element and text children.
std::string html_position(const HtmlTree& tree, int node);

}  // namespace dehydra::webtree
