// Large text results go to JavaScript as a view of their UTF-8 bytes, which the shim decodes with
// one TextDecoder call (js-shim/core_text.js). Returned as std::string, embind 3.1.6 first scans
// the text for NULs byte by byte in JavaScript (about 4% of a steady Markdown call on aclu).
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <string>

namespace dehydra::bindings {

// The view stays valid until the next call of any binding that returns one, or until memory grows.
inline emscripten::val text_view(std::string text) {
  static std::string held;
  held = std::move(text);
  return emscripten::val(emscripten::typed_memory_view(held.size(), reinterpret_cast<const uint8_t*>(held.data())));
}

}  // namespace dehydra::bindings
