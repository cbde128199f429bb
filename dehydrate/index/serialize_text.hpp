// The content text: one line per indexed element (`\t`×depth, `*` if new, `[i]<tag attrs>text />`),
// bare text lines, optional semantic landmarks. Depth grows only below an indexed element.
#pragma once
#include <string>
#include <vector>

#include "line.hpp"
#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

struct IndexEntry {
  int32_t index = -1;
  uint32_t node = 0;
  uint32_t ordinal = 0;
  uint32_t stable_id = 0;
  bool is_new = false;
  std::string line;  // the first line of its entry without leading tabs, as Page Agent's text map keeps it
};

// Writes the content lines into `out` and one entry per index (in document order) into `entries`.
void serialize_text(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st,
                    const std::vector<std::string>& texts, std::vector<Line>& out, std::vector<IndexEntry>& entries);

}  // namespace dehydra::index
