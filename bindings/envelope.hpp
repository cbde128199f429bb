// The one result envelope every binding answers with: {ok: true, value} or {ok: false, error}.
// js-shim unwraps it in one place (js-shim/core_module.js unwrap()). Large texts travel as a view
// of their UTF-8 bytes, which the shim decodes with one TextDecoder call: returned as std::string,
// embind 3.1.6 first scans the text for NULs byte by byte in JavaScript (about 4% of a steady
// Markdown call). A view is valid until the next call on the object that holds the bytes.
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "../dehydrate/base/outcome.hpp"
#include "../dehydrate/session/document_session.hpp"

namespace dehydra::bindings {

inline emscripten::val as_value(bool v) { return emscripten::val(v); }
inline emscripten::val as_value(int v) { return emscripten::val(v); }
inline emscripten::val as_value(const std::string& v) { return emscripten::val(v); }
inline emscripten::val as_value(std::string_view v) {
  return emscripten::val(emscripten::typed_memory_view(v.size(), reinterpret_cast<const uint8_t*>(v.data())));
}
inline emscripten::val as_value(const session::Words& v) {
  return emscripten::val(emscripten::typed_memory_view(v.size, v.data));
}
inline emscripten::val as_value(const emscripten::val& v) { return v; }

// Out of line: inlined into each of the ~40 bindings they would cost about 10 KiB of wasm.
[[gnu::noinline]] emscripten::val ok(emscripten::val value);
[[gnu::noinline]] emscripten::val fail(const std::string& message);

template <typename T>
emscripten::val envelope(const common::Outcome<T>& outcome) {
  return outcome.ok() ? ok(as_value(outcome.value)) : fail(outcome.error);
}
// The same for a value as_value does not know: `to_value` turns it into the envelope's value.
template <typename T, typename ToValue>
emscripten::val envelope(const common::Outcome<T>& outcome, ToValue to_value) {
  return outcome.ok() ? ok(to_value(outcome.value)) : fail(outcome.error);
}

// A method of C (returning an Outcome) as a free function taking the object first, enveloped.
template <auto Method>
struct Enveloped;
template <typename C, typename R, typename... A, R (C::*Method)(A...)>
struct Enveloped<Method> {
  static emscripten::val call(C& self, A... args) { return envelope((self.*Method)(args...)); }
};
template <typename C, typename R, typename... A, R (C::*Method)(A...) const>
struct Enveloped<Method> {
  static emscripten::val call(C& self, A... args) { return envelope((self.*Method)(args...)); }
};

}  // namespace dehydra::bindings
