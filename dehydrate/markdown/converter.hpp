// HTML -> Markdown over the snapshot arena: one explicit-stack walk (the DOM depth never reaches the
// C++ call stack), block structure in BlockLayout, inline runs in InlineText.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

struct ConvertOptions {
  std::string base_url;                          // the document's base URL; "" = the snapshot URL
  uint32_t root = snapshot::kNone;               // subtree to convert; kNone = the whole snapshot
  const std::vector<uint8_t>* excluded = nullptr;  // per node: 1 = leave out (article clutter)
  bool reader = false;                           // article mode: see NoiseRules

};

std::string convert(const snapshot::Snapshot& s, const ConvertOptions& options);

}  // namespace dehydra::markdown
