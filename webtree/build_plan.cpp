#include "build_plan.hpp"

#include "plan_format.hpp"

namespace dehydra::webtree {

int PlanWriter::element(int parent, std::string_view tag, const Attributes& attributes) {
  if (!records_.empty()) records_ += ',';
  records_ += std::to_string(PLAN_ELEMENT);
  records_ += ',';
  records_ += std::to_string(parent);
  records_ += ',';
  common::append_json_string(records_, tag);
  records_ += ',';
  records_ += std::to_string(attributes.size());
  for (const auto& [name, value] : attributes) {
    records_ += ',';
    common::append_json_string(records_, name);
    records_ += ',';
    common::append_json_string(records_, value);
  }
  return count_++;
}

int PlanWriter::text(int parent, std::string_view text) {
  if (!records_.empty()) records_ += ',';
  records_ += std::to_string(PLAN_TEXT);
  records_ += ',';
  records_ += std::to_string(parent);
  records_ += ',';
  common::append_json_string(records_, text);
  return count_++;
}

void PlanWriter::id(std::string_view id) {
  if (!ids_.empty()) ids_ += ',';
  common::append_json_string(ids_, id);
}

std::string PlanWriter::finish() const { return "{\"ids\":[" + ids_ + "],\"n\":[" + records_ + "]}"; }

}  // namespace dehydra::webtree

#include "attribute_rules.hpp"

namespace dehydra::webtree {
namespace {
void set_in(Attributes& list, std::string_view name, std::string_view value) {
  for (auto& entry : list) {
    if (entry.first == name) {
      entry.second = std::string(value);
      return;
    }
  }
  list.emplace_back(std::string(name), std::string(value));
}
}  // namespace

void apply_verdict(Attributes& list, std::string_view name, const AttributeVerdict& verdict) {
  if (verdict.remove) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i].first == name) {
        list.erase(list.begin() + static_cast<long>(i));
        break;
      }
    }
    return;
  }
  set_in(list, name, verdict.value);
  if (verdict.force_rel) set_in(list, "rel", "noopener noreferrer");
}

}  // namespace dehydra::webtree
