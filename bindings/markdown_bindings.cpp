// Markdown of the current snapshot: page or article mode, options and answer as JSON.
#include <emscripten/bind.h>

#include <string>

#include "../dehydrate/markdown/markdown_request.hpp"
#include "current_snapshot.hpp"
#include "text_view.hpp"

namespace {
// The answer JSON as a text view (text_view.hpp).
emscripten::val markdown(std::string options_json) {
  const dehydra::snapshot::Snapshot* s = dehydra::bindings::current_snapshot();
  if (!s) return dehydra::bindings::text_view("{\"error\":\"no snapshot loaded\"}");
  return dehydra::bindings::text_view(dehydra::markdown::markdown_request(*s, options_json));
}
}  // namespace

EMSCRIPTEN_BINDINGS(markdown) {
  emscripten::function("markdown", &markdown);
}
