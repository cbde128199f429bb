// The element's aria-labelledby, or else its legacy spelling aria-labeledby, which Chromium also
// reads (pages use it); the standard spelling wins when both are set.
#pragma once
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

inline const std::string_view* labelledby_attribute(const snapshot::Snapshot& s, const snapshot::Node& n) {
  if (const std::string_view* v = s.attribute(n, "aria-labelledby")) return v;
  return s.attribute(n, "aria-labeledby");
}

}  // namespace dehydra::common
