// The records of webtree's build plans, shared with js-shim/webtree/build_plan.js through the
// generated '#plan-format' (wasm/snapshot_format.mjs reads this header; only its forms may appear).
//
// The JSON plan (build_plan.hpp), a flat list of records in document order:
//   PLAN_ELEMENT, parent, tag, attribute count, then name and value per attribute;
//   PLAN_TEXT, parent, text.
// The binary plan of 构建页面节点树 (tree_description.hpp), int32 words: a record is
// kTreeRecordWords words, PLAN_ELEMENT, parent, tag index, attribute count, followed by
// kTreeAttributeWords per attribute (its name's ref, its value's ref); or PLAN_TEXT, parent and the
// text's ref. A ref is two words: a UTF-16 range of the description, or -1 - i and 0 for side string i.
#pragma once
#include <cstdint>

namespace dehydra::webtree {

enum PlanRecord : uint32_t { PLAN_TEXT, PLAN_ELEMENT, kPlanRecords };

constexpr uint32_t kTreeRecordWords = 4;
constexpr uint32_t kTreeAttributeWords = 4;

}  // namespace dehydra::webtree
