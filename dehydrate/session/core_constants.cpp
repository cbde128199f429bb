#include "core_constants.hpp"

#include "../base/json_text.hpp"
#include "../index/boxes_wanted.hpp"
#include "../index/options.hpp"
#include "../index/unreadable.hpp"
#include "../index/vocabulary.hpp"
#include "../snapshot/dump.hpp"

namespace dehydra::session {

// Written by hand, not through a JSON document: a second instantiation of the JSON parser would
// add about 11 KiB to the shipped core.
std::string core_constants_json() {
  using common::append_json_number;
  using common::append_json_string;
  std::string out = "{\"format\":" + snapshot::format_constants_json() + ",\"scrollExtentsBit\":";
  append_json_number(out, index::kScrollExtents);
  out += ",\"ignoringAttributes\":[";
  bool first = true;
  for (std::string_view name : index::kIgnoringAttributes) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, name);
  }
  const index::IndexOptions d;
  auto flag = [&](const char* key, bool v) { out += std::string(",\"") + key + "\":" + (v ? "true" : "false"); };
  auto number = [&](const char* key, double v) {
    out += std::string(",\"") + key + "\":";
    append_json_number(out, v);
  };
  out += "],\"optionDefaults\":{\"viewportExpansion\":";
  append_json_number(out, d.viewport_expansion);
  flag("keepSemanticTags", d.keep_semantic_tags);
  flag("pageAgentCompat", d.page_agent_compat);
  number("maxElementText", d.max_element_text);
  number("maxBareText", d.max_bare_text);
  flag("stableIndices", d.stable_indices);
  flag("diff", d.diff);
  number("maxTokens", d.max_tokens);
  out += "},\"foreignFrameNote\":{\"start\":";
  append_json_string(out, index::kForeignFrameNoteStart);
  out += ",\"end\":";
  append_json_string(out, index::kForeignFrameNoteEnd);
  return out + "}}";
}

}  // namespace dehydra::session
