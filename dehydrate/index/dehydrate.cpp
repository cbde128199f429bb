#include "dehydrate.hpp"

#include <nlohmann/json.hpp>

#include "assign_indices.hpp"
#include "classify.hpp"
#include "element_text.hpp"
#include "page_header.hpp"

namespace dehydra::index {

void dehydrate(const snapshot::Snapshot& s, const IndexOptions& o, DehydrateMemory& memory, DehydrateResult& out) {
  NodeStates states;
  classify(s, o, states);
  int32_t count = assign_indices(s, o, states, memory.seen_interactive);
  std::vector<std::string> texts;
  collect_element_texts(s, o, states, count, texts);
  out.entries.clear();
  out.entries.reserve(static_cast<size_t>(count));
  serialize_text(s, o, states, texts, out.content, out.entries);
  bool full_page = o.viewport_expansion < 0;
  out.header = page_header(s.page, full_page);
  out.footer = page_footer(s.page, full_page);
  out.index_by_ordinal.assign(s.element_nodes.size(), -1);
  for (const IndexEntry& e : out.entries) out.index_by_ordinal[e.ordinal] = e.index;
}

std::string result_json(const snapshot::Snapshot& s, const DehydrateResult& r) {
  using nlohmann::json;
  json entries = json::array();
  for (const IndexEntry& e : r.entries) {
    float x = 0, y = 0, w = 0, h = 0;
    if (const snapshot::Geometry* g = s.geometry_of(s.nodes[e.node])) { x = g->x; y = g->y; w = g->w; h = g->h; }
    for (uint32_t p = s.nodes[e.node].parent; p != snapshot::kNone; p = s.nodes[p].parent) {
      if (s.nodes[p].kind != snapshot::NodeKind::FrameDocument) continue;
      x += s.nodes[p].frame_x;
      y += s.nodes[p].frame_y;
    }
    entries.push_back(json::array({e.index, e.ordinal, e.stable_id, e.is_new,
                                   e.line.empty() ? json(nullptr) : json(e.line), x, y, w, h}));
  }
  json j = {{"header", r.header}, {"content", r.content}, {"footer", r.footer}, {"entries", std::move(entries)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace dehydra::index
