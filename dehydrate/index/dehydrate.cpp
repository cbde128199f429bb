#include "dehydrate.hpp"

#include <nlohmann/json.hpp>

#include "assign_indices.hpp"
#include "classify.hpp"
#include "content_diff.hpp"
#include "element_text.hpp"
#include "fold_lines.hpp"
#include "page_header.hpp"
#include "../settle/viewport_rect.hpp"

namespace dehydra::index {

void dehydrate(const snapshot::Snapshot& s, const IndexOptions& o, DehydrateMemory& memory, DehydrateResult& out) {
  NodeStates states;
  classify(s, o, states);
  SessionMemory* session = o.session != 0 ? &memory.sessions[o.session] : nullptr;
  bool stable = (o.stable_indices || o.diff) && session != nullptr;
  int32_t count = assign_indices(s, o, states, memory.seen_interactive, stable ? session : nullptr);
  std::vector<std::string> texts;
  collect_element_texts(s, o, states, count, texts);
  out.entries.clear();
  out.entries.reserve(static_cast<size_t>(count));
  std::vector<Line> lines;
  serialize_text(s, o, states, texts, lines, out.entries);
  if (o.diff && session) diff_lines(lines, *session);
  if (o.max_tokens) fold_lines(lines, o.max_tokens);
  out.content = render_lines(lines);
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
    settle::ViewportRect r = settle::viewport_rect(s, e.node);
    entries.push_back(json::array({e.index, e.ordinal, e.stable_id, e.is_new,
                                   e.line.empty() ? json(nullptr) : json(e.line), r.x, r.y, r.w, r.h}));
  }
  json j = {{"header", r.header}, {"content", r.content}, {"footer", r.footer}, {"entries", std::move(entries)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace dehydra::index
