// Markdown of the current snapshot: page or article mode, options and answer as JSON.
#include <emscripten/bind.h>

#include <string>

#include "../dehydrate/markdown/markdown_request.hpp"
#include "current_snapshot.hpp"

namespace {
std::string markdown(std::string options_json) {
  const dehydra::snapshot::Snapshot* s = dehydra::bindings::current_snapshot();
  if (!s) return "{\"error\":\"no snapshot loaded\"}";
  return dehydra::markdown::markdown_request(*s, options_json);
}
}  // namespace

EMSCRIPTEN_BINDINGS(markdown) {
  emscripten::function("markdown", &markdown);
}
