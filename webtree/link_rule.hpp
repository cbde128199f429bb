// URL rules: links (a[href]), iframe addresses (设置页面框架地址) and resource paths.
#pragma once
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

// a[href]: #anchor, /path (not //), or http(s)://host...
common::Outcome<bool> check_link(std::string_view url);

// iframe src: "" (remove), /path, or an https URL whose origin is the page's own or listed in
// `declared_origins` (the iframe's data-yy-frame-origins, space separated).
common::Outcome<bool> check_frame_url(std::string_view url, std::string_view page_origin,
                                      std::string_view declared_origins);

// 读取页面资源文字 / 装入页面模板: a same-site path starting with one slash, no backslash.
common::Outcome<bool> check_resource_path(std::string_view path);

// True for the schemes the template sanitizer strips (javascript:, vbscript:), read the way a
// browser does (leading spaces and embedded tabs/newlines ignored, any case).
bool is_script_url(std::string_view url);

}  // namespace dehydra::webtree
