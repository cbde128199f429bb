#include "tree_description.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <unordered_set>
#include <vector>

#include "attribute_rules.hpp"
#include "build_plan.hpp"
#include "class_rule.hpp"
#include "limits.hpp"
#include "tags.hpp"
#include "text_measure.hpp"

namespace dehydra::webtree {
namespace {
using json = nlohmann::json;

struct Pending {
  const json* item;
  size_t depth;
  int parent;
  std::string position;
};

// A number as JavaScript's String(n) writes the common cases: integers without ".0".
std::string number_text(const json& n) {
  if (n.is_number_integer()) return n.dump();
  double d = n.get<double>();
  if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 1e21) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", d);
    return buffer;
  }
  return n.dump();
}

std::string at(const std::string& message, const std::string& position) {
  return failure(message + "（" + position + "）");
}

class TreeValidator {
 public:
  std::string run(const json& root);

 private:
  std::string element(const Pending& p, std::vector<Pending>& stack);

  PlanWriter plan_;
  std::unordered_set<std::string> ids_;
  size_t nodes_ = 0;
  size_t text_bytes_ = 0;
  size_t attribute_units_ = 0;
};

std::string TreeValidator::run(const json& root) {
  if (root.is_string()) return failure("页面节点树的根须为元素描述");
  std::vector<Pending> stack;
  stack.push_back({&root, 1, -1, "根"});
  while (!stack.empty()) {
    Pending p = std::move(stack.back());
    stack.pop_back();
    if (++nodes_ > kTreeMaxNodes) return failure("页面节点树节点数超过 2000");
    if (p.item->is_string()) {
      const std::string& text = p.item->get_ref<const std::string&>();
      text_bytes_ += text.size();
      if (text_bytes_ > kTreeMaxTextBytes) return failure("页面节点树文字总量超过 1 MiB");
      plan_.text(p.parent, text);
      continue;
    }
    std::string error = element(p, stack);
    if (!error.empty()) return error;
  }
  return plan_.finish();
}

std::string TreeValidator::element(const Pending& p, std::vector<Pending>& stack) {
  const json& item = *p.item;
  if (!item.is_object()) return failure("页面节点描述须为对象或文字：" + p.position);
  if (p.depth > kTreeMaxDepth) return failure("页面节点树深度超过 32：" + p.position);
  for (auto it = item.begin(); it != item.end(); ++it) {
    const std::string& key = it.key();
    if (key != "标签" && key != "类" && key != "属性" && key != "文字" && key != "子") {
      return at("页面节点描述含未知字段：" + utf16_prefix(key, 64), p.position);
    }
  }
  auto tag_it = item.find("标签");
  if (tag_it == item.end()) return at("页面节点描述缺少标签", p.position);
  if (!tag_it->is_string()) return at("页面标签须为文字", p.position);
  const std::string& tag = tag_it->get_ref<const std::string&>();
  if (!is_whitelisted_tag(tag)) return at("页面标签不受支持：" + utf16_prefix(tag, 64), p.position);

  Attributes attributes;
  auto class_it = item.find("类");
  if (class_it != item.end()) {
    if (!class_it->is_string()) return at("页面类名须为文字", p.position);
    const std::string& value = class_it->get_ref<const std::string&>();
    attribute_units_ += 5 + utf16_length(value);
    AttributeVerdict v = check_attribute(tag, "class", value);
    if (!v.error.empty()) return at(v.error, p.position);
    apply_verdict(attributes, "class", v);
  }
  auto attrs_it = item.find("属性");
  if (attrs_it != item.end()) {
    if (!attrs_it->is_object()) return failure("页面节点属性须为对象：" + p.position);
    for (auto a = attrs_it->begin(); a != attrs_it->end(); ++a) {
      const json& raw = a.value();
      std::string value;
      if (raw.is_string()) value = raw.get_ref<const std::string&>();
      else if (raw.is_boolean()) value = raw.get<bool>() ? "true" : "false";
      else if (raw.is_number()) value = number_text(raw);
      else return at("页面节点属性值须为文字、数字或布尔：" + utf16_prefix(a.key(), 128), p.position);
      attribute_units_ += utf16_length(a.key()) + utf16_length(value);
      if (attribute_units_ > kTreeMaxAttributeUnits) return failure("页面节点树属性总量超过 1 MiB");
      AttributeVerdict v = check_attribute(tag, a.key(), value);
      if (!v.error.empty()) return at(v.error, p.position);
      if (v.is_id) {
        if (!ids_.insert(v.value).second) return failure("页面节点树内标识重复：" + v.value);
        plan_.id(v.value);
      }
      apply_verdict(attributes, a.key(), v);
    }
  }
  if (attribute_units_ > kTreeMaxAttributeUnits) return failure("页面节点树属性总量超过 1 MiB");

  const std::string* text = nullptr;
  auto text_it = item.find("文字");
  if (text_it != item.end()) {
    if (!text_it->is_string()) return failure("页面节点文字须为文字：" + p.position);
    text = &text_it->get_ref<const std::string&>();
    if (text->empty()) text = nullptr;
    else if (is_void_tag(tag)) return at("空元素不能含文字：" + tag, p.position);
  }
  const json* children = nullptr;
  auto kids_it = item.find("子");
  if (kids_it != item.end()) {
    if (!kids_it->is_array()) return failure("页面节点子项须为数组：" + p.position);
    if (!kids_it->empty()) {
      if (is_void_tag(tag)) return at("空元素不能含子节点：" + tag, p.position);
      children = &*kids_it;
    }
  }

  int index = plan_.element(p.parent, tag, attributes);
  if (text) {
    // Like the reference host, 文字 does not count towards the node limit (only items do).
    text_bytes_ += text->size();
    if (text_bytes_ > kTreeMaxTextBytes) return failure("页面节点树文字总量超过 1 MiB");
    plan_.text(index, *text);
  }
  if (children) {
    // Counted before they are queued so a huge array fails at once.
    if (nodes_ + stack.size() + children->size() > kTreeMaxNodes) return failure("页面节点树节点数超过 2000");
    for (size_t i = children->size(); i-- > 0;) {
      stack.push_back({&(*children)[i], p.depth + 1, index, p.position + ".子[" + std::to_string(i) + "]"});
    }
  }
  return "";
}
}  // namespace

std::string plan_tree_description(std::string_view description) {
  if (utf16_length(description) > kTreeMaxDescriptionUnits) return failure("页面节点树描述超过 2 MiB");
  json root = json::parse(description.begin(), description.end(), nullptr, false);
  if (root.is_discarded()) return failure("页面节点树描述不是有效 JSON");
  TreeValidator validator;
  return validator.run(root);
}

}  // namespace dehydra::webtree
