#include "dump.hpp"

#include <nlohmann/json.hpp>

namespace dehydra::snapshot {

using nlohmann::json;

static std::string s(std::string_view v) { return std::string(v); }

std::string dump_json(const Snapshot& snap) {
  json nodes = json::array();
  for (const Node& n : snap.nodes) {
    int parent = n.parent == kNone ? -1 : static_cast<int>(n.parent);
    switch (n.kind) {
      case NodeKind::Element: {
        json attrs = json::array();
        for (uint32_t i = 0; i < n.attr_count; ++i) {
          const Attribute& a = snap.attributes[n.attr_begin + i];
          attrs.push_back({s(a.name), s(a.value)});
        }
        nodes.push_back({"element", parent, s(n.tag), attrs, n.flags, n.has_layout()});
        break;
      }
      case NodeKind::Text: nodes.push_back({n.generated ? "generated" : "text", parent, s(n.text)}); break;
      case NodeKind::ShadowRoot: nodes.push_back({"shadow", parent}); break;
      case NodeKind::FrameDocument: nodes.push_back({"frame", parent, s(n.text), n.frame_x, n.frame_y}); break;
    }
  }
  const PageInfo& p = snap.page;
  json page = {{"url", s(p.url)}, {"title", s(p.title)}, {"viewport", {p.viewport_w, p.viewport_h}},
                {"scroll", {p.scroll_x, p.scroll_y}}, {"size", {p.page_w, p.page_h}}, {"sequence", p.sequence}};
  return json{{"page", page}, {"nodes", nodes}, {"elements", snap.element_nodes.size()}}
      .dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string format_constants_json() {
  return json{{"magic", kMagic}, {"version", kVersion}, {"noString", kNoString}, {"headerWords", kHeaderWords},
              {"styleWords", kStyleWords}, {"geometryWords", kGeometryWords}, {"elementFixedWords", kElementFixedWords},
              {"kinds", {int(RecordKind::Element), int(RecordKind::Text), int(RecordKind::End),
                         int(RecordKind::ShadowRoot), int(RecordKind::FrameDocument)}},
              {"topLayerFlag", F_TOP_LAYER}, {"textGeneratedFlag", T_GENERATED}}
      .dump();
}

}  // namespace dehydra::snapshot
