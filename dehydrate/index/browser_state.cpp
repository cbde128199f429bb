#include "browser_state.hpp"

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "../base/noinline.hpp"


#include "assign_indices.hpp"
#include "classify.hpp"
#include "content_diff.hpp"
#include "element_text.hpp"
#include "fold_lines.hpp"
#include "modal_layer.hpp"
#include "page_header.hpp"
#include "../base/json_text.hpp"
#include "../snapshot/viewport_rects.hpp"

namespace dehydra::index {

namespace {
// The stable ids of the elements a modal hides (sorted; none without a modal).
std::vector<uint32_t> behind_ids(const snapshot::Snapshot& s, const NodeStates& st) {
  std::vector<uint32_t> ids;
  for (size_t i = 0; i < s.nodes.size(); ++i)
    if (st[i].behind && s.nodes[i].is_element()) ids.push_back(s.nodes[i].stable_id);
  std::sort(ids.begin(), ids.end());
  return ids;
}
}  // namespace

void dehydrate(const snapshot::Snapshot& s, const IndexOptions& o, DehydrateMemory& memory, DehydrateResult& out) {
  NodeStates states;
  classify(s, o, states);
  ModalLayer modal = find_modal_layer(s, o, states);
  mark_behind(s, o, modal, states);
  ControllerMemory* controller = o.session != 0 ? &memory.controllers[o.session] : nullptr;
  bool stable = (o.stable_indices || o.diff) && controller != nullptr;
  int32_t behind = 0;
  int32_t count = assign_indices(s, o, states, memory.seen_interactive, stable ? controller : nullptr, &behind);
  std::vector<std::string> texts;
  collect_element_texts(s, o, states, count, texts);
  out.entries.clear();
  out.entries.reserve(static_cast<size_t>(count));
  std::vector<Line> lines;
  serialize_text(s, o, states, texts, lines, out.entries);
  if (stable) diff_lines(lines, *controller, o.diff, behind_ids(s, states));
  if (o.max_tokens) fold_lines(lines, o.max_tokens);
  out.content = render_lines(lines);
  bool full_page = o.viewport_expansion < 0;
  out.header = page_header(s.page, full_page, modal_notice(s, states, modal, behind));
  out.footer = page_footer(s.page, full_page);
  out.index_by_ordinal.assign(s.element_nodes.size(), -1);
  for (const IndexEntry& e : out.entries) out.index_by_ordinal[e.ordinal] = e.index;
}

DEHYDRA_STAGE std::string result_json(const snapshot::Snapshot& s, const DehydrateResult& r) {
  using common::append_json_number;
  using common::append_json_string;
  std::string out;
  out.reserve(r.content.size() + r.entries.size() * 96 + 256);
  out += "{\"header\":";
  append_json_string(out, r.header);
  out += ",\"content\":";
  append_json_string(out, r.content);
  out += ",\"footer\":";
  append_json_string(out, r.footer);
  out += ",\"entries\":[";
  const snapshot::ViewportRects rects(s);
  for (size_t k = 0; k < r.entries.size(); ++k) {
    const IndexEntry& e = r.entries[k];
    snapshot::ViewportRect box = rects(e.node);
    if (k) out.push_back(',');
    auto numbers = [&out](std::initializer_list<std::pair<const char*, double>> fields) {
      for (const auto& [key, value] : fields) {
        out += key;
        append_json_number(out, value);
      }
    };
    numbers({{"{\"index\":", e.index}, {",\"ordinal\":", e.ordinal}, {",\"stableId\":", e.stable_id}});
    out += e.is_new ? ",\"isNew\":true,\"line\":" : ",\"isNew\":false,\"line\":";
    if (e.line.empty()) out += "null"; else append_json_string(out, e.line);
    numbers({{",\"x\":", box.x}, {",\"y\":", box.y}, {",\"width\":", box.w}, {",\"height\":", box.h}});
    out.push_back('}');
  }
  out += "]}";
  return out;
}

}  // namespace dehydra::index
