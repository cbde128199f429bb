#include "noise.hpp"

#include "../base/ascii_text.hpp"
#include "../common/skipped_contents.hpp"

namespace dehydra::markdown {

using snapshot::kNone;
using snapshot::Node;

bool inline_display_none(std::string_view style) { return inline_style_is(style, "display", "none"); }

bool inline_style_is(std::string_view style, std::string_view property, std::string_view value) {
  std::string lower = common::ascii_lower(style);
  size_t at = 0;
  while ((at = lower.find(property, at)) != std::string::npos) {
    bool starts = at == 0 || lower[at - 1] == ';' || common::is_ascii_space(lower[at - 1]);
    size_t i = at + property.size();
    while (i < lower.size() && common::is_space_or_tab(lower[i])) ++i;
    if (i < lower.size() && lower[i] == ':') {
      ++i;
      while (i < lower.size() && common::is_space_or_tab(lower[i])) ++i;
      if (starts && lower.compare(i, value.size(), value) == 0) return true;
    }
    at += property.size();
  }
  return false;
}

NoiseRules::NoiseRules(const snapshot::Snapshot& s, bool reader) : s_(s), reader_(reader) {
  for (const Node& n : s.nodes) {
    if (!n.is_element()) continue;
    const std::string_view* controls = s.attribute(n, "aria-controls");
    if (!controls) continue;
    const std::string_view* role = s.attribute(n, "role");
    bool toggle = s.has_attribute(n, "aria-expanded") || s.has_attribute(n, "aria-selected") ||
                  (role && common::has_token(*role, "tab"));
    if (!toggle) continue;
    common::for_each_token(*controls, [&](std::string_view id) { controlled_ids_.insert(id); });
  }
}

namespace {
// A section the page reveals when the reader searches it (hidden=until-found).
bool until_found(const snapshot::Snapshot& s, uint32_t i) {
  const std::string_view* hidden = s.attribute(s[i], "hidden");
  return hidden && common::equals_ignore_case(*hidden, "until-found");
}
}  // namespace

bool NoiseRules::disclosure(uint32_t i) const {
  const Node& n = s_[i];
  const std::string_view* role = s_.attribute(n, "role");
  if (role && common::has_token(*role, "tabpanel")) return true;
  if (until_found(s_, i)) return true;
  if (n.parent != kNone && s_[n.parent].is_element() && s_[n.parent].tag == "details" && n.tag != "summary")
    return true;
  const std::string_view* id = s_.attribute(n, "id");
  if (id && !id->empty() && controlled_ids_.count(*id)) return true;
  return false;
}

bool NoiseRules::in_hidden_contents(uint32_t i) const {
  return common::in_skipped_contents(s_, i) && !until_found(s_, common::contents_owner(s_, i));
}

bool NoiseRules::serialized_state(uint32_t i) const {
  const Node& n = s_[i];
  const std::string_view* style = s_.attribute(n, "style");
  if (!s_.has_attribute(n, "hidden") && !(style && inline_display_none(*style))) return false;
  if (n.first_child == kNone || n.first_child != n.last_child) return false;
  const Node& child = s_[n.first_child];
  if (!child.is_text()) return false;
  std::string_view t = common::trim_ascii(child.text);
  return t.size() >= 512 && ((t.front() == '{' && t.back() == '}') || (t.front() == '[' && t.back() == ']'));
}

bool NoiseRules::drops(uint32_t i) const {
  const Node& n = s_[i];
  if (!n.is_element()) return false;
  if (n.has(snapshot::F_SVG)) return true;
  if (n.tag == "head" || n.tag == "script" || n.tag == "style" || n.tag == "noscript" || n.tag == "template" ||
      n.tag == "title" || n.tag == "link" || n.tag == "meta")
    return true;
  if (s_.has_attribute(n, "v-cloak") || s_.has_attribute(n, "ng-cloak") || s_.has_attribute(n, "x-cloak")) return true;
  if (serialized_state(i) || in_hidden_contents(i)) return true;
  const snapshot::Style* st = s_.style(n);
  if (!st) {
    // No layout: the root of a display:none subtree when the parent is rendered (a shadow root
    // stands for its host); deeper nodes were reached only because an ancestor was kept as a
    // disclosure. A document's root without layout is not shown at all (`html {display: none}`).
    uint32_t owner = common::contents_owner(s_, i);
    if (owner == kNone) return true;
    return s_[owner].has_layout() && !disclosure(i);
  }
  if (st->opacity <= 0.0f && !reader_) {
    bool lazy_media = n.tag == "img" || n.tag == "picture" || n.tag == "video";
    if (!lazy_media) return true;
  }
  if (reader_) {
    const std::string_view* style = s_.attribute(n, "style");
    if (style && inline_style_is(*style, "visibility", "hidden")) return true;
  }
  if (n.tag == "img") {
    const snapshot::Geometry* g = s_.geometry_of(n);
    const std::string_view* w = s_.attribute(n, "width");
    const std::string_view* h = s_.attribute(n, "height");
    bool pixel_attrs = w && h && (*w == "1" || *w == "0") && (*h == "1" || *h == "0");
    bool pixel_box = g && g->w > 0 && g->w <= 1.5f && g->h > 0 && g->h <= 1.5f;
    if (pixel_attrs || pixel_box) return true;  // tracking pixels
  }
  return false;
}

bool NoiseRules::hides_text_node(uint32_t text_node) const {
  if (in_hidden_contents(text_node)) return true;
  uint32_t p = s_[text_node].parent;
  return p != kNone && s_[p].is_element() && hides_own_text(p);
}

bool NoiseRules::hides_own_text(uint32_t i) const {
  if (reader_) return false;
  const snapshot::Style* st = s_.style(s_[i]);
  return st && (st->visibility == "hidden" || st->visibility == "collapse");
}

}  // namespace dehydra::markdown
