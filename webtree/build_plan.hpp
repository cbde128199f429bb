// The build plan the core hands js-shim: a flat list of records in document order, so building a
// tree costs one JSON.parse and one DOM call per node on the JS side.
//   {"ids":[...ids to check against the document...],
//    "n":[PLAN_ELEMENT,parent,tag,attribute count,name,value,...,  PLAN_TEXT,parent,text, ...]}
// (the record kinds: plan_format.hpp)
// Node indices count records from 0; parent -1 is the top level.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../dehydrate/base/json_text.hpp"

namespace dehydra::webtree {

using Attributes = std::vector<std::pair<std::string, std::string>>;

class PlanWriter {
 public:
  int element(int parent, std::string_view tag, const Attributes& attributes);
  int text(int parent, std::string_view text);
  void id(std::string_view id);
  std::string finish() const;

 private:
  std::string records_;
  std::string ids_;
  int count_ = 0;
};

}  // namespace dehydra::webtree

namespace dehydra::webtree {
struct AttributeVerdict;
// Applies an accepted verdict: set (replacing an earlier value), remove, and rel for _blank.
void apply_verdict(Attributes& list, std::string_view name, const AttributeVerdict& verdict);
}  // namespace dehydra::webtree
