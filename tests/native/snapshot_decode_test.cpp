#include <doctest/doctest.h>

#include "snapshot_builder.hpp"

using namespace dehydra::testing;

TEST_CASE("decode links parents, children and siblings in document order") {
  SnapshotBuilder b;
  b.open("body").leaf("h1", "Title").open("p").text("a").leaf("b", "bold").text("c").close().close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  REQUIRE(s.nodes.size() == 8);
  CHECK(s[0].tag == "body");
  CHECK(s[1].tag == "h1");
  CHECK(s[s[1].first_child].text == "Title");
  CHECK(s[1].next_sibling == 3);
  CHECK(s[3].tag == "p");
  CHECK(s[s[3].last_child].text == "c");
  CHECK(s[5].parent == 3);
  CHECK(s[5].depth == 2);
  CHECK(s.element_nodes.size() == 4);
  CHECK(s[3].element_ordinal == 2);
}

TEST_CASE("attributes, style and geometry round-trip") {
  SnapshotBuilder b;
  ElementSpec spec;
  spec.attrs = {{"href", "/x"}, {"class", "btn"}};
  spec.layout.cursor = "pointer";
  spec.layout.x = 10;
  spec.layout.w = 55.5f;
  spec.flags |= F_CHECKED;
  b.open("body").leaf("a", "go", spec).close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  const Node& a = s[1];
  REQUIRE(s.attribute(a, "href"));
  CHECK(*s.attribute(a, "href") == "/x");
  CHECK_FALSE(s.attribute(a, "id"));
  CHECK(s.style(a)->cursor == "pointer");
  CHECK(s.geometry_of(a)->x == 10);
  CHECK(s.geometry_of(a)->w == doctest::Approx(55.5));
  CHECK(a.has(F_CHECKED));
}

TEST_CASE("an element without layout has no style") {
  SnapshotBuilder b;
  ElementSpec hidden;
  hidden.flags = 0;
  b.open("body").leaf("div", "x", hidden).close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  CHECK_FALSE(s[1].has_layout());
  CHECK(s.style(s[1]) == nullptr);
}

TEST_CASE("a 100,000-deep nesting decodes without recursion") {
  SnapshotBuilder b;
  const int depth = 100000;
  for (int i = 0; i < depth; ++i) b.open("div");
  b.text("deep");
  for (int i = 0; i < depth; ++i) b.close();
  Snapshot s;
  REQUIRE(b.build(s) == "");
  CHECK(s.nodes.size() == depth + 1);
  CHECK(s.nodes.back().depth == depth);
}

TEST_CASE("malformed buffers are refused with a message") {
  SnapshotBuilder b;
  b.open("body").leaf("p", "x").close();
  auto [w, blob] = b.finish();
  Snapshot s;

  SUBCASE("truncated") {
    for (size_t cut = 0; cut < w.size(); ++cut) {
      std::vector<uint32_t> t(w.begin(), w.begin() + cut);
      t.resize(cut);
      if (cut > H_WORDS) t[H_WORDS] = static_cast<uint32_t>(cut);
      auto r = decode(t.data(), t.size(), blob.data(), blob.size(), s);
      CHECK_FALSE(r.ok());
      CHECK_FALSE(r.error.empty());
    }
  }
  SUBCASE("wrong magic") {
    w[H_MAGIC] = 1;
    auto r = decode(w.data(), w.size(), blob.data(), blob.size(), s);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find("magic") != std::string::npos);
  }
  SUBCASE("string index out of range") {
    w[kHeaderWords + 1] = 999999;
    auto r = decode(w.data(), w.size(), blob.data(), blob.size(), s);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find("string") != std::string::npos);
  }
  SUBCASE("string count mismatch") {
    w[H_STRINGS] += 1;
    CHECK_FALSE(decode(w.data(), w.size(), blob.data(), blob.size(), s).ok());
  }
  SUBCASE("unbalanced end") {
    w.push_back(static_cast<uint32_t>(RecordKind::End));
    w[H_WORDS] = static_cast<uint32_t>(w.size());
    CHECK_FALSE(decode(w.data(), w.size(), blob.data(), blob.size(), s).ok());
  }
  SUBCASE("huge attribute count") {
    w[kHeaderWords + 5] = 0x7FFFFFFF;
    auto r = decode(w.data(), w.size(), blob.data(), blob.size(), s);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find("attribute") != std::string::npos);
  }
}
