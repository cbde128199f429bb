// ARIA states of a node in the tree, as Playwright's snapshot reads them: checked (incl. mixed),
// disabled (native incl. fieldset, or aria-disabled up the chain), expanded, level, pressed,
// selected, invalid; plus required (native or aria-required), which agents need for forms.
#pragma once
#include <cstdint>
#include <string_view>

#include "aria_context.hpp"

namespace dehydra::aria {

struct AriaStates {
  uint8_t checked = 0;   // 0 no, 1 yes, 2 mixed
  bool disabled = false;
  bool expanded = false;
  uint8_t level = 0;
  uint8_t pressed = 0;   // 0 no, 1 yes, 2 mixed
  bool selected = false;
  uint8_t invalid = 0;   // 0 no, 1 true, 2 grammar, 3 spelling
  bool required = false;
};

AriaStates compute_states(AriaContext& ctx, uint32_t node, std::string_view role);

}  // namespace dehydra::aria
