// What the dehydrate passes learn about each snapshot node, filled in pre-order (a parent's state
// is always final before its children are visited: the arena stores nodes in pre-order).
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::index {

struct NodeState {
  bool skipped = false;          // left out with its subtree (ignored, rejected, off-viewport)
  bool visible = false;          // Page Agent's isElementVisible: sized, not hidden
  bool top = false;              // in the viewport and not covered (always, for the whole page)
  bool transparent = false;      // opacity 0 here or above
  bool inert = false;            // inert here or above (not in compat mode): no input reaches it,
                                 // so it is never indexed (`interactive` still says what it would be)
  bool behind = false;           // behind an open modal (modal_layer.hpp): neither indexed nor printed
  bool behind_down = false;      // counting what a modal hides: it or an ancestor would have an index
  bool unrendered = false;       // in contents the browser skips (content-visibility:hidden, closed <details>)
  bool text_shown = false;       // text children of this node are really painted
  bool editable = false;         // isContentEditable, inherited
  bool known_container = false;  // self or an ancestor is a button, a link, a menu, a toolbar...
  bool interactive = false;
  bool scrollable = false;       // judged interactive because it scrolls (prints scroll data)
  bool cursor_inherited = false; // its interactive cursor comes from its parent
  bool cursor_relay = false;     // a shadow root or display:contents box passing a target's cursor on
  std::string_view relay_cursor; // the cursor it passes on
  std::string_view cursor;       // its cursor as the rules read it: `auto` in a link reads as a link's pointer
  bool link_auto = false;        // its `auto` cursor is a link's (WebKit's default style gives links `auto`)
  uint32_t grid = snapshot::kNone;  // the nearest grid, treegrid or table at or above it (not in compat mode)
  bool grid_part = false;        // a cell or header of that grid taking focus, selection or sorting: a target
  bool highlighted = false;      // got an index
  bool pass_down = false;        // "parent is highlighted" as its children see it
  bool is_new = false;
  int32_t index = -1;             // the printed number
  int32_t text_slot = -1;         // dense position among indexed elements (0, 1, 2, ...)
  uint32_t owner = snapshot::kNone;  // nearest highlighted ancestor (whose line takes its text)
  uint32_t merged_into = snapshot::kNone;  // a folded wrapper: the entry its text joins (fold_wrappers)
};

using NodeStates = std::vector<NodeState>;

}  // namespace dehydra::index
