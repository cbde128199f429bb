// DocumentSession: the state between the shim's calls belongs to one session, and every entry
// point answers an Outcome (a value, or a message and no value).
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dehydrate/session/core_constants.hpp"
#include "dehydrate/session/document_session.hpp"
#include "core_records.hpp"
#include "snapshot_builder.hpp"

using dehydra::session::DocumentSession;
using dehydra::session::Outcome;
using dehydra::testing::OptionsRecord;
using nlohmann::json;

namespace {
// Loads `s`'s buffer into `session` the way the shim does (encoded words and strings).
void load(DocumentSession& session, dehydra::testing::SnapshotBuilder& b) {
  auto [words, strings] = b.finish();
  auto outcome = session.load_snapshot(words.data(), words.size(), strings.data(), strings.size());
  REQUIRE(outcome.ok());
}

Outcome<std::string> set_options(DocumentSession& session, const OptionsRecord& options) {
  dehydra::testing::Record r = options.finish();
  return session.set_options(r.words.data(), r.words.size(), r.strings.data(), r.strings.size());
}

// One state as the shim runs it without a hit test: the options, then the dehydrate.
Outcome<std::string_view> dehydrate(DocumentSession& session, const OptionsRecord& options = {}) {
  Outcome<std::string> set = set_options(session, options);
  if (!set.ok()) return dehydra::session::failure(set.error);
  std::vector<uint32_t> hits = dehydra::testing::hits_record();
  return session.dehydrate(hits.data(), hits.size());
}
}  // namespace

TEST_CASE("a session without a snapshot refuses every read with a message") {
  DocumentSession s;
  CHECK(!s.loaded());
  CHECK(s.dump().error == "no snapshot loaded");
  CHECK(dehydrate(s).error == "no snapshot loaded");
  const uint32_t no_layers[] = {0, 0, 0};
  CHECK(s.occlusion_probe(no_layers, 3, "", 0).error == "no snapshot loaded");
  CHECK(s.boxes_wanted().error == "no snapshot loaded");
  CHECK(s.aria_tree(true, true).error == "no snapshot loaded");
  CHECK(s.form_tools().error == "no snapshot loaded");
  CHECK(s.plan_fill("t", "{}", false).error == "no snapshot loaded");
  CHECK(s.markdown("{}").error == "no snapshot loaded");
  CHECK(s.load_geometry(nullptr, 0).error == "no snapshot loaded");
  CHECK(s.set_indices(nullptr, 0).error == "no snapshot loaded");
  // Options need no snapshot; they answer the walk they take.
  CHECK(set_options(s, {}).value == "lean");
  CHECK(set_options(s, OptionsRecord().flag(dehydra::snapshot::OPT_PAGE_AGENT_COMPAT, true)).value == "full");
  CHECK(set_options(s, OptionsRecord().number(dehydra::snapshot::OPT_VIEWPORT_EXPANSION,
                                              dehydra::snapshot::O_VIEWPORT_EXPANSION, 0)).value == "full");
  const uint32_t short_record[] = {0, 0, 0};
  CHECK(s.set_options(short_record, 3, "", 0).error == "options record truncated");
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
  CHECK(!dehydrate(s).ok());
}

TEST_CASE("bad records are refused with a message and change nothing") {
  using namespace dehydra::snapshot;
  dehydra::testing::SnapshotBuilder b;
  b.open("body").leaf("button", "Go").close();
  DocumentSession s;
  load(s, b);
  REQUIRE(set_options(s, OptionsRecord().flag(OPT_PAGE_AGENT_COMPAT, true)).value == "full");
  auto bad = set_options(s, OptionsRecord().number(OPT_MAX_TOKENS, O_MAX_TOKENS, -1));
  CHECK(!bad.ok());
  CHECK(bad.error == "maxTokens must be a number from 0 to 1000000000");
  CHECK(!set_options(s, OptionsRecord().number(OPT_MAX_ELEMENT_TEXT, O_MAX_ELEMENT_TEXT, 1e12)).ok());
  CHECK(!set_options(s, OptionsRecord().number(OPT_VIEWPORT_EXPANSION, O_VIEWPORT_EXPANSION, std::nan(""))).ok());
  // A string id past the table, a list running past the end, words left over.
  dehydra::testing::Record r = OptionsRecord().include("data-*").finish();
  r.words[kOptionsWords + 1] = 5;
  CHECK(s.set_options(r.words.data(), r.words.size(), r.strings.data(), r.strings.size()).error ==
        "options record: includeAttributes names no string");
  r = OptionsRecord().finish();
  r.words[kOptionsWords + 1] = 100;
  CHECK(s.set_options(r.words.data(), r.words.size(), "", 0).error == "options record truncated");
  r = OptionsRecord().finish();
  r.words.push_back(7);
  CHECK(!s.set_options(r.words.data(), r.words.size(), "", 0).ok());
  // The table must hold what the header says.
  r = OptionsRecord().include("a").finish();
  CHECK(!s.set_options(r.words.data(), r.words.size(), "a\0b", 3).ok());
  const uint32_t bad_hits[] = {5, 1};
  CHECK(s.dehydrate(bad_hits, 2).error == "hits record truncated or malformed");
  const uint32_t bad_layers[] = {0, 1, 9};
  CHECK(s.occlusion_probe(bad_layers, 3, "", 0).error == "pointer layers record truncated or malformed");
  // The compat options set first still stand: a compat state's line.
  std::vector<uint32_t> hits = dehydra::testing::hits_record();
  auto first = s.dehydrate(hits.data(), hits.size());
  REQUIRE(first.ok());
  CHECK(json::parse(std::string(first.value))["content"] == "*[0]<button >Go />");
  // The session remembers what it has seen: the same element is no longer new.
  auto again = dehydrate(s);
  REQUIRE(again.ok());
  CHECK(json::parse(std::string(again.value))["content"] == "[0]<button >Go />");
  CHECK(json::parse(std::string(again.value))["entries"].size() == 1);
  CHECK(s.indices().size() > 0);
}

TEST_CASE("the options record carries every key") {
  using namespace dehydra::snapshot;
  dehydra::testing::SnapshotBuilder b;
  b.open("body").leaf("button", "Go", dehydra::testing::ElementSpec{{{"data-x", "1"}}, F_HAS_LAYOUT, {}}).leaf("button", "Skip").close();
  DocumentSession s;
  load(s, b);
  OptionsRecord o;
  o.include("data-*").flag(OPT_PAGE_AGENT_COMPAT, false).flag(OPT_BOXES, true).session(3);
  auto plain = json::parse(std::string(dehydrate(s, o).value));
  CHECK(plain["content"].get<std::string>().find("data-x=1") != std::string::npos);
  CHECK(plain["content"].get<std::string>().find(" box=") != std::string::npos);
  // The second button's stable id (the builder numbers elements from 1: body, then the buttons).
  o.blacklist(3);
  auto black = json::parse(std::string(dehydrate(s, o).value));
  CHECK(black["entries"].size() == 1);
}

TEST_CASE("two sessions share nothing") {
  dehydra::testing::SnapshotBuilder one;
  one.open("body").leaf("button", "One").close();
  dehydra::testing::SnapshotBuilder two;
  two.open("body").leaf("a", "Two", dehydra::testing::ElementSpec{{{"href", "/two"}}, dehydra::testing::F_HAS_LAYOUT, {}}).leaf("button", "Three").close();
  DocumentSession a, b;
  load(a, one);
  CHECK(!b.loaded());
  CHECK(!dehydrate(b).ok());
  REQUIRE(dehydrate(a).ok());
  auto seen = dehydrate(a);  // a has now seen its button
  REQUIRE(seen.ok());
  std::string_view view_a = seen.value;
  std::string text_a(view_a);
  // The same page in b: b has seen nothing, and its answer does not move a's.
  load(b, one);
  auto fresh = dehydrate(b, OptionsRecord().number(dehydra::snapshot::OPT_MAX_TOKENS, dehydra::snapshot::O_MAX_TOKENS, 5));
  REQUIRE(fresh.ok());
  CHECK(json::parse(std::string(fresh.value))["content"] == "*[0]<button >One />");
  CHECK(std::string(view_a) == text_a);
  CHECK(json::parse(text_a)["content"] == "[0]<button >One />");
  load(b, two);
  auto rb = dehydrate(b);
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
  REQUIRE(dehydrate(controller).ok());
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
