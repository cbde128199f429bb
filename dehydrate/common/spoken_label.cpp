#include "spoken_label.hpp"

#include "../base/ascii_text.hpp"
#include "../base/js_string.hpp"

namespace dehydra::common {

using snapshot::kNone;

namespace {
std::string_view svg_title(const snapshot::Snapshot& s, uint32_t svg) {
  for (uint32_t c = s.nodes[svg].first_child; c != kNone; c = s.nodes[c].next_sibling) {
    if (!s.nodes[c].is_element() || s.nodes[c].tag != "title") continue;
    uint32_t t = s.nodes[c].first_child;
    return t != kNone && s.nodes[t].is_text() ? js_trim(s.nodes[t].text) : std::string_view{};
  }
  return {};
}
}  // namespace

std::string_view spoken_label(const snapshot::Snapshot& s, uint32_t element) {
  const snapshot::Node& n = s.nodes[element];
  // Only ASCII whitespace is trimmed from aria-label: a no-break space is part of it (Chromium).
  if (const std::string_view* label = s.attribute(n, "aria-label"); label && !trim_ascii(*label).empty())
    return trim_ascii(*label);
  if (n.tag == "img") {
    if (const std::string_view* alt = s.attribute(n, "alt"); alt && !js_blank(*alt)) return js_trim(*alt);
  }
  if (n.has(snapshot::F_SVG)) return svg_title(s, element);
  const std::string_view* title = s.attribute(n, "title");
  return title ? js_trim(*title) : std::string_view{};
}

}  // namespace dehydra::common
