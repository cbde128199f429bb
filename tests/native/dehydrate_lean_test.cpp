// A lean walk (styles, no boxes) plus the boxes the core asks for must dehydrate exactly like a
// full walk, while asking for fewer boxes than there are elements.
#include <doctest/doctest.h>

#include <cstring>
#include <functional>

#include "dehydrate/index/boxes_wanted.hpp"
#include "dehydrate/index/browser_state.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using testing::ElementSpec;
using testing::SnapshotBuilder;

namespace {
ElementSpec with(std::function<void(ElementSpec&)> f) {
  ElementSpec e;
  f(e);
  return e;
}

// A page with every reason the core reads a box: targets by tag, role, cursor and handler; a
// zero-size button; a scroller; a menu container whose visible-child test reads its children; and
// plenty of plain text that needs no box at all.
void page(SnapshotBuilder& b) {
  b.page(1280, 800, 1280, 3000);
  b.open("body");
  for (int i = 0; i < 20; ++i) b.open("p").text("plain paragraph").leaf("b", "bold").close();
  b.leaf("button", "Save");
  b.leaf("button", "Gone", with([](ElementSpec& e) { e.layout.w = 0; }));
  b.open("div", with([](ElementSpec& e) { e.layout.cursor = "pointer"; })).text("Card").leaf("span", "inner").close();
  b.open("div", with([](ElementSpec& e) { e.attrs = {{"role", "button"}, {"class", "menu"}}; }));
  b.open("a", with([](ElementSpec& e) { e.attrs = {{"href", "/a"}, {"class", "item"}}; })).leaf("span", "one").close();
  b.leaf("a", "two", with([](ElementSpec& e) { e.attrs = {{"href", "/b"}, {"class", "item"}}; e.layout.h = 0; }));
  b.close();
  b.open("div", with([](ElementSpec& e) { e.layout.overflow_y = "auto"; e.layout.scroll_h = 900; e.layout.scroll_top = 30; }));
  for (int i = 0; i < 5; ++i) b.leaf("div", "row");
  b.close();
  b.leaf("div", "not scrollable", with([](ElementSpec& e) { e.layout.overflow_y = "auto"; }));
  b.leaf("span", "clicky", with([](ElementSpec& e) { e.attrs = {{"onclick", "go()"}}; }));
  b.leaf("input", "", with([](ElementSpec& e) { e.attrs = {{"type", "text"}, {"name", "q"}}; }));
  b.close();
}

std::string dehydrate_text(const snapshot::Snapshot& s, const index::IndexOptions& o) {
  index::DehydrateMemory memory;
  index::DehydrateResult r;
  index::dehydrate(s, o, memory, r);
  return r.content;
}

// The records the shim would send for `ordinals`, measured on the full snapshot.
std::vector<uint32_t> records_for(const snapshot::Snapshot& full, const std::vector<uint32_t>& ordinals) {
  std::vector<uint32_t> out;
  for (uint32_t wanted : ordinals) {
    uint32_t ordinal = wanted & ~index::kScrollExtents;
    const snapshot::Geometry& g = *full.geometry_of(full.nodes[full.element_nodes[ordinal]]);
    out.push_back(ordinal);
    for (float v : {g.offset_w, g.offset_h, g.x, g.y, g.w, g.h, g.scroll_w, g.scroll_h, g.scroll_left,
                    g.scroll_top, g.client_w, g.client_h}) {
      uint32_t w;
      std::memcpy(&w, &v, 4);
      out.push_back(w);
    }
  }
  return out;
}
}  // namespace

TEST_CASE("a lean walk plus the wanted boxes dehydrates like a full walk") {
  SnapshotBuilder full_b, lean_b;
  page(full_b);
  lean_b.lean();
  page(lean_b);
  snapshot::Snapshot full, lean;
  REQUIRE(full_b.build(full) == "");
  REQUIRE(lean_b.build(lean) == "");
  index::IndexOptions o;
  REQUIRE(index::lean_walk_serves(o));
  std::vector<uint32_t> wanted = index::boxes_wanted(lean, o);
  CHECK(wanted.size() < full.element_nodes.size() / 2);
  size_t scrollers = 0;
  for (uint32_t w : wanted) scrollers += (w & index::kScrollExtents) != 0;
  CHECK(scrollers == 2);  // the two overflow:auto boxes
  std::vector<uint32_t> records = records_for(full, wanted);
  REQUIRE(snapshot::load_geometry(lean, records.data(), wanted.size()).ok());
  std::string expected = dehydrate_text(full, o);
  CHECK(expected.find("data-scrollable") != std::string::npos);
  CHECK(expected.find("]<button >Gone") == std::string::npos);  // zero width: not a target
  CHECK(dehydrate_text(lean, o) == expected);
}

TEST_CASE("compat and viewport modes need a full walk") {
  index::IndexOptions compat;
  compat.page_agent_compat = true;
  index::IndexOptions viewport;
  viewport.viewport_expansion = 0;
  CHECK_FALSE(index::lean_walk_serves(compat));
  CHECK_FALSE(index::lean_walk_serves(viewport));
}

TEST_CASE("geometry for an element without layout is refused and changes nothing") {
  SnapshotBuilder b;
  b.lean();
  ElementSpec hidden;
  hidden.flags = 0;
  b.open("body").leaf("button", "a").leaf("div", "x", hidden).close();
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  float box[12] = {5, 5, 1, 2, 5, 5, 5, 5, 0, 0, 5, 5};
  std::vector<uint32_t> records(26);
  records[0] = 1;  // the button: fine
  std::memcpy(&records[1], box, sizeof box);
  records[13] = 2;  // the display:none div
  std::memcpy(&records[14], box, sizeof box);
  CHECK(snapshot::load_geometry(s, records.data(), 2).error.find("element 2") != std::string::npos);
  CHECK(s.geometry_of(s.nodes[s.element_nodes[1]])->w == 0);
  records[13] = 99;
  CHECK_FALSE(snapshot::load_geometry(s, records.data(), 2).ok());
  CHECK(snapshot::load_geometry(s, records.data(), 1).ok());
  CHECK(s.geometry_of(s.nodes[s.element_nodes[1]])->w == 5);
}
