// The controller part's binding table (wasm/core_parts.cmake): what a PageController needs —
// dehydrate, the hit-test probe, the boxes a lean walk measures — and the constants js-shim reads
// once.
// Every method answers the result envelope (envelope.hpp). Nothing here keeps state.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "../dehydrate/session/core_constants.hpp"
#include "document_session_class.hpp"

namespace dehydra::bindings {
namespace {
using session::DocumentSession;

#ifdef DEHYDRA_TEST_BINDINGS
emscripten::val forget_seen(DocumentSession& s) {
  s.forget_seen();
  return ok(emscripten::val(true));
}
#endif
emscripten::val end_controller(DocumentSession& s, uint32_t controller) {
  s.end_controller(controller);
  return ok(emscripten::val(true));
}
emscripten::val core_constants() { return ok(emscripten::val(session::core_constants_json())); }

// The records js-shim wrote into wasm memory (dehydrate/snapshot/format.hpp) arrive as addresses.
emscripten::val set_options(DocumentSession& s, uintptr_t words, size_t word_count, uintptr_t strings, size_t bytes) {
  return envelope(s.set_options(reinterpret_cast<const uint32_t*>(words), word_count,
                                reinterpret_cast<const char*>(strings), bytes));
}
emscripten::val occlusion_probe(DocumentSession& s, uintptr_t words, size_t word_count, uintptr_t strings,
                                size_t bytes) {
  return envelope(s.occlusion_probe(reinterpret_cast<const uint32_t*>(words), word_count,
                                    reinterpret_cast<const char*>(strings), bytes));
}
emscripten::val dehydrate(DocumentSession& s, uintptr_t hits, size_t word_count) {
  return envelope(s.dehydrate(reinterpret_cast<const uint32_t*>(hits), word_count));
}
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(dehydra_controller) {
  using namespace dehydra::bindings;
  using dehydra::session::DocumentSession;
  auto session = document_session_class();
  session.function("setOptions", &set_options)
      .function("boxesWanted", &Enveloped<&DocumentSession::boxes_wanted>::call)
      .function("occlusionProbe", &occlusion_probe)
      .function("dehydrate", &dehydrate)
      .function("endController", &end_controller);
#ifdef DEHYDRA_TEST_BINDINGS
  // Page Agent's new-element memory forgotten: the testing core alone (wasm/ship_guard.mjs).
  session.function("forgetSeen", &forget_seen);
#endif
  emscripten::function("coreConstants", &core_constants);
}
