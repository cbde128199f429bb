// 设置页面节点超文本 and 装入页面模板: HTML parsed inertly by the core, then either validated
// strictly (every tag and attribute must be whitelisted; nothing is silently dropped) or, for
// templates, cleaned down to whitelisted elements and attributes. Both return a build plan.
#pragma once
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

common::Outcome<std::string> plan_hypertext(std::string_view html);

// The element with `id` in the template document (not inside <template>), copied and cleaned.
common::Outcome<std::string> plan_template(std::string_view html, std::string_view id);

}  // namespace dehydra::webtree
