// A value or the reason there is none: what every core entry point the shim calls answers, in the
// dehydrate core and the webtree core alike (the wasm build has exceptions off, so a failure is a
// value too). A check with no value to give answers Outcome<bool>: passed() or a failure. The bindings
// turn it into the one result envelope js-shim unwraps (bindings/envelope.hpp,
// js-shim/core_module.js unwrap()).
#pragma once
#include <string>
#include <utility>

namespace dehydra::common {

template <typename T>
struct Outcome {
  T value{};
  std::string error;  // never empty on failure
  bool ok() const { return error.empty(); }
};

template <typename T>
Outcome<T> success(T value) { return Outcome<T>{std::move(value), std::string()}; }
inline Outcome<bool> passed() { return success(true); }

// A failure of any value type: `return failure("why");`.
struct Failure {
  std::string message;
  template <typename T>
  operator Outcome<T>() const { return Outcome<T>{T{}, message.empty() ? std::string("failed") : message}; }
};
inline Failure failure(std::string message) { return Failure{std::move(message)}; }

}  // namespace dehydra::common
