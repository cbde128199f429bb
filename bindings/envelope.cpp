#include "envelope.hpp"

namespace dehydra::bindings {

emscripten::val ok(emscripten::val value) {
  emscripten::val out = emscripten::val::object();
  out.set("ok", true);
  out.set("value", value);
  return out;
}

emscripten::val fail(const std::string& message) {
  emscripten::val out = emscripten::val::object();
  out.set("ok", false);
  out.set("error", message.empty() ? std::string("failed") : message);
  return out;
}

}  // namespace dehydra::bindings
