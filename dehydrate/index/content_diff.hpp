// diff: true — the content keeps only the lines that are new or changed since the PageController's
// previous update, then names the indices that vanished. The first update prints everything.
// Every update with stable numbers is remembered, so a diff compares with the last state read,
// whether that one was a diff or the whole page.
#pragma once
#include <vector>

#include "line.hpp"
#include "controller_memory.hpp"

namespace dehydra::index {

// Remembers the full `lines` for the next call; with `rewrite`, first rewrites them to the difference.
void diff_lines(std::vector<Line>& lines, ControllerMemory& memory, bool rewrite);

}  // namespace dehydra::index
