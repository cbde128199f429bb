// The extras part's binding table (wasm/core_parts.cmake): Markdown, the accessibility tree and form
// tools over a snapshot; its webtree bindings are in webtree_table.cpp. Every method answers the
// result envelope (envelope.hpp). Nothing here keeps state.
#include <emscripten/bind.h>

#include <cstdint>

#include "document_session_class.hpp"

namespace dehydra::bindings {
namespace {
using session::DocumentSession;

// The controller part's agent indices for this snapshot's elements, as js-shim matched them.
emscripten::val set_indices(DocumentSession& s, uintptr_t indices, size_t count) {
  return envelope(s.set_indices(reinterpret_cast<const int32_t*>(indices), count));
}
}  // namespace
}  // namespace dehydra::bindings

EMSCRIPTEN_BINDINGS(dehydra_extras) {
  using namespace dehydra::bindings;
  using dehydra::session::DocumentSession;
  document_session_class()
      .function("setIndices", &set_indices)
      .function("ariaTree", &Enveloped<&DocumentSession::aria_tree>::call)
      .function("ariaTreeStats", &Enveloped<&DocumentSession::aria_tree_stats>::call)
      .function("formTools", &Enveloped<&DocumentSession::form_tools>::call)
      .function("planFill", &Enveloped<&DocumentSession::plan_fill>::call)
      .function("markdown", &Enveloped<&DocumentSession::markdown>::call);
}
