#include "tree_export.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "attribute_rules.hpp"
#include "../dehydrate/base/json_text.hpp"
#include "limit_text.hpp"
#include "limits.hpp"
#include "tags.hpp"

namespace dehydra::webtree {
namespace {
using common::failure;
using common::Outcome;
using json = nlohmann::json;

bool is_element(const json& j) { return j.is_array() && j.size() >= 2 && j[0].is_string() && j[1].is_array(); }

bool skipped(const json& j) {
  if (j.is_string()) return false;
  if (!is_element(j)) return true;
  const std::string& tag = j[0].get_ref<const std::string&>();
  return tag == "#foreign" || tag == "template" || is_dangerous_tag(tag);
}

void open_element(std::string& out, const json& e) {
  out += "{\"标签\":";
  common::append_json_string(out, e[0].get_ref<const std::string&>());
  const json& attrs = e[1];
  std::string classes, others;
  bool has_class = false;
  for (size_t i = 0; i + 1 < attrs.size(); i += 2) {
    if (!attrs[i].is_string() || !attrs[i + 1].is_string()) continue;
    const std::string& name = attrs[i].get_ref<const std::string&>();
    const std::string& value = attrs[i + 1].get_ref<const std::string&>();
    if (name == "class") {
      has_class = true;
      classes = value;
    } else if (is_exportable_attribute(name)) {
      if (!others.empty()) others += ',';
      common::append_json_string(others, name);
      others += ':';
      common::append_json_string(others, is_boolean_attribute(name) ? std::string() : value);
    }
  }
  if (has_class) {
    out += ",\"类\":";
    common::append_json_string(out, classes);
  }
  if (!others.empty()) out += ",\"属性\":{" + others + "}";
}
}  // namespace

Outcome<bool> check_depth_limit(double depth) {
  if (!std::isfinite(depth) || std::floor(depth) != depth) return failure("深度上限须为整数");
  if (depth < 1 || depth > static_cast<double>(kTreeMaxDepth))
    return failure("深度上限须为 1 至 " + std::to_string(kTreeMaxDepth));
  return common::passed();
}

Outcome<std::string> export_tree(std::string_view raw, size_t depth_limit) {
  json root = json::parse(raw.begin(), raw.end(), nullptr, false);
  if (root.is_discarded() || !is_element(root)) return failure("页面节点树无法导出");
  struct Frame { const json* element; size_t next; size_t depth; bool any; };
  std::string out;
  size_t elements = 1, text_bytes = 0;
  std::vector<Frame> stack;
  open_element(out, root);
  stack.push_back({&root, 2, 1, false});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next >= f.element->size()) {
      out += f.any ? "]}" : "}";
      stack.pop_back();
      continue;
    }
    const json& child = (*f.element)[f.next++];
    if (skipped(child)) continue;
    out += f.any ? "," : ",\"子\":[";
    f.any = true;
    if (child.is_string()) {
      const std::string& text = child.get_ref<const std::string&>();
      text_bytes += text.size();
      if (text_bytes > kExportMaxTextBytes) return failure("页面节点树文字总量超过 " + mib_text(kExportMaxTextBytes));
      common::append_json_string(out, text);
      continue;
    }
    size_t depth = f.depth + 1;
    if (depth > depth_limit) return failure("页面节点树深度超过所给上限（" + std::to_string(depth_limit) + "）");
    if (++elements > kExportMaxElements) return failure("页面节点树节点数超过 " + std::to_string(kExportMaxElements));
    open_element(out, child);
    stack.push_back({&child, 2, depth, false});
  }
  return common::success(out);
}

}  // namespace dehydra::webtree
