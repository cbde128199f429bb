#include "content_diff.hpp"
#include "../base/noinline.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace dehydra::index {
namespace {
// The "new" star is not a change.
std::string_view without_star(const std::string& text) {
  std::string_view v(text);
  return !v.empty() && v[0] == '*' ? v.substr(1) : v;
}
}  // namespace

DEHYDRA_STAGE void diff_lines(std::vector<Line>& lines, ControllerMemory& memory, bool rewrite,
    const std::vector<uint32_t>& behind) {
  std::unordered_map<uint32_t, std::pair<int32_t, std::string>> elements;
  std::unordered_map<std::string, uint32_t> texts;
  for (const Line& l : lines) {
    if (l.kind == LineKind::Element) elements[l.stable_id] = {l.index, std::string(without_star(l.text))};
    else if (l.kind == LineKind::Text) ++texts[l.text];
  }
  if (rewrite && memory.has_previous) {
    std::vector<Line> changed;
    std::unordered_map<std::string, uint32_t> old_texts = memory.previous_texts;
    for (Line& l : lines) {
      if (l.kind == LineKind::Element) {
        auto was = memory.previous_elements.find(l.stable_id);
        if (was != memory.previous_elements.end() && was->second.second == without_star(l.text)) continue;
        changed.push_back(std::move(l));
      } else if (l.kind == LineKind::Text) {
        auto was = old_texts.find(l.text);
        if (was != old_texts.end() && was->second > 0) { --was->second; continue; }
        changed.push_back(std::move(l));
      }
    }
    std::vector<uint32_t> gone;  // indices, never negative: unsigned, sorted as the ids elsewhere are
    for (const auto& [id, old] : memory.previous_elements)
      if (elements.find(id) == elements.end() && !std::binary_search(behind.begin(), behind.end(), id))
        gone.push_back(static_cast<uint32_t>(old.first));
    std::sort(gone.begin(), gone.end());
    for (Line& l : changed) l.depth = 0;  // without their unchanged parents, nesting would mislead
    Line head;
    head.kind = LineKind::Note;
    head.text = changed.empty() && gone.empty() ? "(no change since the previous state)"
                                                : "(changes since the previous state; unchanged lines omitted)";
    changed.insert(changed.begin(), std::move(head));
    if (!gone.empty()) {
      Line note;
      note.kind = LineKind::Note;
      note.text = "Gone:";
      for (uint32_t i : gone) note.text += " [" + std::to_string(i) + "]";
      changed.push_back(std::move(note));
    }
    lines.swap(changed);
  }
  if (!behind.empty()) {
    for (const auto& [id, old] : memory.previous_elements)
      if (std::binary_search(behind.begin(), behind.end(), id)) elements.emplace(id, old);
    for (const auto& [text, n] : memory.previous_texts) {
      uint32_t& now = texts[text];
      now = std::max(now, n);
    }
  }
  memory.has_previous = true;
  memory.previous_elements.swap(elements);
  memory.previous_texts.swap(texts);
}

}  // namespace dehydra::index
