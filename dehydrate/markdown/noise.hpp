// Which subtrees of the page are noise to a reader: not rendered, invisible, tracking pixels,
// cloaked templates, serialized SPA state. Disclosures (tab panels, aria-controls targets, collapsed
// <details>, hidden=until-found) are content the user can reveal, so they are kept.
#pragma once
#include <cstdint>
#include <string_view>
#include <unordered_set>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

class NoiseRules {
 public:
  // `reader`: article mode, where only structural hiding counts (display:none, hidden state
  // blobs): pages fade content in with opacity/visibility once their scripts run, and a reader of
  // the article wants it whether or not the reveal animation happened. Hiding the markup itself
  // states (inline visibility:hidden, hidden, display:none) still counts.
  explicit NoiseRules(const snapshot::Snapshot& s, bool reader = false);
  // True when the element (and its subtree) is left out of the Markdown.
  bool drops(uint32_t node) const;
  // True when the element's own text is invisible (visibility:hidden) though children may show.
  bool hides_own_text(uint32_t node) const;
  // True when a text node's parent element hides its own text.
  bool hides_text_node(uint32_t text_node) const;
  // A hidden element holding one long JSON text (`__NEXT_DATA__`-style state).
  bool serialized_state(uint32_t node) const;
  bool disclosure(uint32_t node) const;
  // `node` sits directly in contents hidden with content-visibility:hidden (not hidden=until-found,
  // which sets the same style for a section the page reveals on find: a disclosure).
  bool in_hidden_contents(uint32_t node) const;

 private:
  const snapshot::Snapshot& s_;
  bool reader_;
  std::unordered_set<std::string_view> controlled_ids_;  // aria-controls targets of toggles/tabs
};

// The page's inline `style` sets `property: value` (e.g. display: none).
bool inline_style_is(std::string_view style, std::string_view property, std::string_view value);
bool inline_display_none(std::string_view style);

}  // namespace dehydra::markdown
