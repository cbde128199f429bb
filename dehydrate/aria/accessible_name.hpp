// Accessible names per accname 1.2 as Chromium computes them and Playwright reproduces them:
// aria-labelledby, embedded controls, aria-label, native labels (label, alt, value, legend,
// caption, optgroup label), name from content for the roles that allow it, title, placeholder.
// Evaluated with an explicit stack of frames (labelledby → content → labels nest arbitrarily deep).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
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
  // Where a frame is in the computation, and how its sub-calls' texts join.
  enum Phase : uint8_t { kStart, kAfterLabelledby, kMain, kReturnAcc, kAfterContent, kTitle };
  enum Join : uint8_t { kJoinSpace, kJoinNonEmpty, kContent, kSingle };
  struct Frame;
  std::string compute(uint32_t element);
  // One step of the top frame, by its phase (accessible_name.cpp).
  bool step(std::vector<Frame>& stack);
  bool push_call(std::vector<Frame>& stack, uint32_t node, const Options& o);
  bool run_pending(std::vector<Frame>& stack, const Options& sub);
  bool start(std::vector<Frame>& stack);
  void start_calls(Frame& f, std::vector<uint32_t> nodes, Join join, Phase then);
  void main_phase(Frame& f, bool outermost);
  bool embedded_control(Frame& f, std::string_view role);
  bool native(Frame& f);
  // What the steps read.
  std::vector<uint32_t> content_of(uint32_t element) const;
  bool labelled_by_itself(uint32_t element) const;
  std::string text_content(uint32_t element) const;
  std::vector<uint32_t> chosen_options(uint32_t select, std::string_view role) const;
  std::vector<uint32_t> aria_selected_options(uint32_t element, std::string_view role) const;
  std::vector<uint32_t> descendants_and_owned(uint32_t root) const;
  std::vector<uint32_t> element_descendants(uint32_t root) const;

  AriaContext& ctx_;
  std::vector<uint32_t> visited_;
  uint32_t epoch_ = 0;
  uint32_t budget_ = 0;
  uint64_t spent_ = 0;
  bool named_by_own_label_ = false;  // the last name came from the element's own aria-label
};

}  // namespace dehydra::aria
