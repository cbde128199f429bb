// The direct JSON writer must say what nlohmann says for every valid string, and always produce
// JSON that parses.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "dehydrate/base/json_text.hpp"

using dehydra::common::append_json_number;
using dehydra::common::append_json_string;

namespace {
std::string ours(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}
std::string theirs(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

TEST_CASE("strings are escaped exactly as nlohmann escapes them") {
  std::string all_controls;
  for (int c = 0; c < 0x20; ++c) all_controls.push_back(static_cast<char>(c));
  for (std::string s : {std::string(""), std::string("plain"), std::string("a\"b\\c/d"), all_controls,
                        std::string("tab\tnew\nline\r"), std::string("\x7f del"), std::string("é 中文 😀"),
                        std::string("[3]<a >Get started />\n\t*[4]<button >Go />")}) {
    CHECK(ours(s) == theirs(s));
  }
}

TEST_CASE("invalid UTF-8 becomes U+FFFD and the text still parses") {
  for (std::string s : {std::string("\xff"), std::string("a\xc3"), std::string("\xe0\x80\x80"), std::string("\xed\xa0\x80"),
                        std::string("\xf4\x90\x80\x80"), std::string("ok\xc3\xa9\xc3")}) {
    std::string text = ours(s);
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    CHECK(j.get<std::string>().find("\xEF\xBF\xBD") != std::string::npos);
  }
}

TEST_CASE("numbers read back as the same double") {
  for (double x : {0.0, -1.0, 10.5, 0.1, 1e21, 123456.789, static_cast<double>(0.1f), -0.0}) {
    std::string text;
    append_json_number(text, x);
    CHECK(nlohmann::json::parse(text).get<double>() == x);
  }
}
