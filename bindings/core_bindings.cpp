#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "../dehydrate/snapshot/dump.hpp"
#include "current_snapshot.hpp"

namespace dehydra::bindings {
namespace {
snapshot::Snapshot g_snapshot;
bool g_loaded = false;
std::vector<int32_t> g_indices;

// Returns "" on success, else the decoder's message (the previous snapshot is then gone).
std::string load_snapshot(uintptr_t words, size_t word_count, uintptr_t strings, size_t string_bytes) {
  std::string error;
  g_loaded = snapshot::decode(reinterpret_cast<const uint32_t*>(words), word_count,
                              reinterpret_cast<const char*>(strings), string_bytes, g_snapshot, error);
  if (!g_loaded) g_snapshot = snapshot::Snapshot{};
  g_indices.clear();
  return error;
}

// Boxes measured after a lean walk: `count` records of ordinal + geometry words at `records`.
// Returns "" on success, else why nothing was changed.
std::string load_geometry(uintptr_t records, size_t count) {
  if (!g_loaded) return "no snapshot loaded";
  std::string error;
  snapshot::load_geometry(g_snapshot, reinterpret_cast<const uint32_t*>(records), count, error);
  return error;
}

std::string snapshot_dump() {
  const snapshot::Snapshot* s = current_snapshot();
  return s ? snapshot::dump_json(*s) : std::string("{\"error\":\"no snapshot loaded\"}");
}
}  // namespace

const snapshot::Snapshot* current_snapshot() { return g_loaded ? &g_snapshot : nullptr; }
const std::vector<int32_t>& current_indices() { return g_indices; }
void set_current_indices(std::vector<int32_t> indices) { g_indices = std::move(indices); }

}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(dehydra_core) {
  emscripten::function("loadSnapshot", &dehydra::bindings::load_snapshot);
  emscripten::function("loadGeometry", &dehydra::bindings::load_geometry);
  emscripten::function("snapshotDump", &dehydra::bindings::snapshot_dump);
  emscripten::function("formatConstants", &dehydra::snapshot::format_constants_json);
}
