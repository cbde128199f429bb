// The decoded snapshot: a flat arena of nodes linked by index. Every consumer of the page
// (dehydrate, markdown, accessibility tree, form tools) reads this and never the buffer.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../base/outcome.hpp"
#include "format.hpp"

namespace dehydra::snapshot {

constexpr uint32_t kNone = 0xFFFFFFFFu;

enum class NodeKind : uint8_t { Element, Text, ShadowRoot, FrameDocument };

struct Style {
  std::string_view display, visibility, cursor, pointer_events, position, overflow_x, overflow_y,
      z_index, scrollbar_width, scrollbar_gutter;
  float opacity = 1.0f;
};

struct Geometry {
  float offset_w = 0, offset_h = 0;
  float x = 0, y = 0, w = 0, h = 0;
  float scroll_w = 0, scroll_h = 0, scroll_left = 0, scroll_top = 0, client_w = 0, client_h = 0;
};

struct Attribute {
  std::string_view name, value;
};

struct Node {
  NodeKind kind = NodeKind::Element;
  uint32_t parent = kNone, first_child = kNone, last_child = kNone, next_sibling = kNone;
  uint32_t depth = 0;
  // Element
  std::string_view tag;       // lowercase for HTML elements
  uint32_t flags = 0;
  uint32_t element_ordinal = kNone;  // position among elements: the handle JS resolves
  uint32_t stable_id = 0;
  uint32_t first_seen = 0;    // sequence number of the snapshot that first saw this element
  bool has_value = false;
  std::string_view value;     // live value (form controls)
  uint32_t attr_begin = 0, attr_count = 0;
  uint32_t style_index = kNone;  // into Snapshot::styles / geometry when F_HAS_LAYOUT
  // Text: its data. FrameDocument: its URL.
  std::string_view text;
  bool generated = false;     // Text: CSS generated content of the parent (T_GENERATED)
  // FrameDocument
  float frame_x = 0, frame_y = 0;
  std::string_view frame_title;

  bool is_element() const { return kind == NodeKind::Element; }
  bool is_text() const { return kind == NodeKind::Text; }
  bool has(ElementFlag f) const { return (flags & f) != 0; }
  bool is_generated() const { return generated; }
  bool has_layout() const { return style_index != kNone; }
};

struct PageInfo {
  float viewport_w = 0, viewport_h = 0, scroll_x = 0, scroll_y = 0, page_w = 0, page_h = 0;
  float device_pixel_ratio = 1;
  std::string_view url, title;
  uint32_t sequence = 0;
};

class Snapshot {
 public:
  std::vector<Node> nodes;            // nodes[0] is the root element
  std::vector<Attribute> attributes;
  std::vector<Style> styles;
  std::vector<Geometry> geometry;     // parallel to styles
  std::vector<uint32_t> element_nodes;  // element ordinal -> node index
  PageInfo page;

  uint32_t root() const { return nodes.empty() ? kNone : 0; }
  const Node& operator[](uint32_t i) const { return nodes[i]; }

  // Attribute value, or nullptr when absent. Names are lowercase as the DOM reports them.
  const std::string_view* attribute(const Node& n, std::string_view name) const;
  bool has_attribute(const Node& n, std::string_view name) const { return attribute(n, name); }
  // The first child element of node `parent` with this tag, or kNone (a fieldset's legend, a
  // details' summary, a table's caption).
  uint32_t first_child_element(uint32_t parent, std::string_view tag) const;
  const Style* style(const Node& n) const { return n.has_layout() ? &styles[n.style_index] : nullptr; }
  const Geometry* geometry_of(const Node& n) const {
    return n.has_layout() ? &geometry[n.style_index] : nullptr;
  }

  // Owns the string bytes the views above point into.
  std::string string_blob;
  std::vector<std::string_view> strings;
};

// Decodes a buffer into `out` (filled in place: its views point into its own string_blob). Any
// malformed input is a failure, and `out` is then unusable. Never reads outside the given ranges,
// never recurses.
common::Outcome<bool> decode(const uint32_t* words, size_t word_count, const char* string_bytes,
                             size_t string_byte_count, Snapshot& out);

// Fills in the boxes of elements a lean walk left without geometry: `record_count` records of
// 1 + kGeometryWords words (element ordinal, then the geometry words). Refuses, changing nothing,
// an ordinal out of range or an element without layout.
common::Outcome<bool> load_geometry(Snapshot& s, const uint32_t* records, size_t record_count);

}  // namespace dehydra::snapshot
