// The DocumentSession class as both parts of the core bind it (wasm/core_parts.cmake): constructed
// empty, fed a walk's buffer and boxes; in the testing core, dumped for tests. Each part's table adds
// the methods of its own capabilities; the class is registered once per part.
#pragma once
#include <emscripten/bind.h>

#include <cstdint>

#include "../dehydrate/session/document_session.hpp"
#include "envelope.hpp"

namespace dehydra::bindings {

// Buffers js-shim wrote into wasm memory arrive as addresses.
inline emscripten::val load_snapshot(session::DocumentSession& s, uintptr_t words, size_t word_count, uintptr_t strings,
                                     size_t bytes) {
  return envelope(s.load_snapshot(reinterpret_cast<const uint32_t*>(words), word_count,
                                  reinterpret_cast<const char*>(strings), bytes));
}
inline emscripten::val load_geometry(session::DocumentSession& s, uintptr_t records, size_t count) {
  return envelope(s.load_geometry(reinterpret_cast<const uint32_t*>(records), count));
}

inline emscripten::class_<session::DocumentSession> document_session_class() {
  using session::DocumentSession;
  emscripten::class_<DocumentSession> c("DocumentSession");
  c.constructor<>().function("loadSnapshot", &load_snapshot).function("loadGeometry", &load_geometry);
#ifdef DEHYDRA_TEST_BINDINGS
  // The testing core alone (wasm/ship_guard.mjs keeps the name out of dist/).
  c.function("snapshotDump", &Enveloped<&DocumentSession::dump>::call);
#endif
  return c;
}

}  // namespace dehydra::bindings
