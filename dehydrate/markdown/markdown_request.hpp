// One Markdown request as the JS shim sends it (JSON options) and its JSON answer, so the binding
// stays a one-liner and native tests can drive the same path.
//   options: {"mode": "page" | "article", "root": <stable id>, "baseUrl": "..."}
//   answer:  {"markdown": "..."} (page) or {"title", "byline", "markdown"} (article); bad options
//            are a failure saying why
#pragma once
#include <string>
#include <string_view>

#include "../base/outcome.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

common::Outcome<std::string> markdown_request(const snapshot::Snapshot& s, std::string_view options_json);

}  // namespace dehydra::markdown
