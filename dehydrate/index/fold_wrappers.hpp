// Each control once (default mode only): after the indices are chosen and before they are numbered,
// an indexed element that only wraps other indexed controls gives up its own index.
//  - a wrapper around one control (a label and its input, a field's frame around its input, a
//    link around a lone button, a tab's frame around the tab) becomes one entry: the input for a
//    field, else the element that carries a name or state (title, aria-label, aria-selected...),
//    else the control; the dropped wrapper's text joins the kept entry's line;
//  - a label[for] with no control inside gives its text to the control it names;
//  - a container that is a target only by a click handler (no tag, role or cursor of its own says
//    so: the handler hears its children's clicks) or a composite widget's frame (menu, listbox,
//    tablist...) whose items are indexed is not listed apart.
// A wrapper that shows text of its own beside one small control (a card, a row), that scrolls or
// that edits keeps its index: that is a distinct action.
#pragma once
#include "node_state.hpp"

namespace dehydra::index {

void fold_wrappers(const snapshot::Snapshot& s, NodeStates& states);

}  // namespace dehydra::index
