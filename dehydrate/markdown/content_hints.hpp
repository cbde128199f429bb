// Class / id / role hints that a block is (or is not) main content: the vocabulary of sites'
// templates. Returns a weight: positive for article-like names, negative for chrome and clutter.
#pragma once
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

int class_weight(const snapshot::Snapshot& s, const snapshot::Node& n);

// Chrome that is never the article: nav bars, footers, comment sections, ads, share widgets.
bool unlikely_content(const snapshot::Snapshot& s, const snapshot::Node& n);

}  // namespace dehydra::markdown
