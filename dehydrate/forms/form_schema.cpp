#include "form_schema.hpp"
#include "../base/ascii_text.hpp"

#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "../common/input_type.hpp"
#include "../common/label_association.hpp"
#include "../common/tree_scopes.hpp"
#include "control_text.hpp"
#include "form_owner.hpp"
#include "html_number.hpp"
#include "value_formats.hpp"

namespace dehydra::forms {

using nlohmann::ordered_json;
using snapshot::kNone;
using snapshot::Node;

namespace {

ordered_json number_json(double v) {
  if (std::fabs(v) < 9e15 && v == std::floor(v)) return ordered_json(static_cast<int64_t>(v));
  return ordered_json(v);
}

bool readonly_applies(std::string_view type) {
  for (std::string_view t : {"text", "search", "url", "tel", "email", "password", "date", "month", "week", "time",
                             "datetime-local", "number", "textarea"})
    if (t == type) return true;
  return false;
}

bool pattern_applies(std::string_view type) {
  for (std::string_view t : {"text", "search", "url", "tel", "email", "password", "number", "hidden"})
    if (t == type) return true;
  return false;
}

// What a control contributes: its kind for grouping, "" when it poisons its name.
std::string_view control_kind(const snapshot::Snapshot& s, const Node& n) {
  if (n.tag == "select") return "select";
  if (n.tag == "textarea") return "textarea";
  if (n.tag != "input") return "";
  std::string_view t = common::input_type(s, n);
  if (t == "hidden") {
    // Chromium offers a hidden input as a string parameter only when the page describes it.
    const std::string_view* tpd = s.attribute(n, "toolparamdescription");
    return tpd && !tpd->empty() ? t : std::string_view{};
  }
  if (t == "file" || t == "submit" || t == "image" || t == "reset" || t == "button") return "";
  return t;
}

struct Ctx {
  const snapshot::Snapshot& s;
  common::TreeScopes scopes;
  common::LabelAssociation labels;
  explicit Ctx(const snapshot::Snapshot& snap) : s(snap), scopes(snap), labels(snap, scopes) {}
};

void add_description(ordered_json& schema, const std::optional<std::string>& d) {
  if (d) schema["description"] = *d;
}

// Options of a select in tree order (optgroups flattened).
std::vector<uint32_t> options_of(const snapshot::Snapshot& s, uint32_t select) {
  std::vector<uint32_t> out, stack, kids;
  stack.push_back(select);
  while (!stack.empty()) {
    uint32_t x = stack.back();
    stack.pop_back();
    if (x != select && s.nodes[x].tag == "option") out.push_back(x);
    kids.clear();
    for (uint32_t c = s.nodes[x].first_child; c != kNone; c = s.nodes[c].next_sibling)
      if (s.nodes[c].is_element()) kids.push_back(c);
    for (size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
  }
  return out;
}

ordered_json enum_schema(const std::vector<std::pair<std::string, std::optional<std::string>>>& choices) {
  ordered_json s;
  s["type"] = "string";
  ordered_json any = ordered_json::array(), values = ordered_json::array();
  for (auto& [value, title] : choices) {
    ordered_json c;
    c["type"] = "string";
    c["const"] = value;
    if (title) c["title"] = *title;
    any.push_back(std::move(c));
    values.push_back(value);
  }
  s["anyOf"] = std::move(any);
  s["enum"] = std::move(values);
  return s;
}

// The toolparamdescription of the fieldset nearest to the lowest common ancestor of the members.
std::optional<std::string> group_description(const snapshot::Snapshot& s, const std::vector<uint32_t>& members) {
  std::vector<uint32_t> chain;  // ancestors of the first member, nearest first
  for (uint32_t p = s.nodes[members[0]].parent; p != kNone; p = s.nodes[p].parent) chain.push_back(p);
  size_t lca = 0;  // index into chain
  for (size_t m = 1; m < members.size(); ++m) {
    std::unordered_set<uint32_t> anc;
    for (uint32_t p = s.nodes[members[m]].parent; p != kNone; p = s.nodes[p].parent) anc.insert(p);
    while (lca < chain.size() && !anc.count(chain[lca])) ++lca;
  }
  for (size_t k = lca; k < chain.size(); ++k) {
    const Node& n = s.nodes[chain[k]];
    if (n.is_element() && n.tag == "fieldset") {
      const std::string_view* tpd = s.attribute(n, "toolparamdescription");
      if (tpd && !tpd->empty()) return std::string(*tpd);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

bool build_property(Ctx& c, FormProperty& p) {
  const snapshot::Snapshot& s = c.s;
  const Node& first = s.nodes[p.controls[0]];
  ordered_json& js = p.schema;
  for (uint32_t m : p.controls) p.required = p.required || s.has_attribute(s.nodes[m], "required");
  if (p.input_type == "radio" || (p.input_type == "checkbox" && p.controls.size() > 1)) {
    std::vector<std::pair<std::string, std::optional<std::string>>> choices;
    for (uint32_t m : p.controls) {
      const std::string_view* v = s.attribute(s.nodes[m], "value");
      std::string title = labels_text(s, c.labels, m);
      choices.push_back({v ? std::string(*v) : std::string("on"),
          title.empty() ? std::nullopt : std::optional<std::string>(title)});
    }
    std::optional<std::string> d = p.controls.size() > 1 ? group_description(s, p.controls)
                                                         : control_description(s, c.labels, p.controls[0]);
    if (p.input_type == "radio") {
      p.kind = PropertyKind::Radio;
      js = enum_schema(choices);
    } else {
      p.kind = PropertyKind::Checkboxes;
      js["type"] = "array";
      js["items"] = enum_schema(choices);
      js["uniqueItems"] = true;
    }
    add_description(js, d);
    return true;
  }
  std::optional<std::string> d = control_description(s, c.labels, p.controls[0]);
  if (p.input_type == "checkbox") {
    p.kind = PropertyKind::Boolean;
    js["type"] = "boolean";
  } else if (p.input_type == "select") {
    std::vector<std::pair<std::string, std::optional<std::string>>> choices;
    for (uint32_t o : options_of(s, p.controls[0])) choices.push_back({option_value(s, o), text_content(s, o)});
    if (s.has_attribute(first, "multiple")) {
      p.kind = PropertyKind::SelectMultiple;
      js["type"] = "array";
      js["items"] = enum_schema(choices);
      js["uniqueItems"] = true;
    } else {
      p.kind = PropertyKind::Select;
      js = enum_schema(choices);
    }
  } else if (p.input_type == "number" || p.input_type == "range") {
    p.kind = PropertyKind::Number;
    bool range = p.input_type == "range";
    js["type"] = "number";
    auto attr_num = [&](std::string_view name) -> std::optional<double> {
      const std::string_view* v = s.attribute(first, name);
      return v ? parse_html_float(*v) : std::nullopt;
    };
    std::optional<double> min = attr_num("min"), max = attr_num("max");
    if (range) {
      if (!min) min = 0;
      if (!max) max = 100;
      if (*max < *min) max = min;
    }
    if (min) js["minimum"] = number_json(*min);
    if (max) js["maximum"] = number_json(*max);
    const std::string_view* step_attr = s.attribute(first, "step");
    std::optional<double> step = 1.0;
    if (step_attr && common::equals_ignore_case(*step_attr, "any"))
      step = range ? std::optional<double>(1.0) : std::nullopt;
    else if (step_attr) {
      std::optional<double> v = parse_html_float(*step_attr);
      if (v && *v > 0) step = v;
    }
    if (step) {
      std::optional<double> base = attr_num("min");
      if (!base) base = attr_num("value");
      if (is_step_aligned(base ? *base : 0.0, *step)) js["multipleOf"] = number_json(*step);
    }
  } else {
    p.kind = PropertyKind::Text;
    js["type"] = "string";
    const std::string_view& t = p.input_type;
    if (t == "date") {
      js["format"] = "date";
      d = d ? *d + " (" + std::string(kDateHint) + ")" : std::string(kDateHint);
    } else if (t == "time" || t == "datetime-local") {
      p.precision = step_precision(s.attribute(first, "step"));
      js["format"] = t == "time" ? time_format(p.precision) : datetime_local_format(p.precision);
    } else if (t == "month") {
      js["format"] = std::string(kMonthFormat);
    } else if (t == "week") {
      js["format"] = std::string(kWeekFormat);
    } else if (t == "color") {
      js["format"] = std::string(kColorFormat);
    }
  }
  if (pattern_applies(p.input_type))
    if (const std::string_view* pat = s.attribute(first, "pattern")) js["pattern"] = std::string(*pat);
  add_description(js, d);
  return true;
}

std::string derived_name_seed(const snapshot::Snapshot& s, const Node& form) {
  for (std::string_view a : {"toolname", "id", "name", "aria-label"}) {
    const std::string_view* v = s.attribute(form, a);
    if (v && !v->empty()) return std::string(*v);
  }
  if (const std::string_view* action = s.attribute(form, "action")) {
    std::string_view path = *action;
    size_t q = path.find_first_of("?#");
    if (q != std::string_view::npos) path = path.substr(0, q);
    while (!path.empty() && path.back() == '/') path.remove_suffix(1);
    size_t slash = path.rfind('/');
    if (slash != std::string_view::npos) path = path.substr(slash + 1);
    if (!path.empty()) return std::string(path);
  }
  return "";
}

bool is_tool_name_char(char ch) { return common::is_ascii_alnum(ch) || ch == '.' || ch == '-' || ch == '_'; }

std::string sanitize_name(std::string_view seed) {
  std::string out;
  bool underscore = false;
  for (char ch : seed) {
    if (is_tool_name_char(ch)) {
      out.push_back(common::ascii_lower(ch));
      underscore = false;
    } else if (!underscore && !out.empty()) {
      out.push_back('_');
      underscore = true;
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.size() > 100) out.resize(100);
  return out;
}

std::string derived_description(Ctx& c, const FormTool& tool, const Node& form) {
  const snapshot::Snapshot& s = c.s;
  for (std::string_view a : {"tooldescription", "aria-label", "aria-description", "title"}) {
    const std::string_view* v = s.attribute(form, a);
    if (v && !common::trim_ascii(*v).empty()) return std::string(common::trim_ascii(*v));
  }
  std::string what = "Fill in the form";
  std::string names;
  for (const FormProperty& p : tool.properties) {
    if (names.size() > 120) { names += ", ..."; break; }
    if (!names.empty()) names += ", ";
    names += p.name;
  }
  if (!names.empty()) what += " (" + names + ")";
  if (const std::string_view* action = s.attribute(form, "action"))
    if (!action->empty()) what += " that submits to " + std::string(*action);
  return what + ".";
}

}  // namespace

bool is_valid_tool_name(std::string_view name) {
  if (name.empty() || name.size() > 128) return false;
  for (char ch : name)
    if (!is_tool_name_char(ch)) return false;
  return true;
}

ordered_json FormTool::input_schema() const {
  ordered_json schema;
  schema["type"] = "object";
  ordered_json props = ordered_json::object();
  ordered_json required = ordered_json::array();
  for (const FormProperty& p : properties) {
    props[p.name] = p.schema;
    if (p.required) required.push_back(p.name);
  }
  schema["properties"] = std::move(props);
  schema["required"] = std::move(required);
  return schema;
}

std::vector<FormTool> build_form_tools(const snapshot::Snapshot& s) {
  Ctx c(s);
  std::vector<FormTool> tools;
  std::unordered_set<std::string> used;
  std::vector<FormInfo> forms = collect_forms(s, c.scopes);
  // Declarative names first, so derived names never take them.
  std::vector<bool> declarative(forms.size(), false);
  for (size_t f = 0; f < forms.size(); ++f) {
    const Node& form = s.nodes[forms[f].form];
    const std::string_view* tn = s.attribute(form, "toolname");
    if (tn && is_valid_tool_name(*tn) && s.has_attribute(form, "tooldescription") && !used.count(std::string(*tn))) {
      declarative[f] = true;
      used.insert(std::string(*tn));
    }
  }
  for (size_t f = 0; f < forms.size(); ++f) {
    const Node& form = s.nodes[forms[f].form];
    FormTool tool;
    tool.form = forms[f].form;
    tool.declarative = declarative[f];
    tool.autosubmit = s.has_attribute(form, "toolautosubmit");
    if (const std::string_view* t = s.attribute(form, "tooltitle")) tool.title = std::string(*t);
    // Group usable controls by name, first occurrence order.
    std::vector<std::string> order;
    std::unordered_map<std::string, std::vector<uint32_t>> groups;
    std::unordered_map<std::string, std::string> kind;
    std::unordered_set<std::string> poisoned;
    for (uint32_t i : forms[f].listed) {
      const Node& n = s.nodes[i];
      if (n.tag == "object") continue;
      const std::string_view* name = s.attribute(n, "name");
      if (!name || common::trim_ascii(*name).empty()) continue;
      if (n.has(snapshot::F_DISABLED)) continue;
      std::string_view k = control_kind(s, n);
      if (s.has_attribute(n, "readonly") && readonly_applies(n.tag == "textarea" ? "textarea" : k)) continue;
      std::string key(*name);
      if (!groups.count(key)) order.push_back(key);
      std::vector<uint32_t>& members = groups[key];
      members.push_back(i);
      if (k.empty()) poisoned.insert(key);
      else if (members.size() == 1) kind[key] = std::string(k);
      else if (kind[key] != k || (k != "radio" && k != "checkbox")) poisoned.insert(key);
    }
    for (const std::string& name : order) {
      if (poisoned.count(name)) continue;
      FormProperty p;
      p.name = name;
      p.controls = groups[name];
      p.input_type = kind[name];
      if (build_property(c, p)) tool.properties.push_back(std::move(p));
    }
    if (tool.declarative) {
      tool.name = std::string(*s.attribute(form, "toolname"));
      tool.description = std::string(*s.attribute(form, "tooldescription"));
    } else {
      std::string base = sanitize_name(derived_name_seed(s, form));
      base = base.empty() ? "form" : "form_" + base;
      std::string name = base;
      for (int k = 2; used.count(name); ++k) name = base + "_" + std::to_string(k);
      used.insert(name);
      tool.name = name;
      tool.description = derived_description(c, tool, form);
    }
    tools.push_back(std::move(tool));
  }
  return tools;
}

std::string form_tools_json(const snapshot::Snapshot& s) {
  ordered_json out;
  out["tools"] = ordered_json::array();
  for (const FormTool& t : build_form_tools(s)) {
    ordered_json j;
    j["name"] = t.name;
    j["title"] = t.title;
    j["description"] = t.description;
    j["inputSchema"] = t.input_schema();
    j["form"] = s.nodes[t.form].element_ordinal;
    j["declarative"] = t.declarative;
    j["autosubmit"] = t.autosubmit;
    out["tools"].push_back(std::move(j));
  }
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace dehydra::forms
