#include <cstring>

#include "arena.hpp"
#include "word_reader.hpp"
#include "../base/noinline.hpp"

namespace dehydra::snapshot {

const std::string_view* Snapshot::attribute(const Node& n, std::string_view name) const {
  for (uint32_t i = 0; i < n.attr_count; ++i) {
    const Attribute& a = attributes[n.attr_begin + i];
    if (a.name == name) return &a.value;
  }
  return nullptr;
}

uint32_t Snapshot::first_child_element(uint32_t parent, std::string_view tag) const {
  for (uint32_t c = nodes[parent].first_child; c != kNone; c = nodes[c].next_sibling)
    if (nodes[c].is_element() && nodes[c].tag == tag) return c;
  return kNone;
}

namespace {

Geometry geometry_from(const uint32_t* w) {
  return Geometry{word_float(w[G_OFFSET_W]), word_float(w[G_OFFSET_H]), word_float(w[G_RECT_X]),
                  word_float(w[G_RECT_Y]), word_float(w[G_RECT_W]), word_float(w[G_RECT_H]),
                  word_float(w[G_SCROLL_W]), word_float(w[G_SCROLL_H]), word_float(w[G_SCROLL_LEFT]),
                  word_float(w[G_SCROLL_TOP]), word_float(w[G_CLIENT_W]), word_float(w[G_CLIENT_H])};
}

class Decoder {
 public:
  Decoder(const uint32_t* words, size_t count, Snapshot& out) : w_(words), n_(count), out_(out) {}
  common::Outcome<bool> run() {
    if (walk()) return common::passed();
    return common::failure(std::move(error_));
  }

 private:
  // The record readers answer plain bools, the reason kept in error_: they run once per field.
  bool walk() {
    if (n_ < kHeaderWords) return fail("snapshot buffer truncated: no header");
    if (w_[H_MAGIC] != kMagic) return fail("snapshot buffer has a wrong magic number");
    if (w_[H_VERSION] != kVersion)
      return fail("snapshot buffer version " + std::to_string(w_[H_VERSION]) + " is not supported");
    if (w_[H_WORDS] != n_) return fail("snapshot buffer length does not match its header");
    PageInfo& p = out_.page;
    p.viewport_w = word_float(w_[H_VIEWPORT_W]);
    p.viewport_h = word_float(w_[H_VIEWPORT_H]);
    p.scroll_x = word_float(w_[H_SCROLL_X]);
    p.scroll_y = word_float(w_[H_SCROLL_Y]);
    p.page_w = word_float(w_[H_PAGE_W]);
    p.page_h = word_float(w_[H_PAGE_H]);
    p.device_pixel_ratio = word_float(w_[H_DEVICE_PIXEL_RATIO]);
    p.sequence = w_[H_SEQUENCE];
    if (!str(w_[H_URL], p.url) || !str(w_[H_TITLE], p.title)) return false;
    uint32_t declared_elements = w_[H_ELEMENTS];
    if (declared_elements > n_) return fail("snapshot buffer declares more elements than it can hold");
    out_.nodes.reserve(declared_elements * 2 + 1);
    out_.element_nodes.reserve(declared_elements);

    pos_ = kHeaderWords;
    std::vector<uint32_t> open;  // explicit stack of open nodes
    while (pos_ < n_) {
      uint32_t word0 = w_[pos_++];
      auto kind = static_cast<RecordKind>(word0 & 0xFF);
      if (kind == RecordKind::End) {
        if (open.empty()) return fail("snapshot buffer closes more nodes than it opens");
        open.pop_back();
        continue;
      }
      if (open.empty() && !out_.nodes.empty()) return fail("snapshot buffer has more than one root");
      uint32_t index = static_cast<uint32_t>(out_.nodes.size());
      out_.nodes.emplace_back();
      Node& node = out_.nodes.back();
      if (!open.empty()) link(open.back(), index);
      switch (kind) {
        case RecordKind::Element:
          if (!element(node, word0 >> 8)) return false;
          break;
        case RecordKind::Text:
          node.kind = NodeKind::Text;
          node.generated = ((word0 >> 8) & T_GENERATED) != 0;
          if (!need(1) || !str(w_[pos_++], node.text)) return false;
          break;
        case RecordKind::ShadowRoot:
          node.kind = NodeKind::ShadowRoot;
          break;
        case RecordKind::FrameDocument:
          node.kind = NodeKind::FrameDocument;
          if (!need(4)) return false;
          node.frame_x = word_float(w_[pos_]);
          node.frame_y = word_float(w_[pos_ + 1]);
          if (!str(w_[pos_ + 2], node.text) || !str(w_[pos_ + 3], node.frame_title)) return false;
          pos_ += 4;
          break;
        default:
          return fail("snapshot buffer has an unknown record kind " + std::to_string(word0 & 0xFF) +
                      " at word " + std::to_string(pos_ - 1));
      }
      if (index == 0 && kind != RecordKind::Element) return fail("snapshot root is not an element");
      if (kind != RecordKind::Text) open.push_back(index);
    }
    if (!open.empty()) return fail("snapshot buffer truncated: " + std::to_string(open.size()) + " nodes left open");
    if (out_.nodes.empty()) return fail("snapshot buffer holds no root element");
    if (out_.element_nodes.size() != declared_elements) return fail("snapshot element count does not match its header");
    return true;
  }

  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }
  bool need(size_t words) {
    if (n_ - pos_ < words) return fail("snapshot buffer truncated inside a record at word " + std::to_string(pos_));
    return true;
  }
  bool str(uint32_t id, std::string_view& out) {
    if (id == kNoString) {
      out = {};
      return true;
    }
    if (id >= out_.strings.size())
      return fail("snapshot buffer names string " + std::to_string(id) + " of " + std::to_string(out_.strings.size()));
    out = out_.strings[id];
    return true;
  }
  void link(uint32_t parent, uint32_t child) {
    Node& c = out_.nodes[child];
    Node& p = out_.nodes[parent];
    c.parent = parent;
    c.depth = p.depth + 1;
    if (p.last_child == kNone) p.first_child = child;
    else out_.nodes[p.last_child].next_sibling = child;
    p.last_child = child;
  }
  bool element(Node& node, uint32_t flags) {
    node.kind = NodeKind::Element;
    node.flags = flags;
    if (!need(kElementFixedWords - 1)) return false;
    if (!str(w_[pos_], node.tag)) return false;
    if (node.tag.empty()) return fail("snapshot element without a tag at word " + std::to_string(pos_));
    node.stable_id = w_[pos_ + 1];
    node.first_seen = w_[pos_ + 2];
    node.has_value = w_[pos_ + 3] != kNoString;
    if (!str(w_[pos_ + 3], node.value)) return false;
    uint32_t attrs = w_[pos_ + 4];
    pos_ += kElementFixedWords - 1;
    if (attrs > (n_ - pos_) / 2)
      return fail("snapshot attribute count runs past the buffer at word " + std::to_string(pos_));
    node.attr_begin = static_cast<uint32_t>(out_.attributes.size());
    node.attr_count = attrs;
    for (uint32_t i = 0; i < attrs; ++i) {
      Attribute a;
      if (!str(w_[pos_], a.name) || !str(w_[pos_ + 1], a.value)) return false;
      out_.attributes.push_back(a);
      pos_ += 2;
    }
    node.element_ordinal = static_cast<uint32_t>(out_.element_nodes.size());
    out_.element_nodes.push_back(static_cast<uint32_t>(out_.nodes.size() - 1));
    if (flags & F_HAS_LAYOUT) {
      const bool boxed = (flags & F_NO_GEOMETRY) == 0;
      if (!need(kStyleWords + (boxed ? kGeometryWords : 0))) return false;
      Style s;
      std::string_view* fields[] = {&s.display, &s.visibility, &s.cursor, &s.pointer_events, &s.position,
                                    &s.overflow_x, &s.overflow_y, &s.z_index, &s.scrollbar_width, &s.scrollbar_gutter};
      for (uint32_t i = 0; i < S_OPACITY; ++i)
        if (!str(w_[pos_ + i], *fields[i])) return false;
      s.opacity = word_float(w_[pos_ + S_OPACITY]);
      pos_ += kStyleWords;
      Geometry geo;
      if (boxed) {
        geo = geometry_from(w_ + pos_);
        pos_ += kGeometryWords;
      }
      node.style_index = static_cast<uint32_t>(out_.styles.size());
      out_.styles.push_back(s);
      out_.geometry.push_back(geo);
    }
    return true;
  }

  const uint32_t* w_;
  size_t n_;
  size_t pos_ = 0;
  Snapshot& out_;
  std::string error_;
};

}  // namespace

DEHYDRA_STAGE common::Outcome<bool> decode(const uint32_t* words, size_t word_count, const char* string_bytes,
                                           size_t string_byte_count, Snapshot& out) {
  out = Snapshot{};
  if (word_count >= kHeaderWords && word_count > 0) {
    // Strings first: records refer to them by index.
    uint32_t declared = words[H_STRINGS];
    out.string_blob.assign(string_bytes, string_byte_count);
    if (!split_strings(out.string_blob, declared, out.strings))
      return common::failure("snapshot string table holds " + std::to_string(out.strings.size()) +
                             " strings, header says " + std::to_string(declared));
  }
  return Decoder(words, word_count, out).run();
}

DEHYDRA_STAGE common::Outcome<bool> load_geometry(Snapshot& s, const uint32_t* records, size_t record_count) {
  constexpr size_t kRecord = 1 + kGeometryWords;
  for (size_t r = 0; r < record_count; ++r) {
    uint32_t ordinal = records[r * kRecord];
    if (ordinal >= s.element_nodes.size() || !s.nodes[s.element_nodes[ordinal]].has_layout())
      return common::failure("geometry record " + std::to_string(r) + " names element " + std::to_string(ordinal) +
                             ", which has no layout in this snapshot");
  }
  for (size_t r = 0; r < record_count; ++r) {
    const uint32_t* w = records + r * kRecord;
    s.geometry[s.nodes[s.element_nodes[w[0]]].style_index] = geometry_from(w + 1);
  }
  return common::passed();
}

}  // namespace dehydra::snapshot
