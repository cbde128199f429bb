// The DocumentSession class as both parts of the core bind it (wasm/flags.mjs PARTS): constructed
// empty, fed a walk's buffer and boxes, dumped for tests. Each part's table adds the methods of its own
// capabilities; the class is registered once per part.
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
  c.constructor<>()
      .function("loadSnapshot", &load_snapshot)
      .function("loadGeometry", &load_geometry)
      .function("snapshotDump", &Enveloped<&DocumentSession::dump>::call);
  return c;
}

}  // namespace dehydra::bindings
