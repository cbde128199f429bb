#include "tree_description.hpp"

#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "attribute_rules.hpp"
#include "build_plan.hpp"
#include "description_scan.hpp"
#include "limit_text.hpp"
#include "limits.hpp"
#include "plan_format.hpp"
#include "tags.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
using common::failure;
using common::Outcome;

class PlanBuilder {
 public:
  PlanBuilder(std::string_view json, const Description& d, std::vector<int32_t>& words)
      : json_(json), d_(d), words_(words) {}

  Outcome<std::string> run() {
    words_.clear();
    std::vector<std::pair<int, int>> stack{{0, -1}};
    std::vector<int> children;
    while (!stack.empty()) {
      auto [k, parent] = stack.back();
      stack.pop_back();
      const DescItem& item = d_.items[static_cast<size_t>(k)];
      if (item.is_text) {
        text_record(parent, item.text);
        continue;
      }
      Outcome<int> index = element(k, parent);
      if (!index.ok()) return failure(index.error);
      children.clear();
      for (int c = item.first_child; c >= 0; c = d_.items[static_cast<size_t>(c)].next_sibling) children.push_back(c);
      for (size_t i = children.size(); i-- > 0;) stack.emplace_back(children[i], index.value);
    }
    return common::success("{\"ids\":[" + ids_json_ + "],\"s\":[" + side_json_ + "]}");
  }

 private:
  common::Failure at(const std::string& message, int k) { return failure(message + "（" + item_position(d_, k) + "）"); }

  std::string_view raw(const TextRef& r) const { return json_.substr(r.begin, r.end - r.begin); }

  void side_ref(std::string_view value) {
    if (side_count_) side_json_ += ',';
    common::append_json_string(side_json_, value);
    words_.push_back(-1 - side_count_++);
    words_.push_back(0);
  }

  // A ref to `value`: the source range when it holds exactly these characters, else the side table.
  void ref(std::string_view value, const TextRef* source) {
    if (source && source->present && !source->escaped && raw(*source) == value) {
      words_.push_back(source->unit_begin);
      words_.push_back(source->unit_end);
    } else {
      side_ref(value);
    }
  }

  void text_record(int parent, const TextRef& text) {
    words_.push_back(PLAN_TEXT);
    words_.push_back(parent);
    if (text.escaped) side_ref(decode_string(json_, text));
    else ref(raw(text), &text);
    ++count_;
  }

  // The element's record and its 文字; its index in the plan, or the message.
  Outcome<int> element(int k, int parent) {
    const DescItem& item = d_.items[static_cast<size_t>(k)];
    std::string tag = decode_string(json_, item.tag);
    int tag_index = whitelisted_tag_index(tag);
    if (tag_index < 0) return at("页面标签不受支持：" + std::string(common::utf16_prefix(tag, kMessageNameUnits)), k);

    // Final attributes, each with the source range its value may come from (reused buffers).
    Attributes& attributes = attributes_;
    auto& sources = sources_;
    attributes.clear();
    sources.clear();
    auto apply = [&](const std::string& name, const std::string& value, const TextRef* source) -> Outcome<bool> {
      Outcome<AttributeVerdict> v = check_attribute(tag, name, value);
      if (!v.ok()) return at(v.error, k);
      const AttributeVerdict& verdict = v.value;
      if (verdict.is_id) {
        if (!ids_.insert(verdict.value).second) return failure("页面节点树内标识重复：" + verdict.value);
        if (!ids_json_.empty()) ids_json_ += ',';
        common::append_json_string(ids_json_, verdict.value);
      }
      apply_verdict(attributes, name, verdict);
      sources.emplace_back(name, source);
      return common::passed();
    };
    if (item.classes.present) {
      Outcome<bool> applied = apply("class", decode_string(json_, item.classes), &item.classes);
      if (!applied.ok()) return failure(applied.error);
    }
    for (uint32_t a = 0; a < item.attr_count; ++a) {
      const AttrRef& attr = d_.attrs[item.attr_first + a];
      std::string name = decode_string(json_, attr.name);
      std::string value = attr.kind == AttrRef::kString   ? decode_string(json_, attr.value)
                          : attr.kind == AttrRef::kNumber ? number_as_text(json_, attr.value)
                          : attr.kind == AttrRef::kTrue   ? "true"
                                                          : "false";
      Outcome<bool> applied = apply(name, value, attr.kind == AttrRef::kString ? &attr.value : nullptr);
      if (!applied.ok()) return failure(applied.error);
    }
    bool has_text = item.text.present && item.text.end > item.text.begin;
    if (has_text && is_void_tag(tag)) return at("空元素不能含文字：" + tag, k);
    if (item.first_child >= 0 && is_void_tag(tag)) return at("空元素不能含子节点：" + tag, k);

    words_.push_back(PLAN_ELEMENT);
    words_.push_back(parent);
    words_.push_back(tag_index);
    words_.push_back(static_cast<int32_t>(attributes.size()));
    for (const auto& [name, value] : attributes) {
      const TextRef* source = nullptr;
      for (const auto& s : sources) {
        if (s.first == name) source = s.second;  // the last one applied wins
      }
      side_or_name(name);
      ref(value, source);
    }
    int index = count_++;
    if (has_text) text_record(index, item.text);
    return common::success(index);
  }

  // Attribute names are short ASCII: they go to the side table once each.
  void side_or_name(const std::string& name) {
    auto found = names_.find(name);
    if (found != names_.end()) {
      words_.push_back(found->second);
      words_.push_back(0);
      return;
    }
    names_.emplace(name, -1 - side_count_);
    side_ref(name);
  }

  std::string_view json_;
  const Description& d_;
  std::vector<int32_t>& words_;
  std::unordered_set<std::string> ids_;
  std::string ids_json_;
  std::string side_json_;
  std::unordered_map<std::string, int32_t> names_;
  Attributes attributes_;
  std::vector<std::pair<std::string, const TextRef*>> sources_;
  int32_t side_count_ = 0;
  int count_ = 0;
};
}  // namespace

Outcome<std::string> plan_tree_description(std::string_view description, std::vector<int32_t>& words) {
  words.clear();
  // The size rule comes first; the scan counts UTF-16 units anyway, so the separate count is only
  // needed when the scan stopped early.
  Description d = scan_description(description);
  if (d.units > kTreeMaxDescriptionUnits ||
      (!d.error.empty() && common::utf16_length(description) > kTreeMaxDescriptionUnits)) {
    return failure("页面节点树描述超过 " + mib_text(kTreeMaxDescriptionUnits));
  }
  if (!d.error.empty()) return failure(d.error);
  Outcome<std::string> planned = PlanBuilder(description, d, words).run();
  if (!planned.ok()) words.clear();  // a refused plan leaves no words to read
  return planned;
}

}  // namespace dehydra::webtree
