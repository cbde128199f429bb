// Main-content ("reader") extraction over the snapshot, without touching the page: scores blocks by
// the text they hold (length, commas, link density), lets the score flow to ancestors, picks the
// best container plus related siblings, and marks clutter inside it (share bars, link farms, forms)
// to be left out. Title from the document title / top heading; byline from author markup.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

struct Article {
  std::string title, byline;
  std::vector<uint32_t> roots;    // containers to convert, in document order
  std::vector<uint8_t> excluded;  // per node: 1 = leave out of the article
  std::vector<std::pair<uint32_t, double>> candidates;  // best scored containers, for diagnostics
};

Article extract_article(const snapshot::Snapshot& s);

}  // namespace dehydra::markdown
