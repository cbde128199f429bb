#include "suggestions.hpp"

#include <vector>

#include "../common/input_type.hpp"
#include "../forms/control_text.hpp"
#include "element_text.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;

// Shown in full up to this many; each value and label capped (UTF-16 units): a long list costs a
// line's worth of tokens, and the rest are named by their count.
constexpr size_t kShown = 10;
constexpr uint32_t kUnits = 40;

// Types whose `list` the browser ignores (Chromium's ShouldRespectListAttribute).
bool respects_list(std::string_view type) {
  for (std::string_view no : {"hidden", "password", "checkbox", "radio", "file", "submit", "image", "reset", "button"})
    if (type == no) return false;
  return true;
}
}  // namespace

std::string Suggestions::of(uint32_t i) {
  const Node& n = s_.nodes[i];
  if (!n.is_element() || n.tag != "input" || n.has(snapshot::F_SVG)) return {};
  const std::string_view* id = s_.attribute(n, "list");
  if (!id || id->empty() || !respects_list(common::input_type(s_, n))) return {};
  if (!scopes_) scopes_.emplace(s_);
  uint32_t list = scopes_->element_by_id_from(i, *id);
  if (list == kNone || s_.nodes[list].tag != "datalist" || s_.nodes[list].has(snapshot::F_SVG)) return {};
  // datalist.options: its option descendants in tree order (not through a shadow root or a slot).
  std::vector<uint32_t> stack{list}, kids;
  std::string shown;
  size_t count = 0;
  while (!stack.empty()) {
    uint32_t x = stack.back();
    stack.pop_back();
    const Node& o = s_.nodes[x];
    if (x != list && o.tag == "option" && !o.has(snapshot::F_SVG)) {
      std::string value = forms::option_value(s_, x);
      if (value.empty() || o.has(snapshot::F_DISABLED)) continue;
      if (++count > kShown) continue;
      if (count > 1) shown += ", ";
      shown += "\"" + cap_with_ellipsis(value, kUnits) + "\"";
      std::string label = forms::option_label(s_, x);
      if (!label.empty() && label != value) shown += " (" + cap_with_ellipsis(label, kUnits) + ")";
    }
    kids.clear();
    for (uint32_t c = o.first_child; c != kNone; c = s_.nodes[c].next_sibling)
      if (s_.nodes[c].is_element() && !s_.nodes[c].has(snapshot::F_SLOTTED)) kids.push_back(c);
    for (size_t k = kids.size(); k-- > 0;) stack.push_back(kids[k]);
  }
  if (count == 0) return {};
  std::string out = "suggestions: " + shown;
  if (count > kShown) out += ", \xE2\x80\xA6 (+" + std::to_string(count - kShown) + " more)";
  return out;
}

}  // namespace dehydra::index
