// One Markdown request as the JS shim sends it (JSON options) and its JSON answer, so the binding
// stays a one-liner and native tests can drive the same path.
//   options: {"mode": "page" | "article", "root": <stable id>, "baseUrl": "..."}
//   answer:  {"markdown": "..."} (page) or {"title", "byline", "markdown"} (article); on bad options
//            "" with `error` saying why
#pragma once
#include <string>
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

std::string markdown_request(const snapshot::Snapshot& s, std::string_view options_json, std::string& error);

}  // namespace dehydra::markdown
