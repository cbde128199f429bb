// Accessible names per accname 1.2 as Chromium computes them and Playwright reproduces them:
// aria-labelledby, embedded controls, aria-label, native labels (label, alt, value, legend,
// caption, figcaption), name from content for the roles that allow it, title, placeholder.
// Evaluated with an explicit stack of frames (labelledby → content → labels nest arbitrarily deep).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "aria_context.hpp"

namespace dehydra::aria {

class AccessibleNames {
 public:
  explicit AccessibleNames(AriaContext& ctx) : ctx_(ctx), visited_(ctx.s.nodes.size(), 0) {}
  // The element's name, whitespace-normalised ("" when it has none or its role forbids naming).
  std::string name(uint32_t element);

 private:
  struct Options {
    bool in_labelledby = false, in_label = false, in_native = false;
    bool hidden_reference = false;  // the referenced root was hidden: include hidden content
    uint8_t target = 0;             // 0 not inside the target, 1 the target itself, 2 a descendant
  };
  struct Frame;
  std::string compute(uint32_t element);
  bool step(std::vector<Frame>& stack);
  std::vector<uint32_t> content_of(uint32_t element) const;

  AriaContext& ctx_;
  std::vector<uint32_t> visited_;
  uint32_t epoch_ = 0;
  uint32_t budget_ = 0;
  uint64_t spent_ = 0;
  bool named_by_own_label_ = false;  // the last name came from the element's own aria-label
};

}  // namespace dehydra::aria
