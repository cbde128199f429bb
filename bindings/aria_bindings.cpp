#include <emscripten/bind.h>

#include <string>

#include "../dehydrate/aria/aria_tree.hpp"
#include "current_snapshot.hpp"
#include "text_view.hpp"

namespace dehydra::bindings {
namespace {

aria::AriaTreeStats g_last_stats;

// The YAML for the current snapshot as a text view (text_view.hpp); "\0" + message when there is
// none (exceptions are off).
emscripten::val aria_tree(bool with_refs, bool include_frames) {
  const snapshot::Snapshot* s = current_snapshot();
  if (!s) return text_view(std::string(1, '\0') + "no snapshot loaded");
  aria::AriaTreeOptions options;
  const std::vector<int32_t>& indices = current_indices();
  if (with_refs && !indices.empty()) options.indices = &indices;
  options.include_frames = include_frames;
  return text_view(aria::render_aria_tree(*s, options, &g_last_stats));
}

// Counts of the last ariaTree call: {"nodes":N,"refs":M}.
std::string aria_tree_stats() {
  return "{\"nodes\":" + std::to_string(g_last_stats.nodes) + ",\"refs\":" + std::to_string(g_last_stats.refs) + "}";
}

}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(aria) {
  emscripten::function("ariaTree", &dehydra::bindings::aria_tree);
  emscripten::function("ariaTreeStats", &dehydra::bindings::aria_tree_stats);
}
