#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
template <size_t N>
bool in(std::string_view v, const std::string_view (&set)[N]) {
  for (std::string_view s : set)
    if (s == v) return true;
  return false;
}

const std::string_view kCursors[] = {
    "pointer", "move", "text", "grab", "grabbing", "cell", "copy", "alias", "all-scroll", "col-resize",
    "context-menu", "crosshair", "e-resize", "ew-resize", "help", "n-resize", "ne-resize", "nesw-resize",
    "ns-resize", "nw-resize", "nwse-resize", "row-resize", "s-resize", "se-resize", "sw-resize",
    "vertical-text", "w-resize", "zoom-in", "zoom-out"};
const std::string_view kRefusingCursors[] = {"not-allowed", "no-drop", "wait", "progress", "initial", "inherit"};
const std::string_view kInteractiveTags[] = {"a", "button", "input", "select", "textarea", "details",
                                             "summary", "label", "option", "optgroup", "fieldset", "legend"};
const std::string_view kInteractiveRoles[] = {
    "button", "menu", "menubar", "menuitem", "menuitemradio", "menuitemcheckbox", "radio", "checkbox", "tab",
    "switch", "slider", "spinbutton", "combobox", "searchbox", "textbox", "listbox", "option", "scrollbar"};
const std::string_view kDistinctTags[] = {"a", "button", "input", "select", "textarea",
                                          "summary", "details", "label", "option", "li"};
const std::string_view kDistinctRoles[] = {
    "button", "link", "menuitem", "menuitemradio", "menuitemcheckbox", "radio", "checkbox", "tab",
    "switch", "slider", "spinbutton", "combobox", "searchbox", "textbox", "listbox", "listitem",
    "treeitem", "row", "option", "scrollbar"};
const std::string_view kRejected[] = {"svg", "script", "style", "link", "meta", "noscript", "template"};
const std::string_view kSemantic[] = {"nav", "menu", "header", "footer", "aside", "dialog"};
const std::string_view kItemRoles[] = {"listitem", "menuitem", "menuitemradio", "menuitemcheckbox", "option",
                                       "treeitem", "row", "tab", "gridcell", "link", "button"};
}  // namespace

const std::string_view kInteractiveAria[13] = {
    "aria-expanded", "aria-checked", "aria-selected", "aria-pressed", "aria-haspopup",
    "aria-controls", "aria-owns", "aria-activedescendant", "aria-valuenow", "aria-valuetext",
    "aria-valuemax", "aria-valuemin", "aria-autocomplete"};
const std::string_view kHandlerAttributes[9] = {"onmousedown", "onmouseup", "onkeydown", "onkeyup", "onsubmit",
                                                "onchange", "oninput", "onfocus", "onblur"};
const std::string_view kIgnoringAttributes[3] = {"aria-hidden", "data-browser-use-ignore", "data-page-agent-ignore"};
const std::string_view kDefaultAttributes[20] = {
    "title", "type", "checked", "name", "role", "value", "placeholder", "data-date-format", "alt",
    "aria-label", "aria-expanded", "data-state", "aria-checked", "id", "for", "target",
    "aria-haspopup", "aria-controls", "aria-owns", "contenteditable"};
const std::string_view kStateAttributes[13] = {"aria-selected", "aria-pressed", "aria-current", "aria-disabled",
                                                "aria-invalid", "aria-sort", "required", "min", "max",
                                                "aria-valuenow", "aria-valuetext", "aria-valuemin", "aria-valuemax"};

bool is_interactive_cursor(std::string_view c) { return in(c, kCursors); }
bool is_refusing_cursor(std::string_view c) { return in(c, kRefusingCursors); }
bool is_interactive_tag(std::string_view t) { return in(t, kInteractiveTags); }
bool is_interactive_role(std::string_view r, bool with_link) {
  return in(r, kInteractiveRoles) || (with_link && r == "link");
}
bool is_distinct_tag(std::string_view t) { return in(t, kDistinctTags); }
bool is_distinct_role(std::string_view r) { return in(r, kDistinctRoles); }
bool is_rejected_tag(std::string_view t) { return in(t, kRejected); }
bool is_semantic_tag(std::string_view t) { return in(t, kSemantic); }
bool is_item_role(std::string_view r) { return in(r, kItemRoles); }

}  // namespace dehydra::index
