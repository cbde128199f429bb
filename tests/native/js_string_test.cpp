// The text library both cores share (dehydrate/common): UTF-8 decoding with one meaning for
// ill-formed input (one U+FFFD per maximal subpart, as TextDecoder reads it), UTF-16 lengths and
// prefixes, JavaScript whitespace, ASCII whitespace, and the JSON string escaper.
// Expected values were read from Node's TextDecoder and JSON.stringify.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dehydrate/base/ascii_text.hpp"
#include "dehydrate/base/js_string.hpp"
#include "dehydrate/base/json_text.hpp"

using namespace dehydra::common;

namespace {
std::vector<char32_t> decoded(std::string_view s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) out.push_back(next_code_point(s, i));
  return out;
}
std::string json(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}
constexpr char32_t R = 0xFFFD;
}  // namespace

TEST_CASE("well-formed UTF-8 decodes and re-encodes unchanged, at every boundary") {
  for (char32_t cp : {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFDu, 0xFFFFu, 0x10000u, 0x10FFFFu}) {
    std::string s;
    append_utf8(s, cp);
    size_t i = 0;
    CHECK(decode_utf8(s, i) == cp);
    CHECK(i == s.size());
    CHECK(utf16_length(s) == (cp >= 0x10000 ? 2u : 1u));
  }
}

TEST_CASE("ill-formed UTF-8: one U+FFFD per maximal subpart, as TextDecoder") {
  using V = std::vector<char32_t>;
  // Lone continuation bytes.
  CHECK(decoded("a\x80\xBF" "b") == V{'a', R, R, 'b'});
  // Truncated sequences: the bytes read so far are one subpart; the byte that broke it is kept.
  CHECK(decoded("\xC3") == V{R});
  CHECK(decoded("\xE2\x82") == V{R});
  CHECK(decoded("\xE2\x82" "a") == V{R, 'a'});
  CHECK(decoded("\xF0\x9F\x98") == V{R});
  CHECK(decoded("\xF0\x9F\x98" "a") == V{R, 'a'});
  CHECK(decoded("\xF0\x90\x80x") == V{R, 'x'});
  CHECK(decoded("\xC3(") == V{R, '('});
  // Overlong forms: the lead byte alone is the subpart, each byte after it one more.
  CHECK(decoded("\xC0\xAF") == V{R, R});
  CHECK(decoded("\xC1\xBF") == V{R, R});
  CHECK(decoded("\xE0\x80\xAF") == V{R, R, R});
  CHECK(decoded("\xF0\x80\x80\xAF") == V{R, R, R, R});
  // Surrogates encoded in UTF-8 (CESU-8), lone or paired.
  CHECK(decoded("\xED\xA0\x80") == V{R, R, R});
  CHECK(decoded("\xED\xBF\xBF") == V{R, R, R});
  CHECK(decoded("\xED\xA0\xBD\xED\xB8\x80") == V{R, R, R, R, R, R});
  // Above U+10FFFF and bytes that never occur.
  CHECK(decoded("\xF4\x90\x80\x80") == V{R, R, R, R});
  CHECK(decoded("\xF5\x80") == V{R, R});
  CHECK(decoded("\xFF\xFE") == V{R, R});
  // The edges that are still well formed.
  CHECK(decoded("\xE0\xA0\x80") == V{0x800});
  CHECK(decoded("\xED\x9F\xBF") == V{0xD7FF});
  CHECK(decoded("\xF4\x8F\xBF\xBF") == V{0x10FFFF});
}

TEST_CASE("decode_utf8 tells an ill-formed subpart from an encoded U+FFFD") {
  size_t i = 0;
  CHECK(decode_utf8("\xEF\xBF\xBD", i) == 0xFFFD);
  CHECK(i == 3);
  i = 0;
  CHECK(decode_utf8("\xF0\x90\x80x", i) == kMalformedUtf8);
  CHECK(i == 3);
  i = 0;
  CHECK(decode_utf8("\x80", i) == kMalformedUtf8);
  CHECK(i == 1);
}

TEST_CASE("UTF-16 lengths and prefixes count what JS sees, ill-formed input included") {
  CHECK(utf16_length("") == 0);
  CHECK(utf16_length("a\xF0\x9F\x98\x80") == 3);
  CHECK(utf16_length("a\x80\xBF" "b") == 4);
  CHECK(utf16_length("\xF0\x9F\x98") == 1);              // one subpart, one unit
  CHECK(utf16_length("\xED\xA0\xBD\xED\xB8\x80") == 6);  // a CESU-8 pair is six units
  CHECK(utf16_length("\xF4\x90\x80\x80") == 4);
  CHECK(utf16_prefix("ab\xF0\x9F\x98\x80" "c", 3) == "ab");
  CHECK(utf16_prefix("ab\xF0\x9F\x98\x80" "c", 4) == "ab\xF0\x9F\x98\x80");
  CHECK(utf16_prefix("\xF0\x9F\x98" "abc", 2) == "\xF0\x9F\x98" "a");
  CHECK(utf16_prefix("\xE2\x82", 0).empty());
  CHECK(utf16_prefix("\xE2\x82", 1) == "\xE2\x82");
}

TEST_CASE("JavaScript whitespace and trim") {
  for (char32_t c : {0x09u, 0x0Au, 0x0Bu, 0x0Cu, 0x0Du, 0x20u, 0xA0u, 0x1680u, 0x2000u, 0x200Au, 0x2028u, 0x2029u,
                     0x202Fu, 0x205Fu, 0x3000u, 0xFEFFu})
    CHECK(is_js_space(c));
  for (char32_t c : {0x08u, 0x1Cu, 0x85u, 0x180Eu, 0x200Bu, 0xFFFDu}) CHECK_FALSE(is_js_space(c));
  CHECK(js_trim("\xC2\xA0 a b\xE3\x80\x80\t") == "a b");
  CHECK(js_trim("\xE2\x80\xA8") == "");
  CHECK(js_trim(" \x80 ") == "\x80");  // U+FFFD is text
  CHECK(js_trim("x\xE2\x80") == "x\xE2\x80");
  CHECK(js_blank("\v\f\xEF\xBB\xBF"));
}

TEST_CASE("control characters: C0 but tab, LF and CR, and DEL") {
  CHECK_FALSE(has_control_characters("a\tb\nc\r"));
  CHECK(has_control_characters("a\x01"));
  CHECK(has_control_characters("\x7F"));
  CHECK_FALSE(has_control_characters("\xC2\x85"));  // C1 is not counted
}

TEST_CASE("ASCII whitespace: HTML's set, and the collapse of white-space:normal") {
  for (char c : {' ', '\t', '\n', '\r', '\f'}) CHECK(is_ascii_space(c));
  for (char c : {'\v', '\0', 'a', '\xA0'}) CHECK_FALSE(is_ascii_space(c));
  CHECK(trim_ascii("\f a b \r\n") == "a b");
  CHECK(trim_ascii("\va\v") == "\va\v");
  CHECK(collapse_ascii_space("  a \t\n b  ") == "a b");
  CHECK(collapse_ascii_space("a\x01 b") == "a\x01 b");
  CHECK(collapse_ascii_space("a\x01 \x02" "b", true) == "a b");
  CHECK(collapse_ascii_space("\x01 a", true) == "a");
  CHECK(collapse_ascii_space("a\xC2\xA0 b") == "a\xC2\xA0 b");  // NBSP is not collapsed
  CHECK(collapse_ascii_space(" \n ").empty());
}

TEST_CASE("JSON strings are written as JSON.stringify writes them") {
  CHECK(json("say \"hi\"\\") == "\"say \\\"hi\\\"\\\\\"");
  CHECK(json("a\xE2\x80\xA8\x01\x1F\x7F\"\\/\b\f\n\r\t") == "\"a\xE2\x80\xA8\\u0001\\u001f\x7F\\\"\\\\/\\b\\f\\n\\r\\t\"");
  CHECK(json("\xF0\x9F\x98\x80") == "\"\xF0\x9F\x98\x80\"");
}

TEST_CASE("JSON strings: each ill-formed subpart is one U+FFFD, the text always parses") {
  for (std::string s : {std::string("a\x80\xBF" "b"), std::string("\xF0\x9F\x98" "a"), std::string("\xE0\x80\xAF"),
                        std::string("\xED\xA0\xBD\xED\xB8\x80"), std::string("\xF4\x90\x80\x80"), std::string("ok\xC3")}) {
    nlohmann::json j = nlohmann::json::parse(json(s), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    std::string expected;
    for (char32_t c : decoded(s)) append_utf8(expected, c);
    CHECK(j.get<std::string>() == expected);
  }
}
