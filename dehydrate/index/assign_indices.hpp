// Index assignment: pre-order, counting from 0. An interactive element gets an index when no
// ancestor has one, or when it is a distinct interaction of its own (a link in a card, an item in
// a menu). Also marks elements never seen interactive before (`*[n]`).
#pragma once
#include <cstdint>
#include <vector>

#include "node_state.hpp"
#include "options.hpp"
#include "controller_memory.hpp"

namespace dehydra::index {

// `seen_interactive` (by stable id) remembers every element ever judged interactive; it outlives
// snapshots, so an element is new only the first time. With `numbers` (stableIndices) an element
// keeps the number it got first. Returns the number of indices given.
// Inert elements and those behind an open modal get no index; `behind_count`, when given, counts
// the elements behind the modal that would have one.
int32_t assign_indices(const snapshot::Snapshot& s, const IndexOptions& options, NodeStates& states,
                       std::vector<uint8_t>& seen_interactive, ControllerMemory* numbers,
                       int32_t* behind_count = nullptr);

// Page Agent's isElementDistinctInteraction for node i (whose classification is done).
bool is_distinct_interaction(const snapshot::Snapshot& s, const NodeStates& states, uint32_t i);

// Whether is_distinct_interaction(i) may read the boxes of i's children: only the heuristic for
// known containers does, once every test of markup has said no. Its fields (editable,
// known_container) do not depend on boxes, so a classification without boxes answers the same.
bool distinct_needs_child_boxes(const snapshot::Snapshot& s, const NodeStates& states, uint32_t i);

}  // namespace dehydra::index
