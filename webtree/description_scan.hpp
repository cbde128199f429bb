// Pass 1 of 构建页面节点树: one strict scan (RFC 8259) of the description into a flat table of
// items, without building a JSON document: strings stay ranges of the input (with their UTF-16
// offsets, so js-shim can take unescaped texts straight from its own string). Structural rules
// (field names and types, depth, counts, text and attribute totals) are checked here; tags and
// attribute values in pass 2 (tree_description.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dehydra::webtree {

struct TextRef {
  uint32_t begin = 0, end = 0;      // bytes between the quotes (or a number's bytes)
  int32_t unit_begin = 0, unit_end = 0;  // the same range in UTF-16 units of the JS string
  bool escaped = false;
  bool present = false;
};

struct AttrRef {
  TextRef name;
  TextRef value;
  enum Kind : uint8_t { kString, kNumber, kTrue, kFalse } kind = kString;
};

struct DescItem {
  bool is_text = false;
  TextRef text;   // a string item, or an element's 文字
  TextRef tag;
  TextRef classes;
  int parent = -1;
  uint32_t ordinal = 0;  // index in the parent's 子
  uint32_t depth = 1;
  uint32_t attr_first = 0, attr_count = 0;
  int first_child = -1, last_child = -1, next_sibling = -1;
};

struct Description {
  std::vector<DescItem> items;  // items[0] is the root element
  std::vector<AttrRef> attrs;
  std::string error;            // "" when the scan passed
  size_t units = 0;             // UTF-16 length of the whole description (when it passed)
};

Description scan_description(std::string_view json);

// The content of a JSON string (escapes decoded) or a number's text as JavaScript writes it.
std::string decode_string(std::string_view json, const TextRef& ref);
std::string number_as_text(std::string_view json, const TextRef& ref);

// 根, 根.子[0].子[1]
std::string item_position(const Description& d, int item);

}  // namespace dehydra::webtree
