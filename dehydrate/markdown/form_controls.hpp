// Form controls as text: ☑/☐ for checkboxes and radios, a field's value (or its placeholder) as a
// code span, a select's chosen options, button labels. Password values are never read.
#pragma once
#include <cstdint>
#include <string>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

// Markdown for an <input>, <select> or <textarea>; "" when it shows nothing (hidden inputs).
std::string form_control(const snapshot::Snapshot& s, uint32_t node);

}  // namespace dehydra::markdown
