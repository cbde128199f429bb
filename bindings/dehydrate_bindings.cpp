// dehydrate over the current snapshot: options in as JSON, result out as JSON. Records the indices
// so other outputs (accessibility tree, geometry) print the same numbers.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "../dehydrate/index/boxes_wanted.hpp"
#include "../dehydrate/index/dehydrate.hpp"
#include "../dehydrate/index/occlusion_probe.hpp"
#include "../dehydrate/index/vocabulary.hpp"
#include <nlohmann/json.hpp>

#include "current_snapshot.hpp"
#include "text_view.hpp"

namespace dehydra::bindings {
namespace {
index::DehydrateMemory g_memory;

// Options arrive as the same JSON on most calls of a session (and twice per whole-page state):
// parsed once, so the JSON parser stays off the per-call path.
bool parse_options_cached(const std::string& json, index::IndexOptions& options, std::string& error) {
  static std::string last_json;
  static index::IndexOptions last;
  static bool have = false;
  if (have && json == last_json) {
    options = last;
    return true;
  }
  if (!index::parse_options(json, options, error)) return false;
  last_json = json;
  last = options;
  have = true;
  return true;
}

// The current snapshot with its parsed options, or nullptr with `error_json` set to the answer to return.
const snapshot::Snapshot* prepare(const std::string& options_json, index::IndexOptions& options, std::string& error_json) {
  const snapshot::Snapshot* s = current_snapshot();
  if (!s) {
    error_json = "{\"error\":\"no snapshot loaded\"}";
    return nullptr;
  }
  std::string error;
  if (!parse_options_cached(options_json, options, error)) {
    error_json = nlohmann::json{{"error", error}}.dump();
    return nullptr;
  }
  return s;
}

// The result (or error) JSON as a text view (text_view.hpp).
emscripten::val dehydrate_json(const std::string& options_json) {
  index::IndexOptions options;
  std::string error_json;
  const snapshot::Snapshot* s = prepare(options_json, options, error_json);
  if (!s) return text_view(std::move(error_json));
  index::DehydrateResult result;
  index::dehydrate(*s, options, g_memory, result);
  set_current_indices(result.index_by_ordinal);
  return text_view(index::result_json(*s, result));
}

// The elements to hit-test before a viewport-mode dehydrate (see occlusion_probe.hpp).
std::string dehydrate_probe(const std::string& options_json) {
  index::IndexOptions options;
  std::string error_json;
  const snapshot::Snapshot* s = prepare(options_json, options, error_json);
  if (!s) return error_json;
  return index::occlusion_candidates_json(*s, options);
}

// "lean" when these options can be served by a lean walk (no boxes; see boxes_wanted.hpp), else
// "full"; an error as JSON.
std::string dehydrate_walk(const std::string& options_json) {
  index::IndexOptions options;
  std::string error;
  if (!parse_options_cached(options_json, options, error)) return nlohmann::json{{"error", error}}.dump();
  return index::lean_walk_serves(options) ? "lean" : "full";
}

// After a lean walk: the element ordinals whose boxes the shim should measure (boxes_wanted.hpp).
// A view into core memory, valid until the next call; an error as a JSON string.
std::vector<uint32_t> g_wanted;
emscripten::val dehydrate_boxes_wanted(const std::string& options_json) {
  index::IndexOptions options;
  std::string error_json;
  const snapshot::Snapshot* s = prepare(options_json, options, error_json);
  if (!s) return emscripten::val(error_json);
  g_wanted = index::boxes_wanted(*s, options);
  return emscripten::val(emscripten::typed_memory_view(g_wanted.size(), g_wanted.data()));
}

// The attributes whose value "true" drops a subtree (vocabulary.hpp), as a JSON array: the shim's
// dehydrate walk does not enter those subtrees.
std::string dehydrate_ignoring_attributes() {
  nlohmann::json names = nlohmann::json::array();
  for (std::string_view name : index::kIgnoringAttributes) names.push_back(std::string(name));
  return names.dump();
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
  emscripten::function("dehydrateWalk", &dehydra::bindings::dehydrate_walk);
  emscripten::function("dehydrateBoxesWanted", &dehydra::bindings::dehydrate_boxes_wanted);
  emscripten::function("dehydrateIgnoringAttributes", &dehydra::bindings::dehydrate_ignoring_attributes);
  emscripten::function("dehydrateForget", &dehydra::bindings::dehydrate_forget);
  emscripten::function("dehydrateEndSession", &dehydra::bindings::dehydrate_end_session);
}
