// The dehydrate core on built snapshots: JS string/number semantics, line format, pruning layers,
// distinct interactions, depth, stable numbers, diff and folding.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <utility>

#include "dehydrate/base/js_number.hpp"
#include "dehydrate/base/js_string.hpp"
#include "dehydrate/index/attributes.hpp"
#include "dehydrate/index/browser_state.hpp"
#include "dehydrate/index/options.hpp"
#include "core_records.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using testing::ElementSpec;
using testing::SnapshotBuilder;

namespace {
std::string run(SnapshotBuilder& b, index::IndexOptions o = {}, index::DehydrateMemory* memory = nullptr) {
  snapshot::Snapshot s;
  REQUIRE(b.build(s) == "");
  index::DehydrateMemory local;
  index::DehydrateResult r;
  index::dehydrate(s, o, memory ? *memory : local, r);
  return r.content;
}

// The content of one page, built by `body` on a 1280x800 page, in compat mode and by default.
std::pair<std::string, std::string> compat_and_default(const std::function<void(SnapshotBuilder&)>& body) {
  std::string out[2];
  for (bool compat : {true, false}) {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    body(b);
    index::IndexOptions o;
    o.page_agent_compat = compat;
    out[compat ? 0 : 1] = run(b, o);
  }
  return {out[0], out[1]};
}

ElementSpec pointer() {
  ElementSpec e;
  e.layout.cursor = "pointer";
  return e;
}
}  // namespace

TEST_CASE("JavaScript string semantics") {
  CHECK(common::js_trim("\xC2\xA0 hi \xE3\x80\x80") == "hi");  // NBSP and ideographic space
  CHECK(common::js_trim(" \t\n") == "");
  CHECK(common::utf16_length("a\xF0\x9F\x98\x80") == 3);      // an astral character is two units
  CHECK(common::utf16_prefix("ab\xF0\x9F\x98\x80" "c", 3) == "ab");  // never splits a pair
  CHECK(common::js_lower("\xC3\x89t\xC3\xA9 ABC \xD0\x9F") == "\xC3\xA9t\xC3\xA9 abc \xD0\xBF");
}

TEST_CASE("JavaScript number formatting") {
  CHECK(common::js_number(300) == "300");
  CHECK(common::js_number(12.5) == "12.5");
  CHECK(common::js_number(0.015625) == "0.015625");
  CHECK(common::js_number(-12.5) == "-12.5");
  CHECK(common::js_number(-0.0) == "0");
  CHECK(common::js_number(123456789) == "123456789");
  CHECK(common::js_number(16777216.5) == "16777216.5");  // past the integer-arithmetic path
  CHECK(common::js_number(1e21) == "1e+21");
  CHECK(common::js_number(0.1) == "0.1");
  CHECK(common::js_number(1.5e-7) == "1.5e-7");
  CHECK(common::js_number(1.0 / 3) == "0.3333333333333333");
  CHECK(common::js_number(std::nan("")) == "NaN");
  // Multiples of 1/64 (layout positions): the fewest fraction digits that read back the same.
  uint64_t seed = 12345;
  for (int k = 0; k < 20000; ++k) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    double x = static_cast<double>(static_cast<int64_t>(seed >> 33) % (1LL << 29) - (1LL << 28)) / 64;
    if (k % 3 == 0) x = static_cast<float>(x / 7);  // a float box edge, often not a 64th
    std::string expected;
    char buf[64];
    for (int digits = 0; digits <= 20 && expected.empty(); ++digits) {
      std::snprintf(buf, sizeof buf, "%.*f", digits, x);
      if (std::strtod(buf, nullptr) == x) expected = buf;
    }
    if (expected == "-0") expected = "0";
    REQUIRE(common::js_number(x) == expected);
  }
  CHECK(common::js_to_fixed(0.25, 1) == "0.3");  // ties round up, as toFixed does
  CHECK(common::js_to_fixed(2.75, 1) == "2.8");
  CHECK(common::js_to_fixed(3.75, 0) == "4");
  CHECK(common::js_to_fixed(0, 1) == "0.0");
}

TEST_CASE("glob patterns") {
  CHECK(index::glob_match("data-*", "data-id"));
  CHECK(index::glob_match("*", "x"));
  CHECK_FALSE(index::glob_match("data-*", "aria-data"));
  CHECK(index::glob_match("a*c", "abbc"));
}

TEST_CASE("line format, pruning layers and distinct interactions") {
  SnapshotBuilder b;
  b.page(1280, 800, 1280, 800);
  b.open("body");
  b.leaf("button", "Save");
  b.leaf("button", "", ElementSpec{{{"role", "button"}}});  // layer 3: role equal to the tag
  b.leaf("button", "Close", ElementSpec{{{"aria-label", "close"}, {"title", "Close"}}});  // layer 4
  b.leaf("input", "", ElementSpec{{{"name", "search-box"}, {"id", "search-box"}, {"type", "text"}}});  // layer 2
  b.leaf("a", "", ElementSpec{{{"title", "A title that is longer than twenty units"}}});
  b.open("div", pointer()).text("Card").leaf("span", "inner", pointer()).leaf("li", "item", pointer()).close();
  b.close();
  auto content = run(b, [] { index::IndexOptions o; o.page_agent_compat = true; return o; }());
  CHECK(content ==
        "*[0]<button >Save />\n"
        "*[1]<button  />\n"
        "*[2]<button >Close />\n"
        "*[3]<input type=text name=search-box />\n"
        "*[4]<a title=A title that is long... />\n"
        "*[5]<div >Card\ninner />\n"
        "\t*[6]<li >item />");
}

TEST_CASE("default mode lists each control once; compat lists wrappers apart") {
  auto make = [] {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body");
    b.open("label").text("Email").leaf("input", "", ElementSpec{{{"name", "email"}}}).close();
    b.open("a", ElementSpec{{{"href", "/buy"}}}).leaf("button", "Buy").close();
    b.open("li", pointer()).leaf("a", "2", ElementSpec{{{"href", "/p2"}}}).close();
    b.open("li", [] { ElementSpec e = pointer(); e.attrs = {{"title", "Next page"}}; return e; }())
        .leaf("button", "")
        .close();
    b.open("div", pointer()).text("Card").leaf("button", "Delete").close();
    b.open("ul", ElementSpec{{{"role", "menu"}}}).leaf("li", "Open", ElementSpec{{{"role", "menuitem"}}}).close();
    b.close();
    return b;
  };
  SnapshotBuilder b1 = make();
  index::IndexOptions compat;
  compat.page_agent_compat = true;
  CHECK(run(b1, compat) ==
        "*[0]<label >Email />\n\t*[1]<input name=email />\n"
        "*[2]<a  />\n\t*[3]<button >Buy />\n"
        "*[4]<li  />\n\t*[5]<a >2 />\n"
        "*[6]<li title=Next page />\n\t*[7]<button  />\n"
        "*[8]<div >Card />\n\t*[9]<button >Delete />\n"
        "*[10]<ul role=menu />\n\t*[11]<li role=menuitem>Open />");
  SnapshotBuilder b2 = make();
  CHECK(run(b2) ==
        "*[0]<input name=email>Email />\n"
        "*[1]<button >Buy />\n"
        "*[2]<a >2 />\n"
        "*[3]<li title=Next page />\n"
        "*[4]<div >Card />\n\t*[5]<button >Delete />\n"
        "*[6]<li role=menuitem>Open />");
}

TEST_CASE("an input's datalist suggestions are on its line in default mode, capped; not in compat") {
  auto make = [] {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body");
    b.leaf("input", "", ElementSpec{{{"list", "a"}}});
    ElementSpec hidden;
    hidden.flags = 0;
    b.open("datalist", ElementSpec{{{"id", "a"}}, 0});
    for (int k = 1; k <= 12; ++k) b.leaf("option", "", ElementSpec{{{"value", "v" + std::to_string(k)}}, 0});
    b.close();
    b.leaf("input", "", ElementSpec{{{"list", "b"}}});
    b.open("datalist", ElementSpec{{{"id", "b"}}, 0});
    b.leaf("option", "Berlin", ElementSpec{{{"value", "BER"}}, 0});
    b.leaf("option", "  Same \n text ", hidden);
    b.leaf("option", "Off", ElementSpec{{{"value", "OFF"}}, snapshot::F_DISABLED});
    b.leaf("option", "", ElementSpec{{{"value", ""}, {"label", "Empty"}}, 0});
    b.close();
    b.leaf("input", "", ElementSpec{{{"list", "b"}, {"type", "checkbox"}}});  // ignores `list`
    b.open("div").shadow_root().leaf("input", "", ElementSpec{{{"list", "b"}}}).close().close();  // another tree
    b.close();
    return b;
  };
  SnapshotBuilder b1 = make();
  CHECK(run(b1) ==
        "*[0]<input >suggestions: \"v1\", \"v2\", \"v3\", \"v4\", \"v5\", \"v6\", \"v7\", \"v8\", \"v9\", \"v10\", "
        "\xE2\x80\xA6 (+2 more) />\n"
        "*[1]<input >suggestions: \"BER\" (Berlin), \"Same text\" />\n"
        "*[2]<input type=checkbox checked=false />\n"
        "*[3]<input  />");
  SnapshotBuilder b2 = make();
  index::IndexOptions compat;
  compat.page_agent_compat = true;
  CHECK(run(b2, compat).find("suggestions") == std::string::npos);
}

TEST_CASE("grid cells that take focus, selection or sorting are indexed with their row and column") {
  auto make = [] {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body");
    ElementSpec root{{{"role", "grid"}}};
    root.flags |= snapshot::F_CLICK_HANDLER;  // one listener answers for every cell
    b.open("div", root);
    b.open("div", ElementSpec{{{"role", "row"}, {"aria-rowindex", "1"}}});
    b.leaf("div", "Name", ElementSpec{{{"role", "columnheader"}, {"tabindex", "-1"}}});
    b.leaf("div", "Stock", ElementSpec{{{"role", "columnheader"}, {"aria-sort", "ascending"}}});
    b.close();
    for (int r = 4; r <= 5; ++r) {
      b.open("div", ElementSpec{{{"role", "row"}, {"aria-rowindex", std::to_string(r)}}});
      b.leaf("div", "Kettle " + std::to_string(r), ElementSpec{{{"role", "rowheader"}, {"tabindex", "-1"}}});
      b.leaf("div", std::to_string(r * 10), ElementSpec{{{"role", "gridcell"}, {"tabindex", r == 4 ? "0" : "-1"}}});
      b.close();
    }
    b.open("div", ElementSpec{{{"role", "row"}}});  // numbered after the row before it
    b.leaf("div", "", ElementSpec{{{"role", "gridcell"}, {"aria-colindex", "2"}, {"aria-selected", "true"}}});
    b.close();
    b.close();
    b.open("table");  // a table whose cells take focus
    b.open("tr").leaf("th", "Day").leaf("th", "Hours").close();
    b.open("tr").leaf("td", "Mon").leaf("td", "8", ElementSpec{{{"tabindex", "-1"}}}).close();
    b.close();
    b.open("table").open("tr").leaf("td", "Plain").leaf("td", "text").close().close();  // nothing focusable
    b.open("div", ElementSpec{{{"role", "treegrid"}}});  // a treegrid's rows expand: they are targets
    b.open("div", ElementSpec{{{"role", "row"}, {"tabindex", "-1"}, {"aria-expanded", "false"}}});
    b.leaf("div", "Folder", ElementSpec{{{"role", "gridcell"}}});
    b.close().close();
    b.close();
    return b;
  };
  SnapshotBuilder b1 = make();
  CHECK(run(b1) ==
        "*[0]<div role=columnheader>Name; column 1 />\n"
        "*[1]<div role=columnheader aria-sort=ascending>Stock; column 2 />\n"
        "*[2]<div role=rowheader>Kettle 4; row 4 />\n"
        "*[3]<div role=gridcell>40; row 4, \"Stock\" />\n"
        "*[4]<div role=rowheader>Kettle 5; row 5 />\n"
        "*[5]<div role=gridcell>50; row 5, \"Stock\" />\n"
        "*[6]<div role=gridcell aria-selected=true>row 6, \"Stock\" />\n"
        "Day\nHours\nMon\n"
        "*[7]<td >8; row 2, \"Hours\" />\n"
        "Plain\ntext\n"
        "*[8]<div role=row aria-expanded=false>Folder; row 1 />");
  SnapshotBuilder b2 = make();
  index::IndexOptions compat;
  compat.page_agent_compat = true;
  CHECK(run(b2, compat).find("gridcell") == std::string::npos);
}

TEST_CASE("a cell's note names its column by the header's full text, and only where the cell needs it") {
  SnapshotBuilder b;
  b.page(1280, 800, 1280, 800);
  b.open("body");
  b.open("table", ElementSpec{{{"role", "grid"}}});
  b.open("tr");
  b.leaf("th", "Qty", ElementSpec{{{"abbr", "Quantity"}}});
  b.leaf("th", "\xE2\x82\xAC", ElementSpec{{{"aria-label", "Unit price"}}});
  b.open("th").leaf("abbr", "S", ElementSpec{{{"title", "Saturday"}}}).close();
  b.leaf("th", "Actions");
  b.close();
  b.open("tr");
  b.leaf("td", "38", ElementSpec{{{"tabindex", "-1"}}});
  b.leaf("td", "3.50", ElementSpec{{{"tabindex", "-1"}}});
  // A day named in full needs no note; a control in a cell marked only by aria-selected takes none.
  b.leaf("td", "15", ElementSpec{{{"tabindex", "-1"}, {"aria-label", "Saturday, June 15, 2024"}}});
  b.open("td", ElementSpec{{{"aria-selected", "true"}}}).leaf("button", "Open").close();
  b.close();
  b.open("tr");
  b.leaf("td", "40", ElementSpec{{{"tabindex", "-1"}}});
  b.leaf("td", "4.00", ElementSpec{{{"tabindex", "-1"}}});
  b.leaf("td", "16", ElementSpec{{{"tabindex", "-1"}}});
  // An icon button named "Edit" in a cell that takes focus still needs its row.
  b.open("td", ElementSpec{{{"tabindex", "-1"}}}).leaf("button", "", ElementSpec{{{"aria-label", "Edit"}}}).close();
  b.close();
  b.close().close();
  CHECK(run(b) ==
        "Qty\n\xE2\x82\xAC\nS\nActions\n"
        "*[0]<td >38; row 2, \"Quantity\" />\n"
        "*[1]<td >3.50; row 2, \"Unit price\" />\n"
        "*[2]<td aria-label=Saturday, June 15, 2...>15 />\n"
        "*[3]<button >Open />\n"
        "*[4]<td >40; row 3, \"Quantity\" />\n"
        "*[5]<td >4.00; row 3, \"Unit price\" />\n"
        "*[6]<td >16; row 3, \"Saturday\" />\n"
        "*[7]<button aria-label=Edit>row 3, \"Actions\" />");
}

TEST_CASE("a link's contents are judged alike whether the engine gives links cursor pointer or auto") {
  auto make = [](const std::string& cursor) {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body");
    ElementSpec link{{{"href", "/p"}}};
    link.layout.cursor = cursor;
    link.layout.w = 0;  // its own box is empty: its picture takes the click
    link.layout.h = 0;
    ElementSpec picture{{{"class", "pic"}}};
    picture.layout.cursor = cursor;
    b.open("a", link).leaf("span", "Open", picture).close();
    b.close();
    return b;
  };
  SnapshotBuilder chromium = make("pointer"), webkit = make("auto");
  std::string expected = run(chromium);
  CHECK(expected == "*[0]<span >Open />");
  CHECK(run(webkit) == expected);
  SnapshotBuilder compat_webkit = make("auto");
  index::IndexOptions compat;
  compat.page_agent_compat = true;
  CHECK(run(compat_webkit, compat) == "Open");  // Page Agent in WebKit: plain text
}

TEST_CASE("compat hides body text; default prints it") {
  auto [compat, ours] = compat_and_default([](SnapshotBuilder& b) { b.open("body").text("Loose text").leaf("button", "Go").close(); });
  CHECK(compat == "*[0]<button >Go />");
  CHECK(ours == "Loose text\n*[0]<button >Go />");
}

TEST_CASE("default mode joins a run of inline text; compat keeps a part per text node") {
  ElementSpec in, link{{{"href", "/x"}}};
  in.layout.display = link.layout.display = "inline";
  auto [compat, ours] = compat_and_default([&](SnapshotBuilder& b) {
    b.open("body");
    b.open("a", link).text("Save ").leaf("b", "draft", in).close();
    b.open("p").text("un").leaf("b", "usual", in).text("ly").leaf("br", "", in).text("next").close();
    b.open("p").text("Block").leaf("div", "inside").text("after").close();
    b.close();
  });
  CHECK(compat == "*[0]<a >Save\ndraft />\nun\nusual\nly\nnext\nBlock\ninside\nafter");
  CHECK(ours == "*[0]<a >Save draft />\nunusually\nnext\nBlock\ninside\nafter");
}

TEST_CASE("default mode indexes what a page made draggable; compat does not") {
  ElementSpec card{{{"draggable", "true"}}}, plain{{{"draggable", "false"}}};
  auto [compat, ours] = compat_and_default([&](SnapshotBuilder& b) {
    b.open("body").leaf("div", "Card", card).leaf("div", "Fixed", plain).close();
  });
  CHECK(compat == "Card\nFixed");
  CHECK(ours == "*[0]<div >Card />\nFixed");
}

TEST_CASE("stable numbers and diff across updates") {
  index::DehydrateMemory memory;
  index::IndexOptions o;
  o.session = 1;
  o.diff = true;
  SnapshotBuilder b1;
  b1.page(1280, 800, 1280, 800);
  b1.open("body")
      .leaf("button", "A", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 10})
      .leaf("button", "B", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 11})
      .close();
  CHECK(run(b1, o, &memory) == "*[0]<button >A />\n*[1]<button >B />");
  SnapshotBuilder b2;
  b2.page(1280, 800, 1280, 800);
  b2.open("body")
      .leaf("button", "New", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 12})
      .leaf("button", "A", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 10})
      .close();
  CHECK(run(b2, o, &memory) ==
        "(changes since the previous state; unchanged lines omitted)\n*[2]<button >New />\nGone: [1]");
}

TEST_CASE("a diff compares with the last state read, a whole one included") {
  index::DehydrateMemory memory;
  index::IndexOptions whole;
  whole.session = 1;
  whole.stable_indices = true;
  index::IndexOptions changes = whole;
  changes.diff = true;
  auto page = [](const char* second) {
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body")
        .leaf("button", "A", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 10})
        .leaf("button", second, ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 11})
        .close();
    return b;
  };
  auto b1 = page("B"), b2 = page("B2"), b3 = page("B2");
  CHECK(run(b1, whole, &memory) == "*[0]<button >A />\n*[1]<button >B />");
  CHECK(run(b2, changes, &memory) == "(changes since the previous state; unchanged lines omitted)\n[1]<button >B2 />");
  CHECK(run(b3, changes, &memory) == "(no change since the previous state)");
}

TEST_CASE("a diff across a modal: the page behind it is not gone, and is not listed again when it closes") {
  index::DehydrateMemory memory;
  index::IndexOptions o;
  o.session = 1;
  o.diff = true;
  auto page = [](bool open) {
    ElementSpec dialog{{{"role", "dialog"}, {"aria-modal", "true"}, {"aria-label", "Confirm"}}, snapshot::F_HAS_LAYOUT, {}, nullptr, 20};
    dialog.layout.x = 100; dialog.layout.y = 100; dialog.layout.w = 400; dialog.layout.h = 200;
    SnapshotBuilder b;
    b.page(1280, 800, 1280, 800);
    b.open("body").text("Basket").leaf("button", "A", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 10})
        .leaf("button", "B", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 11});
    if (open) b.open("div", dialog).leaf("button", "Save", ElementSpec{{}, snapshot::F_HAS_LAYOUT, {}, nullptr, 21}).close();
    b.close();
    return b;
  };
  auto before = page(false), open = page(true), closed = page(false);
  CHECK(run(before, o, &memory) == "Basket\n*[0]<button >A />\n*[1]<button >B />");
  CHECK(run(open, o, &memory) == "(changes since the previous state; unchanged lines omitted)\n*[2]<button >Save />");
  CHECK(run(closed, o, &memory) == "(changes since the previous state; unchanged lines omitted)\nGone: [2]");
}

TEST_CASE("maxTokens folds runs of similar items") {
  SnapshotBuilder b;
  b.page(1280, 800, 1280, 800);
  b.open("body");
  for (int i = 0; i < 40; ++i) b.leaf("a", "Product number " + std::to_string(i));
  b.leaf("button", "Checkout");
  b.close();
  index::IndexOptions o;
  o.max_tokens = 60;
  auto content = run(b, o);
  CHECK(content ==
        "*[0]<a >Product number 0 />\n*[1]<a >Product number 1 />\n*[2]<a >Product number 2 />\n"
        "\xE2\x80\xA6 37 more like [0]\n*[40]<button >Checkout />");
}

TEST_CASE("a bad options record is an error and leaves the options as they were") {
  using namespace snapshot;
  index::IndexOptions o;
  testing::Record bad = testing::OptionsRecord().number(OPT_VIEWPORT_EXPANSION, O_VIEWPORT_EXPANSION, std::nan("")).finish();
  CHECK(index::decode_options(bad.words.data(), bad.words.size(), bad.strings.data(), bad.strings.size(), o).error ==
        "viewportExpansion must be a number");
  CHECK(o.viewport_expansion == -1);
  testing::Record good = testing::OptionsRecord().include("data-*").number(OPT_MAX_TOKENS, O_MAX_TOKENS, 10.7).finish();
  REQUIRE(index::decode_options(good.words.data(), good.words.size(), good.strings.data(), good.strings.size(), o).ok());
  CHECK(o.include_attributes == std::vector<std::string>{"data-*"});
  CHECK(o.max_tokens == 10);
  CHECK(o.max_element_text == 300);  // not given: the default
}
