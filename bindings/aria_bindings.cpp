#include <emscripten/bind.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../dehydrate/aria/aria_tree.hpp"
#include "current_snapshot.hpp"

namespace dehydra::bindings {
namespace {

// {"yaml": "...", "nodes": N, "refs": M} for the current snapshot, or {"error": "..."}.
std::string aria_tree(bool with_refs, bool include_frames) {
  const snapshot::Snapshot* s = current_snapshot();
  if (!s) return "{\"error\":\"no snapshot loaded\"}";
  aria::AriaTreeOptions options;
  const std::vector<int32_t>& indices = current_indices();
  if (with_refs && !indices.empty()) options.indices = &indices;
  options.include_frames = include_frames;
  aria::AriaTreeStats stats;
  nlohmann::json out;
  out["yaml"] = aria::render_aria_tree(*s, options, &stats);
  out["nodes"] = stats.nodes;
  out["refs"] = stats.refs;
  out["indexed"] = !indices.empty();
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(aria) {
  emscripten::function("ariaTree", &dehydra::bindings::aria_tree);
}
