// The one set of ASCII character classes and case mapping (dehydrate/common/ascii_text.hpp).
#include <doctest/doctest.h>

#include "dehydrate/base/ascii_text.hpp"

using namespace dehydra::common;

TEST_CASE("whitespace: HTML's, JSON's (no form feed), CommonMark's space or tab, a URL's tab or newline") {
  for (char c : {' ', '\t', '\n', '\r', '\f'}) CHECK(is_ascii_space(c));
  CHECK(!is_ascii_space('\v'));
  CHECK(is_json_space('\r'));
  CHECK(!is_json_space('\f'));
  CHECK(is_space_or_tab('\t'));
  CHECK(!is_space_or_tab('\n'));
  CHECK(is_ascii_tab_or_newline('\n'));
  CHECK(!is_ascii_tab_or_newline(' '));
}

TEST_CASE("letters, digits, hexadecimal digits and ASCII case") {
  CHECK(is_ascii_alpha('z'));
  CHECK(!is_ascii_alpha('0'));
  CHECK(is_ascii_alnum('Q'));
  CHECK(!is_ascii_alnum('-'));
  CHECK(ascii_hex_value('7') == 7);
  CHECK(ascii_hex_value('b') == 11);
  CHECK(ascii_hex_value('F') == 15);
  CHECK(ascii_hex_value('g') == -1);
  CHECK(ascii_lower('Q') == 'q');
  CHECK(ascii_lower('[') == '[');
  CHECK(ascii_lower(std::string_view("ÄbC")) == "Äbc");  // non-ASCII bytes untouched
  CHECK(equals_ignore_case("Until-Found", "until-found"));
  CHECK(!equals_ignore_case("until", "until-found"));
  CHECK(starts_with_ignore_case("HTTPS://a", "https://"));
  CHECK(!starts_with_ignore_case("http", "https://"));
  CHECK(has_token(" a\tNoOpener\n", "noopener"));
  CHECK(!has_token("noopenerx", "noopener"));
}
