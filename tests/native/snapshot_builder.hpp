// Writes snapshot buffers the way js-shim/snapshot/walk.js does, for native tests and fuzz seeds.
#pragma once
#include <cstring>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dehydrate/snapshot/arena.hpp"

namespace dehydra::testing {

using namespace dehydra::snapshot;

struct Layout {
  std::string display = "block", visibility = "visible", cursor = "auto", pointer_events = "auto",
              position = "static", overflow_x = "visible", overflow_y = "visible", z_index = "auto",
              scrollbar_width = "auto", scrollbar_gutter = "auto";
  float opacity = 1;
  float x = 0, y = 0, w = 100, h = 20;
  float scroll_w = -1, scroll_h = -1, scroll_left = 0, scroll_top = 0;  // -1: same as the box
};

struct ElementSpec {
  std::vector<std::pair<std::string, std::string>> attrs;
  uint32_t flags = F_HAS_LAYOUT;
  Layout layout;
  const char* value = nullptr;
  uint32_t stable_id = 0;  // 0: allocate
  uint32_t first_seen = 1;
};

class SnapshotBuilder {
 public:
  SnapshotBuilder() { words_.resize(kHeaderWords, 0); }

  SnapshotBuilder& open(const std::string& tag, ElementSpec spec = {}) {
    if (lean_ && (spec.flags & F_HAS_LAYOUT)) spec.flags |= F_NO_GEOMETRY;
    words_.push_back(static_cast<uint32_t>(RecordKind::Element) | (spec.flags << 8));
    words_.push_back(str(tag));
    words_.push_back(spec.stable_id ? spec.stable_id : next_id_++);
    words_.push_back(spec.first_seen);
    words_.push_back(spec.value ? str(spec.value) : kNoString);
    words_.push_back(static_cast<uint32_t>(spec.attrs.size()));
    for (auto& [n, v] : spec.attrs) {
      words_.push_back(str(n));
      words_.push_back(str(v));
    }
    if (spec.flags & F_HAS_LAYOUT) {
      const Layout& l = spec.layout;
      for (const std::string* s : {&l.display, &l.visibility, &l.cursor, &l.pointer_events, &l.position,
                                   &l.overflow_x, &l.overflow_y, &l.z_index, &l.scrollbar_width, &l.scrollbar_gutter})
        words_.push_back(str(*s));
      f(l.opacity);
    }
    if ((spec.flags & F_HAS_LAYOUT) && !(spec.flags & F_NO_GEOMETRY)) {
      const Layout& l = spec.layout;
      f(l.w); f(l.h); f(l.x); f(l.y); f(l.w); f(l.h);
      f(l.scroll_w < 0 ? l.w : l.scroll_w); f(l.scroll_h < 0 ? l.h : l.scroll_h);
      f(l.scroll_left); f(l.scroll_top); f(l.w); f(l.h);
    }
    ++elements_;
    return *this;
  }
  SnapshotBuilder& text(const std::string& data) {
    words_.push_back(static_cast<uint32_t>(RecordKind::Text));
    words_.push_back(str(data));
    return *this;
  }
  // CSS generated content (::before / ::after) of the open element.
  SnapshotBuilder& generated(const std::string& data) {
    words_.push_back(static_cast<uint32_t>(RecordKind::Text) | (T_GENERATED << 8));
    words_.push_back(str(data));
    return *this;
  }
  SnapshotBuilder& shadow_root() {
    words_.push_back(static_cast<uint32_t>(RecordKind::ShadowRoot));
    return *this;
  }
  SnapshotBuilder& frame(float x, float y, const std::string& url) {
    words_.push_back(static_cast<uint32_t>(RecordKind::FrameDocument));
    f(x); f(y);
    words_.push_back(str(url));
    words_.push_back(str(""));
    return *this;
  }
  SnapshotBuilder& close() {
    words_.push_back(static_cast<uint32_t>(RecordKind::End));
    return *this;
  }
  // A leaf element: open + optional text + close.
  SnapshotBuilder& leaf(const std::string& tag, const std::string& text_data = "", ElementSpec spec = {}) {
    open(tag, std::move(spec));
    if (!text_data.empty()) text(text_data);
    return close();
  }

  SnapshotBuilder& page(float vw, float vh, float pw, float ph, float sx = 0, float sy = 0) {
    vw_ = vw; vh_ = vh; pw_ = pw; ph_ = ph; sx_ = sx; sy_ = sy;
    return *this;
  }
  SnapshotBuilder& url(const std::string& u, const std::string& t = "") { url_ = u; title_ = t; return *this; }
  SnapshotBuilder& sequence(uint32_t s) { sequence_ = s; return *this; }
  // Writes elements as a lean walk does: style words, no geometry words.
  SnapshotBuilder& lean(bool on = true) { lean_ = on; return *this; }

  // The finished buffer: words and the NUL-joined string bytes.
  std::pair<std::vector<uint32_t>, std::string> finish() {
    std::vector<uint32_t> w = words_;
    w[H_MAGIC] = kMagic;
    w[H_VERSION] = kVersion;
    w[H_WORDS] = static_cast<uint32_t>(w.size());
    w[H_URL] = str(url_);
    w[H_TITLE] = str(title_);
    w[H_STRINGS] = static_cast<uint32_t>(strings_.size());
    put(w, H_VIEWPORT_W, vw_); put(w, H_VIEWPORT_H, vh_); put(w, H_SCROLL_X, sx_); put(w, H_SCROLL_Y, sy_);
    put(w, H_PAGE_W, pw_); put(w, H_PAGE_H, ph_); put(w, H_DEVICE_PIXEL_RATIO, 1);
    w[H_SEQUENCE] = sequence_;
    w[H_ELEMENTS] = elements_;
    std::string blob;
    for (size_t i = 0; i < strings_.size(); ++i) {
      if (i) blob.push_back('\0');
      blob += strings_[i];
    }
    return {w, blob};
  }

  // Decodes into `out`; returns the decoder's error ("" on success).
  std::string build(Snapshot& out) {
    auto [w, blob] = finish();
    return decode(w.data(), w.size(), blob.data(), blob.size(), out).error;
  }

 private:
  bool lean_ = false;
  uint32_t str(const std::string& s) {
    auto it = ids_.find(s);
    if (it != ids_.end()) return it->second;
    uint32_t id = static_cast<uint32_t>(strings_.size());
    strings_.push_back(s);
    ids_.emplace(s, id);
    return id;
  }
  void f(float v) {
    uint32_t w;
    std::memcpy(&w, &v, 4);
    words_.push_back(w);
  }
  static void put(std::vector<uint32_t>& w, uint32_t at, float v) { std::memcpy(&w[at], &v, 4); }

  std::vector<uint32_t> words_;
  std::vector<std::string> strings_;
  std::unordered_map<std::string, uint32_t> ids_;
  uint32_t next_id_ = 1, elements_ = 0, sequence_ = 1;
  float vw_ = 1280, vh_ = 800, pw_ = 1280, ph_ = 800, sx_ = 0, sy_ = 0;
  std::string url_ = "http://127.0.0.1/", title_;
};

}  // namespace dehydra::testing
