// The words Page Agent's heuristics look for: cursors, tags and roles that mean "interactive" or
// "a separate interaction", semantic landmarks, and the default attributes it prints.
#pragma once
#include <string_view>

namespace dehydra::index {

bool is_interactive_cursor(std::string_view cursor);
bool is_refusing_cursor(std::string_view cursor);        // not-allowed, wait, ...
bool is_interactive_tag(std::string_view tag);           // a, button, input, ...
bool is_interactive_role(std::string_view role, bool with_link);
bool is_distinct_tag(std::string_view tag);
bool is_distinct_role(std::string_view role);
bool is_rejected_tag(std::string_view tag);              // svg, script, style, ... (with subtree)
bool is_semantic_tag(std::string_view tag);              // nav, menu, header, footer, aside, dialog
bool is_item_role(std::string_view role);                // list/menu/tree/grid items and options

// aria-* attributes whose presence marks a widget (aria-expanded, aria-checked, ...).
extern const std::string_view kInteractiveAria[13];
// Other inline handler attributes that make an element a distinct interaction.
extern const std::string_view kHandlerAttributes[9];
// Attributes that drop an element with its subtree when their value is exactly "true"
// (aria-hidden and the two ignore markers). The shim's dehydrate walk skips those subtrees too.
extern const std::string_view kIgnoringAttributes[3];
// The attributes printed by default, in Page Agent's order.
extern const std::string_view kDefaultAttributes[20];
// Printed after those outside compat mode: the states an agent acts on (which tab is open, which
// toggle is on, which link is the current page, what is disabled, invalid, sorted or required,
// where a slider or a number field stands between which bounds).
extern const std::string_view kStateAttributes[13];

}  // namespace dehydra::index
