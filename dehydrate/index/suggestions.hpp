// An <input list=…>'s suggestions: the options of the <datalist> its `list` attribute names in its
// tree scope (as `input.list` resolves it), as Chromium's suggestion popup lists them (enabled, with
// a value; the label beside the value when it differs), worded as selectOption matches them
// (js-shim/act/options/datalist.js). Default mode prints them on the input's line.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "../common/tree_scopes.hpp"

namespace dehydra::index {

class Suggestions {
 public:
  explicit Suggestions(const snapshot::Snapshot& s) : s_(s) {}
  // `suggestions: "Paris", "BER" (Berlin), … (+12 more)` for element `i`; "" when it has none.
  std::string of(uint32_t i);

 private:
  const snapshot::Snapshot& s_;
  std::optional<common::TreeScopes> scopes_;  // built for the first input that names a list
};

}  // namespace dehydra::index
