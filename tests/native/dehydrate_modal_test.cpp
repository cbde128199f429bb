// The modal decision on built snapshots: a mask read from the pointer probe's facts, and what
// stands above a modal (hit-tested elements after it). Browser tests cover the real libraries.
#include <doctest/doctest.h>

#include "dehydrate/index/browser_state.hpp"
#include "dehydrate/index/options.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using testing::ElementSpec;
using testing::SnapshotBuilder;

namespace {
index::DehydrateResult run(SnapshotBuilder& b, const index::IndexOptions& o) {
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  index::DehydrateMemory memory;
  index::DehydrateResult r;
  index::dehydrate(s, o, memory, r);
  // Every element is new on a first call (`*[0]`): the marks are not what these tests are about.
  std::string plain;
  for (size_t k = 0; k < r.content.size(); ++k)
    if (!(r.content[k] == '*' && (k == 0 || r.content[k - 1] == '\n'))) plain.push_back(r.content[k]);
  r.content = plain;
  return r;
}

ElementSpec id(uint32_t stable_id, float x = 0, float y = 0, float w = 100, float h = 20) {
  ElementSpec e;
  e.stable_id = stable_id;
  e.layout.x = x; e.layout.y = y; e.layout.w = w; e.layout.h = h;
  return e;
}

// body(1) > button(2) "Behind", div(3) (the layer), aside(4) > button(5) "Apply"
SnapshotBuilder page() {
  SnapshotBuilder b;
  b.page(1000, 800, 1000, 800);
  b.open("body", id(1, 0, 0, 1000, 800))
      .leaf("button", "Behind", id(2))
      .leaf("div", "", id(3, 0, 0, 1000, 800))
      .open("aside", id(4, 700, 0, 300, 800)).leaf("button", "Apply", id(5, 720, 10)).close()
      .close();
  return b;
}

// Five probe points: the aside over the layer on the right, the layer alone on the left.
index::IndexOptions probed(const char* layer_position, const char* layer_z = "auto") {
  index::IndexOptions o;
  o.pointer_points = {{3, 1}, {3, 1}, {4, 3, 1}, {3, 1}, {4, 3, 1}};
  o.pointer_facts = {{1, "static", "auto", 0, 0, 1000, 800}, {3, layer_position, layer_z, 0, 0, 1000, 800},
                     {4, "fixed", "auto", 700, 0, 300, 800}};
  return o;
}
}  // namespace

TEST_CASE("a fixed layer under every probe point is a mask: the page behind it is not listed") {
  SnapshotBuilder b = page();
  index::IndexOptions o = probed("fixed");
  o.on_top = {5};  // the hit test found the drawer's button on top
  index::DehydrateResult r = run(b, o);
  CHECK(r.content == "[0]<button >Apply />");
  CHECK(r.header.find("\nA modal layer is open; 1 element behind it is not listed.\n") != std::string::npos);
}

TEST_CASE("not a mask: a layer in the page's flow, one under the page, or in compat mode") {
  for (auto [position, z] : {std::pair{"static", "auto"}, std::pair{"fixed", "-1"}}) {
    SnapshotBuilder b = page();
    index::DehydrateResult r = run(b, probed(position, z));
    CHECK(r.content == "[0]<button >Behind />\n[1]<button >Apply />");
    CHECK(r.header.find("modal") == std::string::npos);
  }
  SnapshotBuilder b = page();
  index::IndexOptions o = probed("fixed");
  o.page_agent_compat = true;
  CHECK(run(b, o).content.find("Behind") != std::string::npos);
}

TEST_CASE("an aria-modal element: what comes after it and is on top stands above it") {
  SnapshotBuilder b;
  b.page(1000, 800, 1000, 800);
  ElementSpec modal = id(3, 100, 100, 400, 300);
  modal.attrs = {{"role", "dialog"}, {"aria-modal", "true"}, {"aria-label", "Edit profile"}};
  b.open("body", id(1, 0, 0, 1000, 800))
      .leaf("button", "Behind", id(2))
      .open("div", modal).leaf("button", "Save", id(4, 120, 120)).close()
      .open("div", id(5, 120, 150, 100, 60)).leaf("button", "Red", id(6, 120, 150)).close()
      .leaf("button", "Later, covered", id(7, 0, 700))
      .close();
  index::IndexOptions o;
  o.on_top = {6};
  o.occluded = {7};
  index::DehydrateResult r = run(b, o);
  CHECK(r.content == "[0]<button >Save />\n[1]<button >Red />");
  CHECK(r.header.find("A modal dialog is open (\"Edit profile\"); 2 elements behind it are not listed.") != std::string::npos);
}

TEST_CASE("a modal dialog is named by aria-labeledby, the legacy spelling, as by aria-labelledby") {
  SnapshotBuilder b;
  b.page(1000, 800, 1000, 800);
  ElementSpec modal = id(3, 100, 100, 400, 300);
  modal.attrs = {{"role", "dialog"}, {"aria-modal", "true"}, {"aria-labeledby", "t"}};
  ElementSpec title = id(4, 120, 120);
  title.attrs = {{"id", "t"}};
  b.open("body", id(1, 0, 0, 1000, 800))
      .leaf("button", "Behind", id(2))
      .open("div", modal).leaf("h2", "Wrong name", id(5, 120, 100)).leaf("p", "Legacy title", title).leaf("button", "Save", id(6, 120, 150)).close()
      .close();
  index::DehydrateResult r = run(b, {});
  CHECK(r.header.find("A modal dialog is open (\"Legacy title\")") != std::string::npos);
}
