#include "form_fill.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_set>
#include <vector>

#include "../base/js_number.hpp"
#include "../base/json_text.hpp"
#include "control_text.hpp"
#include "form_schema.hpp"
#include "value_formats.hpp"

namespace dehydra::forms {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

std::string quote_name(std::string_view s) { return "'" + std::string(s) + "'"; }

bool in_enum(const ordered_json& schema, const std::string& v) {
  const ordered_json* e = &schema;
  if (schema.contains("items")) e = &schema["items"];
  if (!e->contains("enum")) return false;
  for (const auto& x : (*e)["enum"])
    if (x.is_string() && x.get<std::string>() == v) return true;
  return false;
}

// A JSON value as a message quotes it: a string through the one JSON string escaper.
template <class Json>
std::string quoted(const Json& v) {
  if (!v.is_string()) return v.dump();
  std::string out;
  common::append_json_string(out, v.template get_ref<const std::string&>());
  return out;
}

std::string enum_list(const ordered_json& schema) {
  const ordered_json* e = &schema;
  if (schema.contains("items")) e = &schema["items"];
  std::string out;
  if (!e->contains("enum")) return out;
  size_t k = 0;
  for (const auto& x : (*e)["enum"]) {
    if (k++ == 12) { out += ", ..."; break; }
    if (!out.empty()) out += ", ";
    out += quoted(x);
  }
  return out;
}

// How a number is written into an input's value and into messages: as String(x) ("3", "1.5", "1e-7").
std::string number_text(double x) { return common::js_number(x); }

double schema_number(const ordered_json& schema, const char* key, double fallback) {
  if (!schema.contains(key) || !schema[key].is_number()) return fallback;
  return schema[key].get<double>();
}

// Checks one value; appends problems to `problems`.
void check_value(const FormProperty& p, const json& v, std::vector<std::string>& problems) {
  const std::string who = "'" + p.name + "'";
  switch (p.kind) {
    case PropertyKind::Boolean:
      if (!v.is_boolean()) problems.push_back(who + " must be true or false");
      return;
    case PropertyKind::Number: {
      if (!v.is_number()) { problems.push_back(who + " must be a number"); return; }
      double x = v.get<double>();
      if (!std::isfinite(x)) { problems.push_back(who + " must be a finite number"); return; }
      double lo = schema_number(p.schema, "minimum", -INFINITY), hi = schema_number(p.schema, "maximum", INFINITY);
      if (x < lo || x > hi)
        problems.push_back(who + " must be between " + (std::isfinite(lo) ? number_text(lo) : "-inf") +
                           " and " + (std::isfinite(hi) ? number_text(hi) : "inf"));
      return;
    }
    case PropertyKind::Radio:
    case PropertyKind::Select: {
      if (!v.is_string()) { problems.push_back(who + " must be a string, one of " + enum_list(p.schema)); return; }
      if (!in_enum(p.schema, v.get<std::string>()))
        problems.push_back(who + " must be one of " + enum_list(p.schema) + " (got " + quoted(v) + ")");
      return;
    }
    case PropertyKind::Checkboxes:
    case PropertyKind::SelectMultiple: {
      if (!v.is_array()) {
        problems.push_back(who + " must be an array of strings from " + enum_list(p.schema));
        return;
      }
      std::unordered_set<std::string> seen;
      for (const auto& item : v) {
        if (!item.is_string()) { problems.push_back(who + " must only contain strings"); return; }
        std::string s = item.get<std::string>();
        if (!in_enum(p.schema, s)) {
          problems.push_back(who + " contains " + quoted(item) + ", not one of " + enum_list(p.schema));
          return;
        }
        if (!seen.insert(s).second) { problems.push_back(who + " contains " + quoted(item) + " twice"); return; }
      }
      return;
    }
    case PropertyKind::Text: {
      if (!v.is_string()) { problems.push_back(who + " must be a string"); return; }
      std::string s = v.get<std::string>();
      if (!s.empty() && !matches_input_format(p.input_type, s, p.precision))
        problems.push_back(who + " must match the " + p.input_type + " format" +
                           (p.schema.contains("format") ? " " + p.schema["format"].get<std::string>() : std::string()));
      return;
    }
  }
}

// Whether the control already holds what `required` asks for (the live value in the snapshot).
bool already_filled(const snapshot::Snapshot& s, const FormProperty& p) {
  for (uint32_t m : p.controls) {
    const snapshot::Node& n = s.nodes[m];
    switch (p.kind) {
      case PropertyKind::Boolean:
      case PropertyKind::Radio:
      case PropertyKind::Checkboxes:
        if (n.has(snapshot::F_CHECKED)) return true;
        break;
      default:
        if (!n.value.empty()) return true;
    }
  }
  return false;
}

}  // namespace

common::Outcome<std::string> plan_fill(const snapshot::Snapshot& s, std::string_view tool_name,
                                       std::string_view input_json, bool require_all) {
  using common::failure;
  json input = json::parse(input_json.begin(), input_json.end(), nullptr, false);
  if (input.is_discarded() || !input.is_object())
    return failure("the input must be a JSON object of the tool's parameters");
  std::vector<FormTool> tools = build_form_tools(s);
  const FormTool* tool = nullptr;
  for (const FormTool& t : tools)
    if (t.name == tool_name) tool = &t;
  if (!tool) {
    std::string names;
    for (const FormTool& t : tools) names += (names.empty() ? "" : ", ") + quote_name(t.name);
    return failure("no form tool named " + quote_name(tool_name) +
        (names.empty() ? " (the page has no forms)" : " (tools: " + names + ")"));
  }
  std::vector<std::string> problems;
  for (auto it = input.begin(); it != input.end(); ++it) {
    bool known = false;
    for (const FormProperty& p : tool->properties) known = known || p.name == it.key();
    if (!known) {
      std::string names;
      for (const FormProperty& p : tool->properties) names += (names.empty() ? "" : ", ") + quote_name(p.name);
      problems.push_back("unknown parameter " + quote_name(it.key()) + " (parameters: " +
          (names.empty() ? "none" : names) + ")");
    }
  }
  for (const FormProperty& p : tool->properties) {
    auto it = input.find(p.name);
    if (it == input.end()) {
      if (require_all && p.required && !already_filled(s, p)) problems.push_back(quote_name(p.name) + " is required");
      continue;
    }
    check_value(p, *it, problems);
  }
  if (!problems.empty()) {
    std::string message = "invalid input for " + quote_name(tool->name) + ": ";
    for (size_t k = 0; k < problems.size(); ++k) message += (k ? "; " : "") + problems[k];
    return failure(message);
  }
  json plan;
  plan["form"] = s.nodes[tool->form].element_ordinal;
  plan["autosubmit"] = tool->autosubmit;
  plan["ops"] = json::array();
  auto op = [&](const FormProperty& p, uint32_t node, const char* kind, json value) {
    json o;
    o["name"] = p.name;
    o["ordinal"] = s.nodes[node].element_ordinal;
    o["op"] = kind;
    o["value"] = std::move(value);
    plan["ops"].push_back(std::move(o));
  };
  for (const FormProperty& p : tool->properties) {
    auto it = input.find(p.name);
    if (it == input.end()) continue;
    const json& v = *it;
    switch (p.kind) {
      case PropertyKind::Boolean:
        op(p, p.controls[0], "checked", v.get<bool>());
        break;
      case PropertyKind::Number:
        op(p, p.controls[0], "value", number_text(v.get<double>()));
        break;
      case PropertyKind::Text:
        op(p, p.controls[0], "value", v.get<std::string>());
        break;
      case PropertyKind::Radio: {
        std::string want = v.get<std::string>();
        for (uint32_t m : p.controls) {
          const std::string_view* val = s.attribute(s.nodes[m], "value");
          if ((val ? std::string(*val) : std::string("on")) == want) { op(p, m, "checked", true); break; }
        }
        break;
      }
      case PropertyKind::Checkboxes: {
        std::unordered_set<std::string> want;
        for (const auto& x : v) want.insert(x.get<std::string>());
        for (uint32_t m : p.controls) {
          const std::string_view* val = s.attribute(s.nodes[m], "value");
          op(p, m, "checked", want.count(val ? std::string(*val) : std::string("on")) > 0);
        }
        break;
      }
      case PropertyKind::Select:
      case PropertyKind::SelectMultiple: {
        json values = json::array();
        if (v.is_string()) values.push_back(v);
        else values = v;
        op(p, p.controls[0], "selected", values);
        break;
      }
    }
  }
  return common::success(plan.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace dehydra::forms
