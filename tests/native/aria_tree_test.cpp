// The accessibility tree over hand-built snapshots: roles, names, states, pruning, YAML quoting,
// refs, and 100,000-deep nesting (explicit stacks only).
#include <doctest/doctest.h>

#include "dehydrate/aria/aria_text.hpp"
#include "dehydrate/aria/aria_tree.hpp"
#include "dehydrate/aria/yaml_escape.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using dehydra::testing::ElementSpec;
using dehydra::testing::SnapshotBuilder;

namespace {
ElementSpec attrs(std::vector<std::pair<std::string, std::string>> a, uint32_t flags = snapshot::F_HAS_LAYOUT) {
  ElementSpec s;
  s.attrs = std::move(a);
  s.flags = flags;
  return s;
}
ElementSpec inline_spec(std::vector<std::pair<std::string, std::string>> a = {}) {
  ElementSpec s = attrs(std::move(a));
  s.layout.display = "inline";
  return s;
}
std::string tree(SnapshotBuilder& b, const std::vector<int32_t>* indices = nullptr) {
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  aria::AriaTreeOptions o;
  o.indices = indices;
  return aria::render_aria_tree(s, o);
}
}  // namespace

TEST_CASE("headings, links, landmarks and merged text") {
  SnapshotBuilder b;
  b.open("body").open("header").leaf("h1", "Title").close()
      .open("nav", attrs({{"aria-label", "Main"}})).leaf("a", "Home", inline_spec({{"href", "/"}})).close()
      .open("p").text("Hello ").leaf("strong", "big", inline_spec()).text("  world").close()
      .open("footer").text("Foot").close().close();
  CHECK(tree(b) ==
        "- banner:\n  - heading \"Title\" [level=1]\n- navigation \"Main\":\n  - link \"Home\":\n    - /url: /\n"
        "- paragraph:\n  - text: Hello\n  - strong: big\n  - text: world\n- contentinfo: Foot");
}

TEST_CASE("labels, states, hidden content and refs") {
  SnapshotBuilder b;
  ElementSpec checked = inline_spec({{"type", "checkbox"}, {"id", "c"}});
  checked.flags |= snapshot::F_CHECKED;
  ElementSpec hidden = attrs({});
  hidden.flags = 0;  // no layout: display:none
  ElementSpec text_input = inline_spec({{"id", "e"}, {"required", ""}});
  text_input.value = "a@b.c";
  b.open("body")
      .leaf("label", "Email", inline_spec({{"for", "e"}}))
      .leaf("input", "", text_input)
      .open("label", inline_spec()).leaf("input", "", checked).text(" Agree").close()
      .leaf("button", "Go", inline_spec({{"aria-pressed", "true"}}))
      .open("div", hidden).leaf("button", "Ghost").close()
      .open("div", attrs({{"aria-hidden", "true"}})).leaf("button", "Ghost 2").close()
      .open("div", attrs({{"inert", ""}})).leaf("button", "Ghost 3").close()
      .close();
  // Element ordinals: body 0, label 1, input 2, label 3, input 4, button 5, ...
  std::vector<int32_t> indices = {-1, -1, 7, -1, 8, 9, -1, -1, -1, -1, -1, -1};
  CHECK(tree(b, &indices) ==
        "- text: Email\n- textbox \"Email\" [required] [ref=7]: a@b.c\n- checkbox \"Agree\" [checked] [ref=8]\n"
        "- text: Agree\n- button \"Go\" [pressed] [ref=9]");
}

TEST_CASE("aria-labelledby, name from content and title fallback") {
  SnapshotBuilder b;
  b.open("body")
      .leaf("span", "First", inline_spec({{"id", "a"}}))
      .leaf("span", "Second", inline_spec({{"id", "b"}}))
      .leaf("div", "content ignored", attrs({{"role", "button"}, {"aria-labelledby", "b a missing"}}))
      .open("a", inline_spec({{"href", "#x"}})).leaf("img", "", inline_spec({{"alt", "Logo"}})).text(" site").close()
      .leaf("div", "", attrs({{"role", "img"}, {"title", "Tip"}}))
      .close();
  CHECK(tree(b) == "- text: FirstSecond\n- button \"Second First\": content ignored\n- link \"Logo site\":\n  - /url: \"#x\"\n  - img \"Logo\"\n  - text: site\n- img \"Tip\"");
}

TEST_CASE("100,000-deep nesting: no recursion in the tree nor in names") {
  SnapshotBuilder b;
  b.open("body").open("button");
  for (int i = 0; i < 100000; ++i) b.open(i % 2 ? "div" : "span", inline_spec());
  b.text("deep");
  for (int i = 0; i < 100000; ++i) b.close();
  b.close().close();
  CHECK(tree(b) == "- button \"deep\"");
}

TEST_CASE("YAML quoting follows Playwright's rules") {
  CHECK(aria::yaml_value("plain") == "plain");
  CHECK(aria::yaml_value("123") == "\"123\"");
  CHECK(aria::yaml_value("- item") == "\"- item\"");
  CHECK(aria::yaml_value("a: b") == "\"a: b\"");
  CHECK(aria::yaml_value("yes") == "\"yes\"");
  CHECK(aria::yaml_value("#top") == "\"#top\"");
  CHECK(aria::yaml_value("line\nbreak") == "\"line\\nbreak\"");
  CHECK(aria::yaml_key("textbox \"Weird: value\"") == "'textbox \"Weird: value\"'");
  CHECK(aria::normalize_whitespace(" a\xC2\xA0\xC2\xA0 b\xE2\x80\x8B \n") == "a b");
  CHECK(aria::utf16_length("\xF0\x9F\x98\x80x") == 3);
}
