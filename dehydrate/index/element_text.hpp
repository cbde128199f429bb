// The text an indexed element's line shows: its descendant text up to the next indexed element,
// one text node per line part. And whether a text node with no indexed ancestor gets a line of
// its own ("bare text").
#pragma once
#include <string>
#include <vector>

#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

// out[text_slot] = the joined, trimmed and (outside compat mode) capped text of that index's element.
void collect_element_texts(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st,
                           int32_t index_count, std::vector<std::string>& out);

// Text node i, trimmed; empty when it prints nothing.
std::string_view trimmed_text(const snapshot::Snapshot& s, uint32_t i);

// True when text node i, owned by no indexed element, is printed as a line of its own.
bool bare_text_shown(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i);

// The value of textarea i when it is shown as text of its own (not indexed, owned by no indexed
// element): what Page Agent prints from its text child. Empty otherwise.
std::string_view unowned_textarea_text(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i);

// How text node i joins the text node just before it, its previous sibling, when one of the two is
// CSS generated content (a "★ " before a label, a " *" after it): on the same line, with " " when
// either side has whitespace at the join, else with nothing. nullptr when it takes a line part of
// its own (always in compat mode: its walks read no generated content).
const char* glue_to_previous(const snapshot::Snapshot& s, uint32_t i);

// `text` cut to `cap` UTF-16 units with an ellipsis (cap 0: unchanged).
std::string cap_with_ellipsis(std::string_view text, uint32_t cap);

}  // namespace dehydra::index
