// The text an indexed element's line shows: its descendant text up to the next indexed element,
// one line part per text node, or outside compat mode per run of inline text. And whether a text
// node with no indexed ancestor gets a line of its own ("bare text").
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
std::string_view unowned_textarea_text(const snapshot::Snapshot& s, const IndexOptions& o,
    const NodeStates& st, uint32_t i);

// How text node i continues text node j (an earlier one) on the same line, outside compat mode:
// when both lie on the same line box and only inline, unindexed elements come between (a link's
// "Save <b>draft</b>", a paragraph's "Some <em>emphasised</em> text"; `owner`, the indexed element
// that takes both, may stand between: a control inside its label). With " " when white space,
// text not printed or the owner comes between, else with nothing ("un<b>usual</b>"). nullptr when
// i starts a line or line part of its own: a block, a line break, a picture or an indexed element
// comes between. Linear in the nodes between the two and the boxes that close after j.
const char* inline_glue(const snapshot::Snapshot& s, const NodeStates& st, uint32_t j, uint32_t i, uint32_t owner);

// Whether `text` is longer than `cap` UTF-16 units (cap 0: never).
bool over_cap(std::string_view text, uint32_t cap);

// `text` cut to `cap` UTF-16 units with an ellipsis (cap 0: unchanged).
std::string cap_with_ellipsis(std::string_view text, uint32_t cap);

}  // namespace dehydra::index
