// The browser state of one dehydrate call (Page Agent's header, content and footer, plus the index
// table), built over the snapshot arena: classify, assign indices, serialize, wrap in the header
// and footer. The result is data; the JS shim maps ordinals back to elements.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "node_state.hpp"
#include "options.hpp"
#include "serialize_text.hpp"
#include "controller_memory.hpp"

namespace dehydra::index {

struct DehydrateResult {
  std::string header, content, footer;
  std::vector<IndexEntry> entries;        // in document order
  std::vector<int32_t> index_by_ordinal;  // element ordinal -> index, -1 when none
};

// Memory that outlives one call: which elements were ever interactive (by stable id, module-wide
// as in Page Agent), and each PageController's numbers and previous lines (by the id the
// `session` option carries).
struct DehydrateMemory {
  std::vector<uint8_t> seen_interactive;
  std::unordered_map<uint32_t, ControllerMemory> controllers;
};

void dehydrate(const snapshot::Snapshot& s, const IndexOptions& options, DehydrateMemory& memory,
               DehydrateResult& out);

// {"header","content","footer","entries":[{index, ordinal, stableId, isNew, line|null, x, y, width,
// height}, ...]}
// Rectangles are in the top document's viewport (frame offsets added).
std::string result_json(const snapshot::Snapshot& s, const DehydrateResult& r);

}  // namespace dehydra::index
