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

TEST_CASE("names as Chromium computes them: blank labelledby, legacy spelling, aria-label spaces, visibility") {
  SnapshotBuilder b;
  ElementSpec hidden_span = inline_spec();
  hidden_span.layout.visibility = "hidden";
  b.open("body")
      .leaf("span", " ", inline_spec({{"id", "blank"}}))
      .leaf("span", "Legacy", inline_spec({{"id", "l"}}))
      .leaf("button", "content", attrs({{"aria-labelledby", "blank"}, {"aria-label", "foo"}}))
      .leaf("button", "content", attrs({{"aria-labeledby", "l"}}))
      .leaf("button", "content", attrs({{"aria-label", "\xC2\xA0x  y\xC2\xA0"}}))
      .leaf("button", "fallback", attrs({{"aria-label", " \t"}}))
      .open("button").open("span", hidden_span).text("hidden ").leaf("span", "shown", inline_spec()).close().text(" text").close()
      .close();
  CHECK(tree(b) ==
        "- text: Legacy\n- button \"foo\": content\n- button \"Legacy\": content\n"
        "- button \"\xC2\xA0x y\xC2\xA0\": content\n- button \"fallback\"\n- button \"shown text\"");
}

TEST_CASE("a visibility:visible descendant of a visibility:hidden element shows and names") {
  SnapshotBuilder b;
  ElementSpec hidden_span = inline_spec();
  hidden_span.layout.visibility = "hidden";
  b.open("body")
      .open("button").open("span", hidden_span).text("hidden ").open("span", hidden_span).text("deeper ").close()
      .leaf("span", "shown", inline_spec()).close().text(" text").close()
      .open("div", hidden_span).leaf("a", "Link", inline_spec({{"href", "/x"}})).text("gone").close()
      .close();
  CHECK(tree(b) == "- button \"shown text\"\n- link \"Link\":\n  - /url: /x");
}

TEST_CASE("inside a name from content, a list box names with its selected options, a drop-down with its first") {
  SnapshotBuilder b;
  ElementSpec selected = attrs({});
  selected.flags |= snapshot::F_SELECTED;
  b.open("body")
      .open("h2").text("List ").open("select", attrs({{"multiple", ""}})).leaf("option", "one").close().close()
      .open("h2").text("Chosen ").open("select", attrs({{"size", "3"}})).leaf("option", "one").leaf("option", "two", selected)
      .close().close()
      .open("h2").text("Drop ").open("select").leaf("option", "first").leaf("option", "second").close().close()
      .close();
  const std::string t = tree(b);
  CHECK(t.find("- heading \"List\" [level=2]") != std::string::npos);
  CHECK(t.find("- heading \"Chosen two\" [level=2]") != std::string::npos);
  CHECK(t.find("- heading \"Drop first\" [level=2]") != std::string::npos);
}

TEST_CASE("ARIA 1.3 roles, and roles outside their required context fall back") {
  SnapshotBuilder b;
  b.open("body")
      .open("div", attrs({{"role", "suggestion"}})).leaf("ins", "new", inline_spec()).close()
      .leaf("div", "", attrs({{"role", "image"}, {"aria-label", "Picture"}}))
      .leaf("div", "Note", attrs({{"role", "comment"}}))
      .leaf("div", "Lone", attrs({{"role", "treeitem"}}))
      .leaf("div", "Either", attrs({{"role", "treeitem button"}}))
      .leaf("h2", "Heading", attrs({{"role", "option"}}))
      .leaf("div", "Item", attrs({{"role", "listitem"}}))
      .open("div", attrs({{"role", "tree"}})).open("div")
      .open("div", attrs({{"role", "treeitem"}})).text("Top").leaf("div", "Nested", attrs({{"role", "treeitem"}})).close()
      .close().close()
      .open("div", attrs({{"role", "listbox"}})).open("div", attrs({{"role", "group"}}))
      .leaf("div", "In group", attrs({{"role", "option"}})).close().close()
      .open("div", attrs({{"role", "menu"}})).leaf("div", "Wrong parent", attrs({{"role", "option"}})).close()
      .open("div", attrs({{"role", "tree"}, {"aria-owns", "owned"}})).close()
      .leaf("div", "Owned", attrs({{"role", "treeitem"}, {"id", "owned"}}))
      .close();
  CHECK(tree(b) ==
        "- suggestion:\n  - insertion: new\n- img \"Picture\"\n- comment: Note\n- text: Lone\n- button \"Either\"\n"
        "- heading \"Heading\" [level=2]\n- text: Item\n- tree:\n  - treeitem \"Top Nested\":\n    - text: Top\n"
        "    - treeitem \"Nested\"\n- listbox:\n  - group:\n    - option \"In group\"\n- menu: Wrong parent\n"
        "- tree:\n  - treeitem \"Owned\"");
}

TEST_CASE("generated content counts in names and text, not in a text field's content") {
  SnapshotBuilder b;
  b.open("body")
      .open("button").generated("\xE2\x98\x85 ").text("Save").close()
      .open("p").open("span", inline_spec()).generated("[").text("inline").generated("]").close().close()
      .open("div", attrs({{"role", "textbox"}, {"id", "t"}})).generated("Icon").text("typed").close()
      .leaf("button", "", attrs({{"aria-labelledby", "t"}}))
      .close();
  // The span's only DOM child is its text: it is no node of its own, as in Playwright.
  CHECK(tree(b) == "- button \"\xE2\x98\x85 Save\"\n- paragraph: \"[inline]\"\n- textbox\n- button \"typed\"");
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

TEST_CASE("an image map's links are the image's children, named by alt, whatever the map's place") {
  auto shown = [](std::vector<std::pair<std::string, std::string>> a) {
    ElementSpec s = inline_spec(std::move(a));
    s.flags |= snapshot::F_IMAGE_MAP_SHOWN;
    return s;
  };
  SnapshotBuilder b;
  ElementSpec area = attrs({{"href", "/a"}, {"alt", "North"}}, 0);  // display:none, as every area
  ElementSpec plain = attrs({{"alt", "No link"}}, 0);
  ElementSpec labelled = attrs({{"href", "/c"}, {"alt", "Alt"}, {"aria-label", "Label"}}, 0);
  ElementSpec hidden = attrs({{"href", "/d"}, {"alt", "Hidden"}, {"aria-hidden", "true"}}, 0);
  ElementSpec other = attrs({{"href", "/z"}, {"alt", "Other map"}}, 0);
  b.open("body")
      .open("map", inline_spec({{"name", "m"}})).leaf("area", "", area).leaf("area", "", plain).close()
      .leaf("img", "", shown({{"usemap", "#m"}, {"alt", "Picture"}}))
      .leaf("img", "", shown({{"usemap", "m"}, {"alt", "No hash"}}))
      .leaf("img", "", inline_spec({{"usemap", "#m"}, {"alt", "Broken"}}))
      .open("map", inline_spec({{"id", "n"}})).open("div", attrs({}, 0)).leaf("area", "", labelled)
      .leaf("area", "", hidden).close().close()
      .open("map", inline_spec({{"name", "n"}})).leaf("area", "", other).close()
      .leaf("img", "", shown({{"usemap", "#n"}, {"alt", "Second"}}))
      .close();
  CHECK(tree(b) ==
        "- img \"Picture\":\n  - link \"North\":\n    - /url: /a\n- img \"No hash\"\n- img \"Broken\"\n"
        "- img \"Second\":\n  - link \"Label\":\n    - /url: /c");
}
