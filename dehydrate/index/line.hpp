// One line of the content, before it is joined: what it shows and where it came from, so diff and
// folding can work on lines instead of re-parsing text.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace dehydra::index {

enum class LineKind : uint8_t { Element, Text, Open, Close, Note };

struct Line {
  LineKind kind = LineKind::Text;
  uint32_t depth = 0;
  std::string text;        // without the leading tabs
  int32_t index = -1;      // element lines
  uint32_t stable_id = 0;  // element lines
  std::string shape;       // element lines: tag and printed attribute names (similar items share it)
};

// Joins lines with "\n", each indented by its depth in tabs.
std::string render_lines(const std::vector<Line>& lines);

}  // namespace dehydra::index
