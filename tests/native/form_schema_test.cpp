// Form tools over hand-built snapshots: Chromium's mapping rules and fillForm's validation.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "dehydrate/forms/form_fill.hpp"
#include "dehydrate/forms/form_schema.hpp"
#include "dehydrate/forms/html_number.hpp"
#include "dehydrate/forms/value_formats.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using dehydra::testing::ElementSpec;
using dehydra::testing::SnapshotBuilder;
using nlohmann::json;

namespace {
ElementSpec el(std::vector<std::pair<std::string, std::string>> a, uint32_t extra = 0) {
  ElementSpec s;
  s.attrs = std::move(a);
  s.flags |= extra;
  return s;
}
void build(SnapshotBuilder& b, snapshot::Snapshot& s) { REQUIRE(b.build(s) == ""); }
}  // namespace

TEST_CASE("Chromium's mapping: types, groups, constraints, skipped controls") {
  SnapshotBuilder b;
  b.open("body").open("form", el({{"toolname", "t"}, {"tooldescription", "d"}}))
      .open("label").text("Name ").leaf("input", "", el({{"name", "n"}, {"required", ""}, {"pattern", "[a-z]+"}})).close()
      .leaf("input", "", el({{"name", "qty"}, {"type", "number"}, {"min", "0"}, {"step", "0.5"}}))
      .leaf("input", "", el({{"name", "r"}, {"type", "range"}, {"value", "5"}, {"step", "10"}}))
      .open("fieldset", el({{"toolparamdescription", "Size"}}))
      .leaf("input", "", el({{"name", "size"}, {"type", "radio"}, {"value", "s"}}))
      .leaf("input", "", el({{"name", "size"}, {"type", "radio"}, {"value", "m"}}))
      .close()
      .leaf("input", "", el({{"name", "ok"}, {"type", "checkbox"}}))
      .leaf("input", "", el({{"name", "when"}, {"type", "date"}}))
      .leaf("input", "", el({{"name", "gone"}}, snapshot::F_DISABLED))
      .leaf("input", "", el({{"name", "ro"}, {"readonly", ""}}))
      .leaf("input", "", el({{"name", "dup"}}))
      .leaf("input", "", el({{"name", "dup"}, {"type", "hidden"}}))
      .open("select", el({{"name", "s"}})).leaf("option", " One ", el({{"value", "1"}})).leaf("option", "Two").close()
      .close().close();
  snapshot::Snapshot s;
  build(b, s);
  json tools = json::parse(forms::form_tools_json(s));
  json schema = tools["tools"][0]["inputSchema"];
  CHECK(tools["tools"][0]["name"] == "t");
  CHECK(schema["properties"]["n"] == json::parse(R"({"type":"string","pattern":"[a-z]+","description":"Name"})"));
  CHECK(schema["properties"]["qty"] == json::parse(R"({"type":"number","minimum":0,"multipleOf":0.5})"));
  CHECK(schema["properties"]["r"] == json::parse(R"({"type":"number","minimum":0,"maximum":100})"));
  CHECK(schema["properties"]["size"]["description"] == "Size");
  CHECK(schema["properties"]["size"]["enum"] == json::parse(R"(["s","m"])"));
  CHECK(schema["properties"]["ok"] == json::parse(R"({"type":"boolean"})"));
  CHECK(schema["properties"]["when"]["format"] == "date");
  CHECK(schema["properties"]["s"]["anyOf"][0] == json::parse(R"({"type":"string","const":"1","title":" One "})"));
  CHECK(schema["properties"]["s"]["enum"] == json::parse(R"(["1","Two"])"));
  CHECK(!schema["properties"].contains("gone"));
  CHECK(!schema["properties"].contains("ro"));
  CHECK(!schema["properties"].contains("dup"));
  CHECK(schema["required"] == json::parse(R"(["n"])"));

  common::Outcome<std::string> refused = forms::plan_fill(s, "t", R"({"qty":"2","size":"xl","nope":1})", false);
  CHECK(refused.value.empty());
  const std::string& e = refused.error;
  CHECK(e.find("unknown parameter 'nope'") != std::string::npos);
  CHECK(e.find("'qty' must be a number") != std::string::npos);
  CHECK(e.find("'size' must be one of") != std::string::npos);
  for (const char* input : {"[1,2]", "{not json"}) {
    common::Outcome<std::string> bad = forms::plan_fill(s, "t", input, false);
    CHECK(bad.value.empty());
    CHECK(!bad.ok());
  }
  CHECK(forms::plan_fill(s, "t", "{}", true).error.find("'n' is required") != std::string::npos);
  common::Outcome<std::string> filled = forms::plan_fill(s, "t", R"({"n":"abc","qty":2,"size":"m","s":"Two"})", false);
  CHECK(filled.ok());
  json plan = json::parse(filled.value);
  REQUIRE(plan.contains("ops"));
  CHECK(plan["ops"].size() == 4);
  CHECK(plan["ops"][1]["value"] == "2");
  CHECK(plan["ops"][2]["op"] == "checked");
}

TEST_CASE("derived names are stable, valid and unique") {
  SnapshotBuilder b;
  b.open("body")
      .open("form", el({{"action", "/account/Sign Up/"}})).leaf("input", "", el({{"name", "x"}})).close()
      .open("form", el({{"id", "login"}})).close()
      .open("form", el({{"id", "login"}})).close()
      .open("form").close()
      .close();
  snapshot::Snapshot s;
  build(b, s);
  json tools = json::parse(forms::form_tools_json(s))["tools"];
  CHECK(tools[0]["name"] == "form_sign_up");
  CHECK(tools[1]["name"] == "form_login");
  CHECK(tools[2]["name"] == "form_login_2");
  CHECK(tools[3]["name"] == "form");
  CHECK(tools[0]["declarative"] == false);
}

TEST_CASE("numbers and formats") {
  CHECK(forms::parse_html_float("1e2").value() == 100);
  CHECK(!forms::parse_html_float("1.").has_value());
  CHECK(!forms::parse_html_float("x").has_value());
  CHECK(!forms::parse_html_float("1e400").has_value());
  CHECK(forms::is_step_aligned(0.3, 0.1));
  CHECK(!forms::is_step_aligned(1, 2));
  CHECK(forms::matches_input_format("date", "2026-02-03", 0));
  CHECK(!forms::matches_input_format("date", "2026-13-03", 0));
  CHECK(forms::matches_input_format("time", "10:15:30", 1));
  CHECK(!forms::matches_input_format("time", "10:15:30", 0));
  CHECK(forms::matches_input_format("week", "2026-W05", 0));
  CHECK(forms::time_format(2) == "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?$");
}
