#include "serialize_text.hpp"
#include "../base/noinline.hpp"

#include <optional>

#include "../base/js_number.hpp"
#include "../base/js_string.hpp"
#include "../snapshot/viewport_rects.hpp"
#include "attributes.hpp"
#include "classify.hpp"
#include "element_text.hpp"
#include "grid_cells.hpp"
#include "suggestions.hpp"
#include "unreadable.hpp"
#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

// Page Agent's format leaves a trailing ", " when bottom is 0; outside compat mode parts are joined.
void scroll_data(const snapshot::Geometry& g, bool compat, std::string& line) {
  double values[4] = {g.scroll_left, g.scroll_top, static_cast<double>(g.scroll_w) - g.client_w - g.scroll_left,
                      static_cast<double>(g.scroll_h) - g.client_h - g.scroll_top};
  const char* names[4] = {"left=", "top=", "right=", "bottom="};
  std::string parts;
  for (int k = 0; k < 4; ++k) {
    if (values[k] == 0) continue;
    if (!compat && !parts.empty()) parts += ", ";
    parts += names[k] + common::js_number(values[k]);
    if (compat && k < 3) parts += ", ";
  }
  line += " data-scrollable=\"" + parts + "\"";
}

// `extra`: what the line says after the element's text (an input's suggestions).
DEHYDRA_STAGE std::string element_line(const Snapshot& s, const IndexOptions& o, const NodeState& me, uint32_t i,
                         const std::string& text, const std::string& extra, std::string& shape) {
  const Node& n = s.nodes[i];
  std::string line = me.is_new ? "*[" : "[";
  line += std::to_string(me.index);
  line += "]<";
  line.append(n.tag);
  shape.assign(n.tag);
  std::string attrs = format_attributes(s, o, i, text, &shape);
  if (!attrs.empty()) line += " " + attrs;
  if (me.scrollable) {
    if (const snapshot::Geometry* g = s.geometry_of(n)) scroll_data(*g, o.page_agent_compat, line);
  }
  if (!text.empty() || !extra.empty()) {
    if (attrs.empty()) line += " ";
    line += ">" + text;
    if (!text.empty() && !extra.empty()) line += "; ";
    line += extra;
  } else if (attrs.empty()) {
    line += " ";
  }
  line += " />";
  return line;
}

// What Page Agent's elementTextMap keeps for a line: its first physical line, trimmed, when it
// reads `[n]<...>`; starred (new) lines do not match its pattern.
DEHYDRA_STAGE std::string text_map_line(const std::string& line) {
  std::string_view first(line);
  size_t nl = first.find('\n');
  if (nl != std::string_view::npos) first = first.substr(0, nl);
  first = common::js_trim(first);
  if (first.empty() || first[0] != '[') return {};
  size_t close = first.find("]<");
  if (close == std::string_view::npos || close < 2) return {};
  for (size_t k = 1; k < close; ++k)
    if (first[k] < '0' || first[k] > '9') return {};
  size_t gt = first.find('>', close + 2);
  if (gt == std::string_view::npos || gt == close + 2) return {};
  return std::string(first);
}

struct Wrapper {
  uint32_t node;
  size_t mark;
  uint32_t depth;
};

// The lines of text that stand on their own (bare text, an unowned textarea's value). Outside
// compat mode a run of inline text continues the line its previous text node started.
class OwnLines {
 public:
  OwnLines(const Snapshot& s, const IndexOptions& o, const NodeStates& st, std::vector<Line>& lines)
      : s_(s), o_(o), st_(st), lines_(lines) {}

  void write(uint32_t i, std::string_view text, uint32_t depth) {
    const bool is_text = s_.nodes[i].is_text();
    const char* glue = !o_.page_agent_compat && is_text && last_text_ != kNone && lines_.size() == end_
                           ? inline_glue(s_, st_, last_text_, i, kNone)
                           : nullptr;
    if (glue) {
      if (!capped_) {
        std::string& line = lines_.back().text;
        line.append(glue).append(text);
        capped_ = over_cap(line, o_.max_bare_text);
        if (capped_) line = cap_with_ellipsis(line, o_.max_bare_text);
      }
    } else {
      Line l;
      l.kind = LineKind::Text;
      l.depth = depth;
      l.text = o_.page_agent_compat ? std::string(text) : cap_with_ellipsis(text, o_.max_bare_text);
      capped_ = !o_.page_agent_compat && over_cap(text, o_.max_bare_text);
      lines_.push_back(std::move(l));
      end_ = lines_.size();
    }
    last_text_ = is_text ? i : kNone;
  }

 private:
  const Snapshot& s_;
  const IndexOptions& o_;
  const NodeStates& st_;
  std::vector<Line>& lines_;
  uint32_t last_text_ = kNone;  // the text node whose line is the last one written here
  size_t end_ = 0;              // lines_.size() after it: a line written since ends the run
  bool capped_ = false;         // that line reached maxBareText
};
}  // namespace

DEHYDRA_STAGE void serialize_text(const Snapshot& s, const IndexOptions& o, const NodeStates& st,
                    const std::vector<std::string>& texts, std::vector<Line>& lines, std::vector<IndexEntry>& entries) {
  const size_t count = s.nodes.size();
  std::vector<uint32_t> child_depth(count, 0);
  lines.clear();
  std::vector<uint32_t> subtree_end;
  if (o.keep_semantic_tags) {
    subtree_end.resize(count);
    for (uint32_t i = 0; i < count; ++i) subtree_end[i] = i + 1;
    for (uint32_t i = static_cast<uint32_t>(count); i-- > 1;) {
      uint32_t p = s.nodes[i].parent;
      if (p != kNone && subtree_end[p] < subtree_end[i]) subtree_end[p] = subtree_end[i];
    }
  }
  std::optional<snapshot::ViewportRects> rects;
  if (o.boxes) rects.emplace(s);
  std::vector<Wrapper> open;
  Suggestions suggestions(s);
  GridPositions grid_positions(s, st);
  auto close_until = [&](uint32_t i) {
    while (!open.empty() && i >= subtree_end[open.back().node]) {
      const Wrapper& w = open.back();
      if (lines.size() == w.mark + 1) {
        lines.pop_back();
      } else {
        Line l;
        l.kind = LineKind::Close;
        l.depth = w.depth;
        l.text = "</" + std::string(s.nodes[w.node].tag) + ">";
        lines.push_back(std::move(l));
      }
      open.pop_back();
    }
  };
  OwnLines own_lines(s, o, st, lines);
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s.nodes[i];
    const NodeState& me = st[i];
    if (!open.empty()) close_until(i);
    if (me.skipped) continue;
    uint32_t depth = n.parent == kNone ? 0 : child_depth[n.parent];
    child_depth[i] = depth;
    if (me.behind) continue;
    // Text that is a line of its own: a bare text node, or a textarea's value that no indexed
    // element owns.
    std::string_view own_line;
    if (n.kind == NodeKind::Text) {
      if (bare_text_shown(s, o, st, i)) own_line = trimmed_text(s, i);
    } else if (n.is_element()) {
      own_line = unowned_textarea_text(s, o, st, i);
    }
    if (!own_line.empty()) {
      own_lines.write(i, own_line, depth);
      continue;
    }
    if (!n.is_element()) continue;
    if (me.highlighted) {
      Line l;
      l.kind = LineKind::Element;
      l.depth = depth;
      l.index = me.index;
      l.stable_id = n.stable_id;
      std::string extra;
      if (!o.page_agent_compat) {
        extra = suggestions.of(i);
        if (extra.empty()) extra = grid_positions.of(i, texts[static_cast<size_t>(me.text_slot)]);
      }
      l.text = element_line(s, o, me, i, texts[static_cast<size_t>(me.text_slot)], extra, l.shape);
      IndexEntry e;
      e.index = me.index;
      e.node = i;
      e.ordinal = n.element_ordinal;
      e.stable_id = n.stable_id;
      e.is_new = me.is_new;
      e.line = text_map_line(l.text);
      entries.push_back(std::move(e));
      if (rects) l.text += snapshot::box_suffix((*rects)(i));
      lines.push_back(std::move(l));
      child_depth[i] = depth + 1;
    } else if (o.keep_semantic_tags && is_semantic_tag(n.tag)) {
      open.push_back(Wrapper{i, lines.size(), depth});
      Line l;
      l.kind = LineKind::Open;
      l.depth = depth;
      l.text = "<" + std::string(n.tag) + ">";
      lines.push_back(std::move(l));
      child_depth[i] = depth + 1;
    }
    // What it shows but we cannot read (a foreign frame, a closed shadow root, a canvas): named.
    std::string note = unreadable_note(s, o, st, i);
    if (!note.empty()) {
      Line l;
      l.kind = LineKind::Text;
      l.depth = child_depth[i];
      l.text = std::move(note);
      lines.push_back(std::move(l));
    }
  }
  if (!open.empty()) close_until(static_cast<uint32_t>(count));
}

}  // namespace dehydra::index
