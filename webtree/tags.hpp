// The tag lists of 网页文树: the whitelist apps may create, the void elements, and the dangerous
// elements that never get a handle.
#pragma once
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

bool is_whitelisted_tag(std::string_view tag);  // lowercase names only
bool is_void_tag(std::string_view tag);         // br, input, hr
bool is_dangerous_tag(std::string_view tag);    // script, style, iframe, ...

// 新建页面节点: the tag must be whitelisted.
common::Outcome<bool> check_tag(std::string_view tag);

// Space-separated list of the dangerous tags, for js-shim's filters.
const char* dangerous_tag_list();

// Index of a whitelisted tag in whitelist_tag_list() (build plans name tags by index), or -1.
int whitelisted_tag_index(std::string_view tag);
const char* whitelist_tag_list();

}  // namespace dehydra::webtree
