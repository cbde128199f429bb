// The dehydrate core's whole binding table: one DocumentSession per document (the state between
// calls) and the constants js-shim reads once. Every method answers the result envelope
// (envelope.hpp). Nothing here keeps state.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "../dehydrate/session/core_constants.hpp"
#include "../dehydrate/session/document_session.hpp"
#include "envelope.hpp"

namespace dehydra::bindings {
namespace {
using session::DocumentSession;

// Buffers js-shim wrote into wasm memory arrive as addresses.
emscripten::val load_snapshot(DocumentSession& s, uintptr_t words, size_t word_count, uintptr_t strings, size_t bytes) {
  return envelope(s.load_snapshot(reinterpret_cast<const uint32_t*>(words), word_count,
                                  reinterpret_cast<const char*>(strings), bytes));
}
emscripten::val load_geometry(DocumentSession& s, uintptr_t records, size_t count) {
  return envelope(s.load_geometry(reinterpret_cast<const uint32_t*>(records), count));
}
emscripten::val forget_seen(DocumentSession& s) {
  s.forget_seen();
  return ok(emscripten::val(true));
}
emscripten::val end_controller(DocumentSession& s, uint32_t controller) {
  s.end_controller(controller);
  return ok(emscripten::val(true));
}
emscripten::val core_constants() { return ok(emscripten::val(session::core_constants_json())); }
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(dehydra_core) {
  using namespace dehydra::bindings;
  using dehydra::session::DocumentSession;
  emscripten::class_<DocumentSession>("DocumentSession")
      .constructor<>()
      .function("loadSnapshot", &load_snapshot)
      .function("loadGeometry", &load_geometry)
      .function("snapshotDump", &Enveloped<&DocumentSession::dump>::call)
      .function("dehydrate", &Enveloped<&DocumentSession::dehydrate>::call)
      .function("occlusionProbe", &Enveloped<&DocumentSession::occlusion_probe>::call)
      .function("walkKind", &Enveloped<&DocumentSession::walk_kind>::call)
      .function("boxesWanted", &Enveloped<&DocumentSession::boxes_wanted>::call)
      .function("forgetSeen", &forget_seen)
      .function("endController", &end_controller)
      .function("ariaTree", &Enveloped<&DocumentSession::aria_tree>::call)
      .function("ariaTreeStats", &Enveloped<&DocumentSession::aria_tree_stats>::call)
      .function("formTools", &Enveloped<&DocumentSession::form_tools>::call)
      .function("planFill", &Enveloped<&DocumentSession::plan_fill>::call)
      .function("markdown", &Enveloped<&DocumentSession::markdown>::call);
  emscripten::function("coreConstants", &core_constants);
}
