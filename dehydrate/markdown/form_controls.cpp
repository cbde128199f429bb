#include "form_controls.hpp"

#include "code.hpp"
#include "../base/ascii_text.hpp"
#include "escape.hpp"

namespace dehydra::markdown {

using snapshot::kNone;
using snapshot::Node;

namespace {

std::string collapsed(std::string_view raw) { return common::collapse_ascii_space(raw, true); }

std::string field(std::string_view value) {
  std::string t = collapsed(value);
  return t.empty() ? "" : code_span(t);
}

std::string escaped(std::string_view raw) {
  std::string out;
  append_escaped(out, collapsed(raw));
  return out;
}

}  // namespace

std::string form_control(const snapshot::Snapshot& s, uint32_t i) {
  const Node& n = s[i];
  const std::string_view* placeholder = s.attribute(n, "placeholder");
  if (n.tag == "input") {
    const std::string_view* type_attr = s.attribute(n, "type");
    std::string type = type_attr ? common::ascii_lower(common::trim_ascii(*type_attr)) : "text";
    if (type == "hidden" || type == "file") return "";
    if (type == "checkbox" || type == "radio") return n.has(snapshot::F_CHECKED) ? "☑" : "☐";
    if (type == "submit" || type == "reset" || type == "button") {
      const std::string_view* v = s.attribute(n, "value");
      if (v && !collapsed(*v).empty()) return escaped(*v);
      return type == "submit" ? "Submit" : type == "reset" ? "Reset" : "";
    }
    if (type == "image") {
      const std::string_view* alt = s.attribute(n, "alt");
      return alt ? escaped(*alt) : "";
    }
    if (type == "password") return placeholder ? field(*placeholder) : "";
    std::string v = n.has_value ? field(n.value) : "";
    if (v.empty()) {
      const std::string_view* attr = s.attribute(n, "value");
      if (attr) v = field(*attr);
    }
    if (v.empty() && placeholder) v = field(*placeholder);
    return v;
  }
  if (n.tag == "textarea") {
    std::string v = n.has_value ? field(n.value) : "";
    if (v.empty() && placeholder) v = field(*placeholder);
    return v;
  }
  if (n.tag == "select") {
    std::string chosen, first;
    for (uint32_t c = n.first_child; c != kNone; ) {
      const Node& o = s[c];
      if (o.is_element() && o.tag == "option") {
        std::string label = collapsed(raw_text(s, c));
        if (label.empty()) {
          const std::string_view* l = s.attribute(o, "label");
          if (l) label = collapsed(*l);
        }
        if (first.empty()) first = label;
        if (o.has(snapshot::F_SELECTED) && !label.empty()) {
          if (!chosen.empty()) chosen += ", ";
          chosen += label;
        }
        c = o.next_sibling != kNone ? o.next_sibling
            : (s[o.parent].tag == "optgroup" && o.parent != i ? s[o.parent].next_sibling : kNone);
        continue;
      }
      if (o.is_element() && o.tag == "optgroup" && o.first_child != kNone) { c = o.first_child; continue; }
      c = o.next_sibling != kNone ? o.next_sibling
          : (o.parent != i && o.parent != kNone ? s[o.parent].next_sibling : kNone);
    }
    if (chosen.empty()) chosen = first;
    return chosen.empty() ? "" : code_span(chosen);
  }
  return "";
}

}  // namespace dehydra::markdown
