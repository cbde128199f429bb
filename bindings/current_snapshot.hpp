// The snapshot the page sent last, and the indices the last dehydrate gave its elements.
// Binding files read them; core_bindings.cpp replaces the snapshot, dehydrate's binding the indices.
#pragma once
#include <cstdint>
#include <vector>

#include "../dehydrate/snapshot/arena.hpp"

namespace dehydra::bindings {

// nullptr until a snapshot was loaded. Exceptions are off in the wasm build (a throw aborts the
// module), so binding code checks and returns an error instead.
const snapshot::Snapshot* current_snapshot();

// Element ordinal -> agent index ([n] in dehydrate's text, ref=n in the accessibility tree), -1 for
// elements without one. Empty until a dehydrate ran on the current snapshot; cleared by each load.
const std::vector<int32_t>& current_indices();
void set_current_indices(std::vector<int32_t> indices);

}  // namespace dehydra::bindings
