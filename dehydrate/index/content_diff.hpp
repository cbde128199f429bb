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
// `behind`: the sorted stable ids of the elements a modal hides now. They are not gone, and what
// was read of the page behind the modal is kept, so closing it lists only what changed meanwhile.
void diff_lines(std::vector<Line>& lines, ControllerMemory& memory, bool rewrite, const std::vector<uint32_t>& behind);

}  // namespace dehydra::index
