// The controller part's binding table (wasm/flags.mjs PARTS): what a PageController needs —
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

EMSCRIPTEN_BINDINGS(dehydra_controller) {
  using namespace dehydra::bindings;
  using dehydra::session::DocumentSession;
  document_session_class()
      .function("dehydrate", &Enveloped<&DocumentSession::dehydrate>::call)
      .function("occlusionProbe", &Enveloped<&DocumentSession::occlusion_probe>::call)
      .function("walkKind", &Enveloped<&DocumentSession::walk_kind>::call)
      .function("boxesWanted", &Enveloped<&DocumentSession::boxes_wanted>::call)
      .function("forgetSeen", &forget_seen)
      .function("endController", &end_controller);
  emscripten::function("coreConstants", &core_constants);
}
