#include "dump.hpp"

#include <initializer_list>
#include <utility>

#include "../base/json_text.hpp"

namespace dehydra::snapshot {
namespace {
using common::append_json_number;
using common::append_json_string;

// {"key":number,...} in the order given.
void append_numbers(std::string& out, std::initializer_list<std::pair<const char*, double>> fields) {
  out.push_back('{');
  bool first = true;
  for (const auto& [key, value] : fields) {
    if (!first) out.push_back(',');
    first = false;
    append_json_string(out, key);
    out.push_back(':');
    append_json_number(out, value);
  }
  out.push_back('}');
}

void append_pair(std::string& out, double a, double b) {
  out.push_back('[');
  append_json_number(out, a);
  out.push_back(',');
  append_json_number(out, b);
  out.push_back(']');
}
}  // namespace

std::string dump_json(const Snapshot& snap) {
  std::string out = "{\"nodes\":[";
  for (size_t i = 0; i < snap.nodes.size(); ++i) {
    const Node& n = snap.nodes[i];
    if (i) out.push_back(',');
    static const char* const kKinds[] = {"[\"element\",", "[\"text\",", "[\"shadow\",", "[\"frame\","};
    out += n.kind == NodeKind::Text && n.generated ? "[\"generated\"," : kKinds[static_cast<int>(n.kind)];
    append_json_number(out, n.parent == kNone ? -1 : static_cast<double>(n.parent));
    switch (n.kind) {
      case NodeKind::Element:
        out.push_back(',');
        append_json_string(out, n.tag);
        out += ",[";
        for (uint32_t k = 0; k < n.attr_count; ++k) {
          const Attribute& a = snap.attributes[n.attr_begin + k];
          out += k ? ",[" : "[";
          append_json_string(out, a.name);
          out.push_back(',');
          append_json_string(out, a.value);
          out.push_back(']');
        }
        out += "],";
        append_json_number(out, n.flags);
        out += n.has_layout() ? ",true" : ",false";
        break;
      case NodeKind::Text:
        out.push_back(',');
        append_json_string(out, n.text);
        break;
      case NodeKind::ShadowRoot: break;
      case NodeKind::FrameDocument:
        out.push_back(',');
        append_json_string(out, n.text);
        out.push_back(',');
        append_json_number(out, n.frame_x);
        out.push_back(',');
        append_json_number(out, n.frame_y);
        break;
    }
    out.push_back(']');
  }
  const PageInfo& p = snap.page;
  out += "],\"elements\":";
  append_json_number(out, static_cast<double>(snap.element_nodes.size()));
  out += ",\"page\":{\"url\":";
  append_json_string(out, p.url);
  out += ",\"title\":";
  append_json_string(out, p.title);
  out += ",\"viewport\":";
  append_pair(out, p.viewport_w, p.viewport_h);
  out += ",\"scroll\":";
  append_pair(out, p.scroll_x, p.scroll_y);
  out += ",\"size\":";
  append_pair(out, p.page_w, p.page_h);
  out += ",\"sequence\":";
  append_json_number(out, p.sequence);
  return out + "}}";
}

std::string format_constants_json() {
  std::string out;
  append_numbers(out, {{"magic", kMagic}, {"version", kVersion}, {"noString", kNoString}, {"headerWords", kHeaderWords},
                       {"styleWords", kStyleWords}, {"geometryWords", kGeometryWords},
                       {"elementFixedWords", kElementFixedWords}, {"topLayerFlag", F_TOP_LAYER},
                       {"textGeneratedFlag", T_GENERATED}});
  out.pop_back();
  out += ",\"kinds\":[1,2,3,4,5]}";
  static_assert(int(RecordKind::Element) == 1 && int(RecordKind::Text) == 2 && int(RecordKind::End) == 3 &&
                int(RecordKind::ShadowRoot) == 4 && int(RecordKind::FrameDocument) == 5);
  return out;
}

}  // namespace dehydra::snapshot
