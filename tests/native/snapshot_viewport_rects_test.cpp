// Boxes in the top-level viewport: frame offsets resolved in one pass, box= rounding, and the
// one-pass rects against a walk up every ancestor on random frame trees.
#include <doctest/doctest.h>

#include <random>

#include "dehydrate/index/browser_state.hpp"
#include "dehydrate/snapshot/viewport_rects.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra::testing;
using dehydra::snapshot::box_suffix;
using dehydra::snapshot::ViewportRect;
using dehydra::snapshot::ViewportRects;

namespace {
// The rule written the direct way: the node's client rect plus the offset of every frame document
// above it, found by walking up its ancestors.
ViewportRect by_ancestor_walk(const Snapshot& s, uint32_t node) {
  const Geometry* g = node < s.nodes.size() ? s.geometry_of(s.nodes[node]) : nullptr;
  if (!g) return {};
  double x = g->x, y = g->y;
  for (uint32_t p = s.nodes[node].parent; p != kNone; p = s.nodes[p].parent) {
    if (s.nodes[p].kind != NodeKind::FrameDocument) continue;
    x += s.nodes[p].frame_x;
    y += s.nodes[p].frame_y;
  }
  return {static_cast<float>(x), static_cast<float>(y), g->w, g->h};
}

ElementSpec at(float x, float y, float w, float h) {
  ElementSpec spec;
  spec.layout.x = x; spec.layout.y = y; spec.layout.w = w; spec.layout.h = h;
  return spec;
}
}  // namespace

TEST_CASE("a rect adds the offsets of every enclosing frame") {
  SnapshotBuilder b;
  b.open("body").leaf("button", "Top", at(10, 20, 100, 40));
  b.open("iframe", at(100, 300, 210, 110)).frame(105, 305, "http://127.0.0.1/a").open("body");
  b.leaf("button", "In frame", at(10, 10, 40, 20));
  b.open("iframe", at(50, 50, 100, 100)).frame(50, 50, "http://127.0.0.1/b").open("body");
  b.leaf("button", "Deeper", at(1, 2, 3, 4));
  b.close().close().close().close().close().close().close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  uint32_t top = s.element_nodes[1], in_frame = s.element_nodes[4], deeper = s.element_nodes[7];
  ViewportRects rects(s);
  CHECK(box_suffix(rects(top)) == " box=10,20,100,40");
  CHECK(box_suffix(rects(in_frame)) == " box=115,315,40,20");
  CHECK(box_suffix(rects(deeper)) == " box=156,357,3,4");
}

TEST_CASE("box_suffix rounds as Math.round and survives odd values") {
  CHECK(box_suffix({-0.5f, 2.5f, 0.49f, -1.5f}) == " box=0,3,0,-1");
  CHECK(box_suffix({1e30f, -1e30f, 0, 0}) == " box=1000000000000000,-1000000000000000,0,0");
  SnapshotBuilder b;
  ElementSpec none;
  none.flags = 0;  // no layout
  b.open("body").leaf("div", "hidden", none).close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  ViewportRects rects(s);
  CHECK(box_suffix(rects(s.element_nodes[1])) == " box=0,0,0,0");
  CHECK(box_suffix(rects(999)) == " box=0,0,0,0");
}

TEST_CASE("dehydrate appends box= to indexed lines only when asked") {
  SnapshotBuilder b;
  b.open("body").text("Intro").leaf("button", "Go", at(10.4f, 20.6f, 100, 40)).close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  dehydra::index::IndexOptions o;
  dehydra::index::DehydrateMemory memory;
  dehydra::index::DehydrateResult plain, boxed;
  dehydra::index::dehydrate(s, o, memory, plain);  // first sight: the line is starred
  CHECK(plain.content.find("*[0]<button >Go />") != std::string::npos);
  CHECK(plain.content.find("box=") == std::string::npos);
  o.boxes = true;
  dehydra::index::dehydrate(s, o, memory, boxed);
  CHECK(boxed.content.find("\n[0]<button >Go /> box=10,21,100,40") != std::string::npos);
  CHECK(boxed.content.find("Intro box") == std::string::npos);
  REQUIRE(boxed.entries.size() == 1);
  CHECK(boxed.entries[0].line == "[0]<button >Go />");  // Page Agent's line map is unchanged
}

TEST_CASE("one pass gives every node the rect the ancestor walk gives, on random frame trees") {
  std::mt19937 random(26);
  for (int round = 0; round < 40; ++round) {
    SnapshotBuilder b;
    b.open("body");
    int open = 1;
    auto coordinate = [&] { return static_cast<float>(static_cast<int>(random() % 4000) - 1000) / 8.0f; };
    for (int step = 0; step < 400; ++step) {
      unsigned pick = random() % 10;
      if (pick < 3) {
        b.open("div", at(coordinate(), coordinate(), 10, 10));
        ++open;
      } else if (pick < 4) {
        b.open("iframe", at(coordinate(), coordinate(), 50, 50)).frame(coordinate(), coordinate(), "http://127.0.0.1/f").open("body");
        open += 3;
      } else if (pick < 7) {
        ElementSpec none;
        if (random() % 4 == 0) none.flags = 0;
        else none = at(coordinate(), coordinate(), 5, 5);
        b.leaf("button", "b", none);
      } else if (open > 1) {
        b.close();
        --open;
      }
    }
    while (open-- > 0) b.close();
    Snapshot s;
    REQUIRE(b.build(s) == "");
    ViewportRects rects(s);
    for (uint32_t i = 0; i < s.nodes.size(); ++i) {
      ViewportRect a = rects(i), e = by_ancestor_walk(s, i);
      REQUIRE(a.x == e.x);
      REQUIRE(a.y == e.y);
      REQUIRE(a.w == e.w);
      REQUIRE(a.h == e.h);
    }
  }
}
