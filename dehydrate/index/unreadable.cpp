#include "unreadable.hpp"

#include "../base/js_number.hpp"
#include "../base/js_string.hpp"
#include "../common/spoken_label.hpp"
#include "../common/url_resolution.hpp"
#include "element_text.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;

// A canvas smaller than this on either side is a decoration (an icon, a sparkline), not an app.
constexpr float kLargeCanvas = 100;

std::string size_of(const snapshot::Geometry& g) {
  return common::js_number(static_cast<double>(static_cast<int>(g.w + 0.5f))) + "x" +
         common::js_number(static_cast<double>(static_cast<int>(g.h + 0.5f))) + "px";
}

// The URL of the document element i is in.
std::string_view document_url(const snapshot::Snapshot& s, uint32_t i) {
  for (uint32_t a = s.nodes[i].parent; a != kNone; a = s.nodes[a].parent)
    if (s.nodes[a].kind == snapshot::NodeKind::FrameDocument) return s.nodes[a].text;
  return s.page.url;
}

// scheme://host[:port] of an absolute http(s) URL; empty otherwise.
std::string origin_of(const std::string& url) {
  std::string scheme = common::url_scheme(url);
  if (scheme != "http" && scheme != "https") return {};
  size_t start = scheme.size() + 3;
  if (url.compare(scheme.size(), 3, "://") != 0) return {};
  size_t end = url.find_first_of("/?#", start);
  std::string out = scheme + "://" + url.substr(start, end == std::string::npos ? std::string::npos : end - start);
  size_t at = out.rfind('@');  // never print credentials
  if (at != std::string::npos) out = scheme + "://" + out.substr(at + 1);
  return out;
}

std::string quoted_label(std::string_view label) {
  if (common::js_blank(label)) return {};
  return " \"" + cap_with_ellipsis(common::js_trim(label), 80) + "\"";
}
}  // namespace

bool may_be_unreadable(const snapshot::Snapshot& s, uint32_t i) {
  const Node& n = s.nodes[i];
  if (!n.is_element() || !n.has_layout()) return false;
  return n.has(snapshot::F_FRAME_UNREADABLE) || (n.has(snapshot::F_OPAQUE_HOST) && n.first_child == kNone) ||
         n.tag == "canvas";
}

std::string unreadable_note(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i) {
  if (o.page_agent_compat || !may_be_unreadable(s, i)) return {};
  const NodeState& me = st[i];
  if (me.skipped || me.behind || !me.visible || !me.top || me.transparent) return {};
  const Node& n = s.nodes[i];
  const snapshot::Geometry* g = s.geometry_of(n);
  if (!g || g->w < 1 || g->h < 1) return {};
  if (n.has(snapshot::F_FRAME_UNREADABLE)) {
    const std::string_view* src = s.attribute(n, "src");
    std::string origin = src ? origin_of(common::resolve_url(document_url(s, i), *src)) : std::string();
    const std::string_view* title = s.attribute(n, "title");
    std::string note = std::string(kForeignFrameNoteStart) + quoted_label(title ? *title : std::string_view());
    if (!origin.empty()) note += " from " + origin;
    return note + ", " + size_of(*g) + std::string(kForeignFrameNoteEnd);
  }
  if (n.has(snapshot::F_OPAQUE_HOST)) {
    return "(<" + std::string(n.tag) + ">, " + size_of(*g) +
           ": its content is in a closed shadow root; the page cannot read it)";
  }
  if (g->w < kLargeCanvas || g->h < kLargeCanvas) return {};
  return "(canvas" + quoted_label(common::spoken_label(s, i)) + ", " + size_of(*g) +
         ": a drawing; its content cannot be read as text)";
}

}  // namespace dehydra::index
