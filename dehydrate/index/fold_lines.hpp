// maxTokens: when the content would exceed the budget, long runs of similar sibling items (same
// depth, same tag and attribute names) keep their first items and fold the rest into one line,
// "… 120 more like [40]". Lines are never cut; folded items keep their indices.
#pragma once
#include <cstdint>
#include <vector>

#include "line.hpp"

namespace dehydra::index {

// Rough o200k token estimate of one rendered line.
uint32_t estimate_tokens(const Line& line);

void fold_lines(std::vector<Line>& lines, uint32_t max_tokens);

}  // namespace dehydra::index
