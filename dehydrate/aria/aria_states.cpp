#include "aria_states.hpp"
#include "../base/ascii_text.hpp"

#include <cstdlib>
#include <string>

#include "../common/input_type.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;

namespace {

bool attr_is(const snapshot::Snapshot& s, const Node& n, std::string_view name, std::string_view value) {
  const std::string_view* v = s.attribute(n, name);
  return v && common::equals_ignore_case(*v, value);
}

bool aria_disabled_in_chain(AriaContext& ctx, uint32_t node) {
  for (uint32_t e = node; e != kNone; e = ctx.scopes.parent_element(e)) {
    const std::string_view* v = ctx.s.attribute(ctx.s.nodes[e], "aria-disabled");
    if (!v) continue;
    if (common::equals_ignore_case(*v, "true")) return true;
    if (common::equals_ignore_case(*v, "false")) return false;
  }
  return false;
}

// An option's or optgroup's own disabled state as Playwright reads it: its attribute, a disabled
// optgroup around an option, or a disabled fieldset around it (outside that fieldset's first
// legend). Chromium's :disabled also takes a disabled select's options; the select says so itself.
bool option_disabled(AriaContext& ctx, uint32_t node) {
  const snapshot::Snapshot& s = ctx.s;
  const Node& n = s.nodes[node];
  if (s.has_attribute(n, "disabled")) return true;
  uint32_t below = node;
  for (uint32_t e = ctx.scopes.parent_element(node); e != kNone; below = e, e = ctx.scopes.parent_element(e)) {
    const Node& a = s.nodes[e];
    if (!s.has_attribute(a, "disabled")) continue;
    if (a.tag == "optgroup" && n.tag == "option") return true;
    if (a.tag != "fieldset") continue;
    return below != s.first_child_element(e, "legend");
  }
  return false;
}

}  // namespace

AriaStates compute_states(AriaContext& ctx, uint32_t node, std::string_view role) {
  const snapshot::Snapshot& s = ctx.s;
  const Node& n = s.nodes[node];
  AriaStates st;
  std::string_view tag = n.tag;
  bool is_input = tag == "input";

  if (role_in(role, {"checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem"})) {
    std::string_view type = is_input ? common::input_type(s, n) : std::string_view{};
    if (is_input && n.has(snapshot::F_INDETERMINATE)) st.checked = 2;
    else if (is_input && (type == "checkbox" || type == "radio")) st.checked = n.has(snapshot::F_CHECKED) ? 1 : 0;
    else if (attr_is(s, n, "aria-checked", "true")) st.checked = 1;
    else if (attr_is(s, n, "aria-checked", "mixed")) st.checked = 2;
  }
  if (role_in(role, {"application", "button", "composite", "gridcell", "group", "input", "link", "menuitem",
                     "scrollbar", "separator", "tab", "checkbox", "columnheader", "combobox", "grid", "listbox", "menu",
                     "menubar", "menuitemcheckbox", "menuitemradio", "option", "radio", "radiogroup", "row",
                     "rowheader", "searchbox", "select", "slider", "spinbutton", "switch", "tablist", "textbox",
                     "toolbar", "tree", "treegrid", "treeitem"})) {
    bool native = tag == "button" || is_input || tag == "select" || tag == "textarea";
    bool natively_disabled = tag == "option" || tag == "optgroup"
                                 ? n.has(snapshot::F_DISABLED) && option_disabled(ctx, node)
                                 : native && n.has(snapshot::F_DISABLED);
    st.disabled = natively_disabled || aria_disabled_in_chain(ctx, node);
  }
  if (role_in(role, {"application", "button", "checkbox", "combobox", "gridcell", "link", "listbox", "menuitem", "row",
                     "rowheader", "tab", "treeitem", "columnheader", "menuitemcheckbox", "menuitemradio", "switch"})) {
    st.expanded = tag == "details" ? n.has(snapshot::F_OPEN) : attr_is(s, n, "aria-expanded", "true");
  }
  if (role_in(role, {"heading", "listitem", "row", "treeitem"})) {
    if (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6') {
      st.level = static_cast<uint8_t>(tag[1] - '0');
    } else if (const std::string_view* lv = s.attribute(n, "aria-level")) {
      std::string text(*lv);
      char* end = nullptr;
      double v = std::strtod(text.c_str(), &end);
      bool whole = end && *end == '\0' && !text.empty();
      if (whole && v >= 1 && v <= 255 && v == static_cast<double>(static_cast<int>(v)))
        st.level = static_cast<uint8_t>(v);
    }
  }
  if (role == "button") {
    if (attr_is(s, n, "aria-pressed", "true")) st.pressed = 1;
    else if (attr_is(s, n, "aria-pressed", "mixed")) st.pressed = 2;
  }
  if (role_in(role, {"gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem"})) {
    st.selected = tag == "option" ? n.has(snapshot::F_SELECTED) : attr_is(s, n, "aria-selected", "true");
  }
  if (role_in(role, {"application", "checkbox", "columnheader", "combobox", "gridcell", "listbox", "radiogroup",
                     "rowheader", "searchbox", "slider", "spinbutton", "switch", "textbox", "tree"})) {
    if (const std::string_view* inv = s.attribute(n, "aria-invalid")) {
      std::string_view v = *inv;
      if (!common::trim_ascii(v).empty() && !common::equals_ignore_case(v, "false")) {
        if (common::equals_ignore_case(v, "grammar")) st.invalid = 2;
        else if (common::equals_ignore_case(v, "spelling")) st.invalid = 3;
        else st.invalid = 1;
      }
    }
  }
  bool native_required = (is_input || tag == "select" || tag == "textarea") && s.has_attribute(n, "required");
  st.required = native_required || attr_is(s, n, "aria-required", "true");
  return st;
}

}  // namespace dehydra::aria
