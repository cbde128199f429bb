// diff: true — the content keeps only the lines that are new or changed since the session's
// previous update, then names the indices that vanished. The first update prints everything.
#pragma once
#include <vector>

#include "line.hpp"
#include "session_memory.hpp"

namespace dehydra::index {

// Rewrites `lines` to the difference and remembers the full `lines` for the next call.
void diff_lines(std::vector<Line>& lines, SessionMemory& memory);

}  // namespace dehydra::index
