// The attribute whitelist of 网页文树 (the same table as 网页界面 "属性"), checked in the
// reference host's order. The core decides; js-shim only applies the verdict.
#pragma once
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"

namespace dehydra::webtree {

// An accepted attribute; a refused one is the Outcome's message, and nothing changes.
struct AttributeVerdict {
  bool remove = false;     // "false" for a boolean attribute, "" for class/id
  std::string value;       // the value to set (normalised for class and booleans)
  bool force_rel = false;  // target=_blank: also set rel="noopener noreferrer"
  bool is_id = false;      // js-shim must check the id is unique in the document
};

common::Outcome<AttributeVerdict> check_attribute(std::string_view tag, std::string_view name, std::string_view value);

// 移除页面节点属性: the names an app may remove (the settable ones).
common::Outcome<bool> check_removable_attribute(std::string_view name);

// 读取页面节点属性: any well-formed name except event handlers, style and srcdoc.
common::Outcome<bool> check_readable_attribute(std::string_view name);

// Whether 读取页面节点树 exports this attribute (whitelisted name, not host-reserved).
bool is_exportable_attribute(std::string_view name);
bool is_boolean_attribute(std::string_view name);

// The id syntax (also for label[for]).
bool is_valid_id(std::string_view id);

}  // namespace dehydra::webtree
