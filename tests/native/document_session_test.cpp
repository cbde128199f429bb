// DocumentSession: the state between the shim's calls belongs to one session, and every entry
// point answers an Outcome (a value, or a message and no value).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dehydrate/session/core_constants.hpp"
#include "dehydrate/session/document_session.hpp"
#include "snapshot_builder.hpp"

using dehydra::session::DocumentSession;
using nlohmann::json;

namespace {
// Loads `s`'s buffer into `session` the way the shim does (encoded words and strings).
void load(DocumentSession& session, dehydra::testing::SnapshotBuilder& b) {
  auto [words, strings] = b.finish();
  auto outcome = session.load_snapshot(words.data(), words.size(), strings.data(), strings.size());
  REQUIRE(outcome.ok());
}
}  // namespace

TEST_CASE("a session without a snapshot refuses every read with a message") {
  DocumentSession s;
  CHECK(!s.loaded());
  CHECK(s.dump().error == "no snapshot loaded");
  CHECK(s.dehydrate("{}").error == "no snapshot loaded");
  CHECK(s.occlusion_probe("{}").error == "no snapshot loaded");
  CHECK(s.boxes_wanted("{}").error == "no snapshot loaded");
  CHECK(s.aria_tree(true, true).error == "no snapshot loaded");
  CHECK(s.form_tools().error == "no snapshot loaded");
  CHECK(s.plan_fill("t", "{}", false).error == "no snapshot loaded");
  CHECK(s.markdown("{}").error == "no snapshot loaded");
  CHECK(s.load_geometry(nullptr, 0).error == "no snapshot loaded");
  CHECK(s.set_indices(nullptr, 0).error == "no snapshot loaded");
  // walk_kind needs options only.
  CHECK(s.walk_kind("{}").value == "lean");
  CHECK(!s.walk_kind("[").ok());
}

TEST_CASE("a bad buffer fails with the decoder's message and drops the previous snapshot") {
  dehydra::testing::SnapshotBuilder b;
  b.open("body").leaf("button", "Go").close();
  DocumentSession s;
  load(s, b);
  CHECK(s.loaded());
  const uint32_t junk[] = {1, 2, 3};
  auto bad = s.load_snapshot(junk, 3, "", 0);
  CHECK(!bad.ok());
  CHECK(!bad.error.empty());
  CHECK(!s.loaded());
  CHECK(!s.dehydrate("{}").ok());
}

TEST_CASE("bad options are refused with a message; the same options are parsed once and reused") {
  dehydra::testing::SnapshotBuilder b;
  b.open("body").leaf("button", "Go").close();
  DocumentSession s;
  load(s, b);
  auto bad = s.dehydrate("{\"maxTokens\":-1}");
  CHECK(!bad.ok());
  CHECK(bad.error.find("maxTokens") != std::string::npos);
  auto first = s.dehydrate("{}");
  REQUIRE(first.ok());
  CHECK(json::parse(std::string(first.value))["content"] == "*[0]<button >Go />");
  // The session remembers what it has seen: the same element is no longer new.
  auto again = s.dehydrate("{}");
  REQUIRE(again.ok());
  CHECK(json::parse(std::string(again.value))["content"] == "[0]<button >Go />");
  CHECK(json::parse(std::string(again.value))["entries"].size() == 1);
  CHECK(s.indices().size() > 0);
}

TEST_CASE("two sessions share nothing") {
  dehydra::testing::SnapshotBuilder one;
  one.open("body").leaf("button", "One").close();
  dehydra::testing::SnapshotBuilder two;
  two.open("body").leaf("a", "Two", dehydra::testing::ElementSpec{{{"href", "/two"}}, dehydra::testing::F_HAS_LAYOUT, {}}).leaf("button", "Three").close();
  DocumentSession a, b;
  load(a, one);
  CHECK(!b.loaded());
  CHECK(!b.dehydrate("{}").ok());
  REQUIRE(a.dehydrate("{}").ok());
  auto seen = a.dehydrate("{}");  // a has now seen its button
  REQUIRE(seen.ok());
  std::string_view view_a = seen.value;
  std::string text_a(view_a);
  // The same page in b: b has seen nothing, and its answer does not move a's.
  load(b, one);
  auto fresh = b.dehydrate("{\"maxTokens\":5}");
  REQUIRE(fresh.ok());
  CHECK(json::parse(std::string(fresh.value))["content"] == "*[0]<button >One />");
  CHECK(std::string(view_a) == text_a);
  CHECK(json::parse(text_a)["content"] == "[0]<button >One />");
  load(b, two);
  auto rb = b.dehydrate("{}");
  REQUIRE(rb.ok());
  CHECK(json::parse(std::string(rb.value))["entries"].size() == 2);
  CHECK(a.indices().size() != b.indices().size());
  CHECK(a.aria_tree(true, true).value.find("One") != std::string::npos);
  CHECK(b.aria_tree(true, true).value.find("One") == std::string::npos);
  // Dropping b's snapshot leaves a's.
  const uint32_t junk[] = {7};
  CHECK(!b.load_snapshot(junk, 1, "", 0).ok());
  CHECK(a.loaded());
  CHECK(a.form_tools().ok());
}

TEST_CASE("markdown and plan_fill refusals are messages, not answers") {
  dehydra::testing::SnapshotBuilder b;
  b.open("body").leaf("p", "Hello").close();
  DocumentSession s;
  load(s, b);
  CHECK(s.markdown("nope").error == "options must be a JSON object");
  auto md = s.markdown("{}");
  REQUIRE(md.ok());
  CHECK(md.value.find("Hello") != std::string::npos);
  auto plan = s.plan_fill("none", "{}", false);
  CHECK(!plan.ok());
  CHECK(plan.error.find("no form tool named 'none'") != std::string::npos);
}

TEST_CASE("the constants name the scroll bit, the ignoring attributes and the option defaults") {
  json c = json::parse(dehydra::session::core_constants_json());
  CHECK(c["scrollExtentsBit"] == 0x80000000u);
  CHECK(c["ignoringAttributes"].size() == 3);
  CHECK(c["optionDefaults"]["maxElementText"] == 300);
  CHECK(c["optionDefaults"]["viewportExpansion"] == -1);
  CHECK(c["format"].is_object());
}

TEST_CASE("indices given from another session's dehydrate become the tree's refs") {
  dehydra::testing::SnapshotBuilder page;
  page.open("body").leaf("button", "One").leaf("button", "Two").close();
  DocumentSession controller, extras;
  load(controller, page);
  REQUIRE(controller.dehydrate("{}").ok());
  load(extras, page);
  auto plain = extras.aria_tree(true, true);
  REQUIRE(plain.ok());
  CHECK(std::string(plain.value).find("[ref=") == std::string::npos);
  const std::vector<int32_t>& given = controller.indices();
  REQUIRE(extras.set_indices(given.data(), given.size()).ok());
  std::string tree(extras.aria_tree(true, true).value);
  CHECK(tree.find("button \"One\" [ref=0]") != std::string::npos);
  CHECK(tree.find("button \"Two\" [ref=1]") != std::string::npos);
  // More indices than elements: refused, and the ones given stay.
  std::vector<int32_t> too_many(given.size() + 100, 0);
  CHECK(extras.set_indices(too_many.data(), too_many.size()).error.find("but the snapshot has") != std::string::npos);
  CHECK(std::string(extras.aria_tree(true, true).value).find("[ref=1]") != std::string::npos);
  // A new snapshot drops them.
  load(extras, page);
  CHECK(std::string(extras.aria_tree(true, true).value).find("[ref=") == std::string::npos);
}
