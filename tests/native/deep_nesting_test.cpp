// 100,000-deep pages through the core's entry points: dehydrate (with boxes, so every indexed
// entry's rect is resolved) and the form tools. Neither may recurse on depth nor walk the
// ancestors of every entry: the time at 100,000 levels stays within a linear multiple of 25,000.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "dehydrate/forms/form_schema.hpp"
#include "dehydrate/index/browser_state.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using testing::ElementSpec;
using testing::SnapshotBuilder;

namespace {
// Every level a wrapper holding a button and the next level, inside a frame: each button is
// indexed and its box needs the frame's offset from `depth` levels up.
void build_clickable_tower(SnapshotBuilder& b, int depth) {
  b.open("body").open("iframe").frame(7, 9, "http://127.0.0.1/f").open("body");
  for (int i = 0; i < depth; ++i) {
    b.open("div");
    b.leaf("button", "Go");
  }
  for (int i = 0; i < depth; ++i) b.close();
  b.close().close().close().close();
}

struct DehydrateRun {
  index::DehydrateResult result;
  std::string json;
  double seconds = 0;
};

DehydrateRun dehydrate_tower(int depth) {
  SnapshotBuilder b;
  build_clickable_tower(b, depth);
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  index::IndexOptions o;
  o.boxes = true;
  index::DehydrateMemory memory;
  DehydrateRun run;
  auto start = std::chrono::steady_clock::now();
  index::dehydrate(s, o, memory, run.result);
  run.json = index::result_json(s, run.result);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

// A form whose one control sits under `depth` wrappers.
std::string form_tools_of_deep_form(int depth, double& seconds) {
  SnapshotBuilder b;
  ElementSpec field;
  field.attrs = {{"name", "deep_field"}};
  ElementSpec form;
  form.attrs = {{"toolname", "deep_form"}, {"tooldescription", "A form far down"}};
  b.open("body").open("form", form);
  for (int i = 0; i < depth; ++i) b.open(i % 2 ? "div" : "span");
  b.open("label").text("Deep").leaf("input", "", field).close();
  for (int i = 0; i < depth; ++i) b.close();
  b.close().close();
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  auto start = std::chrono::steady_clock::now();
  std::string json = forms::form_tools_json(s);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return json;
}
}  // namespace

TEST_CASE("dehydrate with boxes on a 100,000-deep page: no overflow, linear time") {
  DehydrateRun small = dehydrate_tower(25000);
  DehydrateRun deep = dehydrate_tower(100000);
  REQUIRE(deep.result.entries.size() == 100000);
  CHECK(deep.json.find("\"entries\":[{\"index\":0,") != std::string::npos);
  CHECK(deep.result.content.find(" box=7,9,100,20") != std::string::npos);
  // Each entry's box carries the frame's offset (7, 9) however far down it sits.
  const index::IndexEntry& last = deep.result.entries.back();
  CHECK(last.node > 200000u);
  CHECK(deep.json.find(",\"x\":7,\"y\":9,\"width\":100,\"height\":20}]}") != std::string::npos);
  // Four times the depth: a linear walk takes about four times as long, a walk per entry up its
  // ancestors sixteen.
  INFO("25,000 deep: " << small.seconds << " s; 100,000 deep: " << deep.seconds << " s");
  CHECK(deep.seconds < 10 * small.seconds + 0.5);
}

TEST_CASE("formTools on a 100,000-deep form: no overflow, linear time") {
  double small_seconds = 0, deep_seconds = 0;
  form_tools_of_deep_form(25000, small_seconds);
  std::string json = form_tools_of_deep_form(100000, deep_seconds);
  CHECK(json.find("deep_form") != std::string::npos);
  CHECK(json.find("deep_field") != std::string::npos);
  INFO("25,000 deep: " << small_seconds << " s; 100,000 deep: " << deep_seconds << " s");
  CHECK(deep_seconds < 10 * small_seconds + 0.5);
}

namespace {
// `depth` inline boxes, each opening with a word: one run of inline text, then "end" after them all.
double dehydrate_inline_tower(int depth, std::string& content) {
  SnapshotBuilder b;
  ElementSpec span;
  span.layout.display = "inline";
  b.open("body");
  for (int i = 0; i < depth; ++i) b.open("span", span).text("w ");
  for (int i = 0; i < depth; ++i) b.close();
  b.text("end").close();
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  index::IndexOptions o;
  o.max_bare_text = 0;
  index::DehydrateMemory memory;
  index::DehydrateResult result;
  auto start = std::chrono::steady_clock::now();
  index::dehydrate(s, o, memory, result);
  content = result.content;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

TEST_CASE("a run of inline text 100,000 boxes deep is one line, in linear time") {
  std::string small, deep;
  double small_seconds = dehydrate_inline_tower(25000, small);
  double deep_seconds = dehydrate_inline_tower(100000, deep);
  CHECK(deep.size() == 2 * 100000 + 3);  // "w w … w end": no line break
  CHECK(deep.compare(deep.size() - 5, 5, "w end") == 0);
  INFO("25,000 deep: " << small_seconds << " s; 100,000 deep: " << deep_seconds << " s");
  CHECK(deep_seconds < 10 * small_seconds + 0.5);
}
