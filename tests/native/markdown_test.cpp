#include <doctest/doctest.h>

#include "dehydrate/markdown/converter.hpp"
#include "dehydrate/markdown/markdown_request.hpp"
#include "dehydrate/markdown/article.hpp"
#include "dehydrate/common/url_resolution.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra::testing;
using dehydra::markdown::convert;
using dehydra::markdown::ConvertOptions;

namespace {
std::string md(SnapshotBuilder& b) {
  Snapshot s;
  REQUIRE(b.build(s) == "");
  return convert(s, ConvertOptions{});
}
ElementSpec attrs(std::vector<std::pair<std::string, std::string>> a) {
  ElementSpec e;
  e.attrs = std::move(a);
  return e;
}
ElementSpec inline_spec() {
  ElementSpec e;
  e.layout.display = "inline";
  return e;
}
ElementSpec hidden_spec(std::vector<std::pair<std::string, std::string>> a = {}) {
  ElementSpec e;
  e.attrs = std::move(a);
  e.flags = 0;  // no layout: display:none
  return e;
}
}  // namespace

TEST_CASE("headings, paragraphs, emphasis with spaces moved outside") {
  SnapshotBuilder b;
  b.open("body").leaf("h2", "Title").open("p").text("before").open("strong", inline_spec()).text(" bold ").close()
      .text("after").close().close();
  CHECK(md(b) == "## Title\n\nbefore **bold** after");
}

TEST_CASE("emphasis falls back to HTML when CommonMark flanking would break it") {
  SnapshotBuilder b;
  b.open("body").open("p").text("foo").open("strong", inline_spec()).text("\"bar\"").close().text("baz").close().close();
  CHECK(md(b) == "foo<strong>\"bar\"</strong>baz");
}

TEST_CASE("a line break at the end of emphasis goes after it, not into HTML") {
  SnapshotBuilder b;
  b.open("body").open("p").open("strong", inline_spec()).text("Title").leaf("br").close().text("Text")
      .open("em", inline_spec()).text("one").leaf("br").leaf("br").close().text("two")
      .open("a", attrs({{"href", "https://example.com/"}})).text("link").leaf("br").close().text("three").close().close();
  CHECK(md(b) == "**Title**  \nText*one*  \ntwo[link](https://example.com/) three");  // a link holds no break
}

TEST_CASE("ordered list with start and a nested list") {
  SnapshotBuilder b;
  b.open("body").open("ol", attrs({{"start", "3"}}))
      .open("li", [] { ElementSpec e; e.layout.display = "list-item"; return e; }()).text("three")
      .open("ul").leaf("li", "nested").close().close()
      .leaf("li", "four").close().close();
  CHECK(md(b) == "3. three\n   - nested\n4. four");
}

TEST_CASE("blockquote, fenced code with language and a safe fence, hr and br") {
  SnapshotBuilder b;
  b.open("body").open("blockquote").leaf("p", "quoted").leaf("p", "two").close()
      .open("pre").open("code", attrs({{"class", "language-js"}})).text("a ``` b\n").close().close()
      .leaf("hr").open("p").text("x").leaf("br").text("y").close().close();
  CHECK(md(b) == "> quoted\n>\n> two\n\n````js\na ``` b\n````\n\n---\n\nx  \ny");
}

TEST_CASE("links resolve against the base and unsafe schemes become text") {
  SnapshotBuilder b;
  b.url("https://example.com/a/b.html");
  b.open("body").open("p")
      .leaf("a", "rel", attrs({{"href", "../c (1).html"}, {"title", "T"}}))
      .text(" ")
      .leaf("a", "bad", attrs({{"href", "java\tscript:alert(1)"}}))
      .text(" ")
      .leaf("img", "", attrs({{"src", "data:image/gif;base64,AAAA"}, {"data-src", "/lazy.png"}, {"alt", "pic [1]"}}))
      .close().close();
  CHECK(md(b) == "[rel](https://example.com/c%20%281%29.html \"T\") bad ![pic \\[1\\]](https://example.com/lazy.png)");
}

TEST_CASE("srcset picks the widest candidate") {
  SnapshotBuilder b;
  b.url("https://example.com/");
  b.open("body").leaf("img", "", attrs({{"srcset", "s.jpg 100w, l.jpg 800w, m.jpg 400w"}, {"alt", "x"}})).close();
  CHECK(md(b) == "![x](https://example.com/l.jpg)");
}

TEST_CASE("simple tables become GFM; spans fall back to sanitized HTML") {
  SnapshotBuilder b;
  b.open("body").open("table").open("thead").open("tr").leaf("th", "A").leaf("th", "B|C").close().close()
      .open("tbody").open("tr").leaf("td", "1").leaf("td", "2").close().close().close()
      .open("table").open("tr").leaf("td", "x", attrs({{"colspan", "2"}, {"onclick", "evil()"}})).close()
      .open("tr").leaf("td", "a<b").leaf("td", "c").close().close().close();
  CHECK(md(b) == "| A | B\\|C |\n| --- | --- |\n| 1 | 2 |\n\n"
                 "<table><tr><td colspan=\"2\">x</td></tr><tr><td>a&lt;b</td><td>c</td></tr></table>");
}

TEST_CASE("escaping: always-special characters and line starts") {
  SnapshotBuilder b;
  b.open("body").leaf("p", "# not a heading").leaf("p", "1. not a list").leaf("p", "a*b_c [d]").leaf("p", "- no")
      .leaf("p", "===").close();
  CHECK(md(b) == "\\# not a heading\n\n1\\. not a list\n\na\\*b\\_c \\[d\\]\n\n\\- no\n\n\\===");
}

TEST_CASE("noise: display:none dropped, disclosures kept, SPA state dropped, cloaked dropped") {
  SnapshotBuilder b;
  std::string blob = "{\"props\":\"" + std::string(600, 'x') + "\"}";
  ElementSpec faded;
  faded.layout.opacity = 0;
  b.open("body").leaf("p", "visible")
      .leaf("div", "gone", hidden_spec())
      .leaf("div", "panel text", hidden_spec({{"role", "tabpanel"}}))
      .leaf("div", blob, hidden_spec({{"hidden", ""}, {"role", "tabpanel"}}))
      .open("details").leaf("summary", "More").leaf("p", "collapsed body", hidden_spec()).close()
      .leaf("div", "{{ template }}", attrs({{"v-cloak", ""}}))
      .leaf("div", "faded", faded)
      .leaf("img", "", attrs({{"src", "/p.gif"}, {"width", "1"}, {"height", "1"}}))
      .close();
  CHECK(md(b) == "visible\n\npanel text\n\nMore\n\ncollapsed body");
}

TEST_CASE("form controls: checkbox state, values, placeholders, never a password") {
  SnapshotBuilder b;
  ElementSpec checked = attrs({{"type", "checkbox"}});
  checked.flags |= F_CHECKED;
  ElementSpec text = attrs({{"type", "text"}});
  text.value = "alice";
  ElementSpec pass = attrs({{"type", "password"}, {"value", "secret"}});
  pass.value = "";
  b.open("body").open("p").open("input", checked).close().text("Agree").close()
      .open("p").open("input", text).close().open("input", pass).close()
      .open("input", attrs({{"placeholder", "Search"}})).close().close().close();
  CHECK(md(b) == "☑ Agree\n\n`alice` `Search`");
}

TEST_CASE("100,000-deep nesting converts without overflow") {
  SnapshotBuilder b;
  const int depth = 100000;
  b.open("body");
  for (int i = 0; i < depth; ++i) b.open(i % 3 == 0 ? "blockquote" : i % 3 == 1 ? "div" : "span");
  b.text("deep");
  for (int i = 0; i < depth; ++i) b.close();
  b.close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  std::string out = convert(s, ConvertOptions{});
  CHECK(out.size() > 4);
  CHECK(out.substr(out.size() - 4) == "deep");
  CHECK(out.find("> > > >") == 0);
}

TEST_CASE("100,000-deep inline emphasis and links convert in linear time") {
  SnapshotBuilder b;
  b.open("body").open("p");
  for (int i = 0; i < 100000; ++i) b.open(i % 2 ? "b" : "a", i % 2 ? inline_spec() : attrs({{"href", "/x"}}));
  b.text("deep");
  for (int i = 0; i < 100000; ++i) b.close();
  b.close().close();
  CHECK(md(b) == "[**deep**](http://127.0.0.1/x)");
}

TEST_CASE("requests: bad options are errors, article mode answers title and body") {
  SnapshotBuilder b;
  b.url("https://news.example/story", "A long story headline here | Example News");
  b.open("body").open("nav", attrs({{"class", "menu"}})).leaf("a", "Home", attrs({{"href", "/"}})).close()
      .open("article", attrs({{"class", "post"}}))
      .leaf("h1", "A long story headline here")
      .leaf("p", "By Jane Doe", attrs({{"class", "byline"}}));
  for (int i = 0; i < 6; ++i)
    b.leaf("p", "This is a long paragraph of the article, with commas, words and more words, so it scores well " + std::to_string(i));
  b.close().open("footer").leaf("p", "Copyright, all rights reserved, and more boilerplate text here ok").close().close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  for (const char* bad : {"nope", "{\"mode\":\"reader\"}"}) {
    auto refused = dehydra::markdown::markdown_request(s, bad);
    CHECK(refused.value.empty());
    CHECK(!refused.ok());
  }
  auto answer = dehydra::markdown::markdown_request(s, "{\"mode\":\"article\"}");
  CHECK(answer.ok());
  const std::string& article = answer.value;
  CHECK(article.find("\"title\":\"A long story headline here\"") != std::string::npos);
  CHECK(article.find("\"byline\":\"By Jane Doe\"") != std::string::npos);
  CHECK(article.find("scores well 5") != std::string::npos);
  CHECK(article.find("Copyright") == std::string::npos);
  CHECK(article.find("Home") == std::string::npos);
}

TEST_CASE("url resolution") {
  using dehydra::common::resolve_url;
  CHECK(resolve_url("http://a/b/c/d;p?q", "g") == "http://a/b/c/g");
  CHECK(resolve_url("http://a/b/c/d;p?q", "../../g") == "http://a/g");
  CHECK(resolve_url("http://a/b/c/d;p?q", "//g") == "http://g");
  CHECK(resolve_url("http://a/b/c/d;p?q", "?y") == "http://a/b/c/d;p?y");
  CHECK(resolve_url("http://a/b/c/d;p?q", "#s") == "http://a/b/c/d;p?q#s");
  CHECK(resolve_url("http://a/b/c/d;p?q", "/./g/.") == "http://a/g/");
  CHECK(resolve_url("http://a", "g") == "http://a/g");
}
