// 构建页面节点树: validates a tree description completely (scan in description_scan.cpp, rules
// here) and produces the build plan, or the message naming the position (根, 根.子[0].子[1]).
//
// The plan is binary, for speed: `words` holds records in document order
//   element: PLAN_ELEMENT, parent, tag index (whitelist_tag_list()), attribute count, then name, value refs
//   text:    PLAN_TEXT, parent, text ref
// (plan_format.hpp, which js-shim reads through the generated '#plan-format')
// and each ref is two words: UTF-16 [begin, end) of the description string when the text can be
// taken from it verbatim, or (-1 - i, 0) for entry i of the side table "s". The returned string is
// {"ids":[ids to check against the document],"s":[side strings]}.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

common::Outcome<std::string> plan_tree_description(std::string_view description, std::vector<int32_t>& words);

}  // namespace dehydra::webtree
