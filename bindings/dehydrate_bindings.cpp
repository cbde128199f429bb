// dehydrate over the current snapshot: options in as JSON, result out as JSON. Records the indices
// so other outputs (accessibility tree, geometry) print the same numbers.
#include <emscripten/bind.h>

#include <string>

#include "../dehydrate/index/dehydrate.hpp"
#include "../dehydrate/index/occlusion_probe.hpp"
#include <nlohmann/json.hpp>

#include "current_snapshot.hpp"

namespace dehydra::bindings {
namespace {
index::DehydrateMemory g_memory;

// The current snapshot with its parsed options, or nullptr with `error_json` set to the answer to return.
const snapshot::Snapshot* prepare(const std::string& options_json, index::IndexOptions& options, std::string& error_json) {
  const snapshot::Snapshot* s = current_snapshot();
  if (!s) {
    error_json = "{\"error\":\"no snapshot loaded\"}";
    return nullptr;
  }
  std::string error;
  if (!index::parse_options(options_json, options, error)) {
    error_json = nlohmann::json{{"error", error}}.dump();
    return nullptr;
  }
  return s;
}

std::string dehydrate_json(const std::string& options_json) {
  index::IndexOptions options;
  std::string error_json;
  const snapshot::Snapshot* s = prepare(options_json, options, error_json);
  if (!s) return error_json;
  index::DehydrateResult result;
  index::dehydrate(*s, options, g_memory, result);
  set_current_indices(result.index_by_ordinal);
  return index::result_json(*s, result);
}

// The elements to hit-test before a viewport-mode dehydrate (see occlusion_probe.hpp).
std::string dehydrate_probe(const std::string& options_json) {
  index::IndexOptions options;
  std::string error_json;
  const snapshot::Snapshot* s = prepare(options_json, options, error_json);
  if (!s) return error_json;
  return index::occlusion_candidates_json(*s, options);
}

// Forget which elements were seen interactive (every line is new again).
void dehydrate_forget() { g_memory.seen_interactive.clear(); }

// A PageController was disposed: drop its numbers and previous lines.
void dehydrate_end_session(uint32_t session) { g_memory.sessions.erase(session); }
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(dehydrate) {
  emscripten::function("dehydrate", &dehydra::bindings::dehydrate_json);
  emscripten::function("dehydrateProbe", &dehydra::bindings::dehydrate_probe);
  emscripten::function("dehydrateForget", &dehydra::bindings::dehydrate_forget);
  emscripten::function("dehydrateEndSession", &dehydra::bindings::dehydrate_end_session);
}
