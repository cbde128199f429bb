// Texts the WebMCP form schema takes from the page, as Chromium computes them: a label's text
// (its textContent without labelable descendants, ASCII-trimmed), a control's description
// (toolparamdescription, else its labels joined by "; ", else aria-description), and an option's
// value and title.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "../common/label_association.hpp"
#include "../snapshot/arena.hpp"

namespace dehydra::forms {

std::string label_text(const snapshot::Snapshot& s, uint32_t label);
// The control's labels' texts, empty ones dropped, joined by "; ".
std::string labels_text(const snapshot::Snapshot& s, const common::LabelAssociation& labels, uint32_t control);
std::optional<std::string> control_description(const snapshot::Snapshot& s, const common::LabelAssociation& labels,
                                               uint32_t control);
std::string text_content(const snapshot::Snapshot& s, uint32_t node);
// option.value: the value attribute, else the text with ASCII whitespace stripped and collapsed.
std::string option_value(const snapshot::Snapshot& s, uint32_t option);
// option.label: the label attribute, else the text stripped and collapsed as above.
std::string option_label(const snapshot::Snapshot& s, uint32_t option);

}  // namespace dehydra::forms
