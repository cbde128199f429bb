#include "hypertext.hpp"

#include <unordered_set>
#include <vector>

#include "attribute_rules.hpp"
#include "build_plan.hpp"
#include "html_parser.hpp"
#include "limit_text.hpp"
#include "limits.hpp"
#include "tags.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
using common::failure;
using common::Outcome;

const HtmlNode& at(const HtmlTree& t, int k) { return t.nodes[static_cast<size_t>(k)]; }

// Elements whose whole subtree a template loses (beyond the dangerous list): embedded content and
// foreign content, and elements whose text is not content.
bool drops_subtree(std::string_view tag) {
  static const char* kDrop[] = {"template", "svg", "math", "img", "video", "audio", "canvas", "picture",
                                "source", "track", "noscript", "noembed", "noframes", "xmp", "title",
                                "dialog", "portal", "map", "area", "plaintext", "param", "head"};
  if (is_dangerous_tag(tag)) return true;
  for (const char* d : kDrop) {
    if (tag == d) return true;
  }
  return false;
}
}  // namespace

Outcome<std::string> plan_hypertext(std::string_view html) {
  if (common::utf16_length(html) > kHtmlMaxUnits) return failure("页面超文本超过 " + mib_text(kHtmlMaxUnits));
  HtmlTree tree = parse_html(html, {kHtmlMaxNodes, kHtmlMaxDepth});
  if (!tree.error.empty()) return failure(tree.error);
  PlanWriter plan;
  std::unordered_set<std::string> ids;
  std::vector<std::pair<int, int>> stack;  // (tree node, plan parent)
  const auto& top = at(tree, 0).children;
  for (size_t i = top.size(); i-- > 0;) stack.emplace_back(top[i], -1);
  while (!stack.empty()) {
    auto [k, parent] = stack.back();
    stack.pop_back();
    const HtmlNode& n = at(tree, k);
    if (n.is_text) {
      plan.text(parent, n.text);
      continue;
    }
    if (!is_whitelisted_tag(n.tag)) {
      return failure("页面超文本含不受支持的标签：" + std::string(common::utf16_prefix(n.tag, kMessageNameUnits)) + "（" +
          html_position(tree, k) + "）");
    }
    Attributes attributes;
    for (const auto& [name, value] : n.attributes) {
      Outcome<AttributeVerdict> v = check_attribute(n.tag, name, value);
      if (!v.ok()) return failure(v.error + "（" + html_position(tree, k) + "）");
      if (v.value.is_id) {
        if (!ids.insert(v.value.value).second) return failure("页面标识已存在：" + v.value.value);
        plan.id(v.value.value);
      }
      apply_verdict(attributes, name, v.value);
    }
    int index = plan.element(parent, n.tag, attributes);
    for (size_t i = n.children.size(); i-- > 0;) stack.emplace_back(n.children[i], index);
  }
  return common::success(plan.finish());
}

Outcome<std::string> plan_template(std::string_view html, std::string_view id) {
  if (html.size() > kResourceMaxBytes) return failure("页面资源超过" + han_mib_text(kResourceMaxBytes));
  HtmlTree tree = parse_html(html, {});
  int found = -1;
  for (size_t k = 1; k < tree.nodes.size() && found < 0; ++k) {
    const HtmlNode& n = tree.nodes[k];
    if (n.is_text || n.in_template) continue;
    for (const auto& a : n.attributes) {
      if (a.first == "id" && a.second == id) {
        found = static_cast<int>(k);
        break;
      }
    }
  }
  if (found < 0) return failure("页面模板中没有标识：" + std::string(common::utf16_prefix(id, 128)));
  if (!is_whitelisted_tag(at(tree, found).tag)) {
    return failure("页面标签不受支持：" + std::string(common::utf16_prefix(at(tree, found).tag, kMessageNameUnits)));
  }
  PlanWriter plan;
  size_t nodes = 0;
  struct Item { int node; int parent; size_t depth; };
  std::vector<Item> stack{{found, -1, 1}};
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    const HtmlNode& n = at(tree, item.node);
    if (n.is_text) {
      if (++nodes > kHtmlMaxNodes) return failure("页面超文本节点数超过 " + std::to_string(kHtmlMaxNodes));
      plan.text(item.parent, n.text);
      continue;
    }
    if (drops_subtree(n.tag)) continue;
    int parent = item.parent;
    size_t child_depth = item.depth;
    if (is_whitelisted_tag(n.tag)) {
      if (++nodes > kHtmlMaxNodes) return failure("页面超文本节点数超过 " + std::to_string(kHtmlMaxNodes));
      if (item.depth > kHtmlMaxDepth) return failure("页面超文本深度超过 " + std::to_string(kHtmlMaxDepth));
      Attributes attributes;
      for (const auto& [name, value] : n.attributes) {
        if (name.rfind("on", 0) == 0 || name == "srcdoc" || name == "formaction") continue;
        if (name == "id" && !is_valid_id(value)) continue;
        Outcome<AttributeVerdict> v = check_attribute(n.tag, name, value);
        if (v.ok()) apply_verdict(attributes, name, v.value);
      }
      parent = plan.element(item.parent, n.tag, attributes);
      child_depth = item.depth + 1;
    }
    // Other unknown elements are unwrapped: their children take their place.
    for (size_t i = n.children.size(); i-- > 0;) stack.push_back({n.children[i], parent, child_depth});
  }
  return common::success(plan.finish());
}

}  // namespace dehydra::webtree
