// Interactive classification: which elements are visible, skipped, editable, scrollable and
// interactive, by Page Agent's rules (first match wins), with dehydra's fixes unless in compat mode.
#pragma once
#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

void classify(const snapshot::Snapshot& s, const IndexOptions& options, NodeStates& states);

// The same rules before any box is known (a lean walk): every styled element counts as sized and
// every overflow container as scrollable, so `interactive` marks a superset of the real answer.
void classify_without_boxes(const snapshot::Snapshot& s, const IndexOptions& options, NodeStates& states);

// Page Agent's scroll test: block-level, overflow auto/scroll (or a scrollbar style), >= 4 px to go.
// Outside compat mode a scrollbar style counts only on a box that clips (overflow:visible spills,
// it never scrolls).
bool is_scrollable(const snapshot::Snapshot& s, const snapshot::Node& n, bool compat);
// The style half of that test: could this element scroll, whatever its content?
bool may_scroll(const snapshot::Style& style, bool compat);

// True when the class attribute holds `token` as one of its whitespace-separated words.
bool has_class(std::string_view class_attr, std::string_view token);

}  // namespace dehydra::index
