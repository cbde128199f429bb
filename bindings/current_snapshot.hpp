// The snapshot the page sent last. Binding files read it; only core_bindings.cpp replaces it.
#pragma once
#include "../dehydrate/snapshot/arena.hpp"

namespace dehydra::bindings {
// nullptr until a snapshot was loaded. Exceptions are off in the wasm build (a throw aborts the
// module), so binding code checks and returns an error instead.
const snapshot::Snapshot* current_snapshot();
}
