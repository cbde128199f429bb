#include "attributes.hpp"
#include "../base/ascii_text.hpp"

#include <utility>
#include <vector>

#include "../base/js_string.hpp"
#include "vocabulary.hpp"

namespace dehydra::index {
namespace {
using snapshot::Node;
using snapshot::Snapshot;
using Pair = std::pair<std::string_view, std::string_view>;

void put(std::vector<Pair>& list, std::string_view name, std::string_view value) {
  for (Pair& p : list)
    if (p.first == name) { p.second = value; return; }
  list.emplace_back(name, value);
}

void erase(std::vector<Pair>& list, std::string_view name) {
  for (size_t k = 0; k < list.size(); ++k)
    if (list[k].first == name) { list.erase(list.begin() + static_cast<long>(k)); return; }
}

std::string_view find(const std::vector<Pair>& list, std::string_view name) {
  for (const Pair& p : list)
    if (p.first == name) return p.second;
  return {};
}

// The element's attributes as Page Agent records them: checkbox/radio `checked` is the live state;
// outside compat mode a form control's `value` is its live value (what the user typed) and
// `required` is true when present.
void source_attributes(const Snapshot& s, const IndexOptions& o, const Node& n, std::vector<Pair>& out) {
  for (uint32_t k = 0; k < n.attr_count; ++k) {
    const snapshot::Attribute& a = s.attributes[n.attr_begin + k];
    out.emplace_back(a.name, a.value);
  }
  if (n.tag != "input" && n.tag != "textarea" && n.tag != "select") return;
  // A boolean attribute has no value to print: outside compat mode `required` reads as true.
  if (!o.page_agent_compat && s.has_attribute(n, "required")) put(out, "required", "true");
  const std::string_view* type_attr = s.attribute(n, "type");
  std::string type = type_attr ? common::ascii_lower(common::js_trim(*type_attr)) : std::string();
  if (n.tag == "input" && (type == "checkbox" || type == "radio")) {
    put(out, "checked", n.has(snapshot::F_CHECKED) ? "true" : "false");
    return;
  }
  // A password is never shown to the agent, not even the value attribute the page was served with.
  if (n.tag == "input" && type == "password" && !o.page_agent_compat) {
    erase(out, "value");
    return;
  }
  if (o.page_agent_compat || !n.has_value || type == "hidden") return;
  if (n.value.empty()) erase(out, "value");
  else put(out, "value", n.value);
}
// The role the element has without the attribute (only the cases an agent's line shows).
std::string_view implicit_role(const Snapshot& s, const Node& n, std::string_view type) {
  if (n.tag == "a") return s.has_attribute(n, "href") ? "link" : "";
  if (n.tag == "button") return "button";
  if (n.tag == "select") return s.has_attribute(n, "multiple") ? "listbox" : "combobox";
  if (n.tag == "textarea") return "textbox";
  if (n.tag == "li") return "listitem";
  if (n.tag == "option") return "option";
  if (n.tag == "tr") return "row";
  if (n.tag != "input") return "";
  if (type == "checkbox" || type == "radio") return type;
  if (type == "search") return "searchbox";
  if (type == "number") return "spinbutton";
  if (type == "range") return "slider";
  if (type == "button" || type == "submit" || type == "reset" || type == "image") return "button";
  if (type.empty() || type == "text" || type == "email" || type == "tel" || type == "url") return "textbox";
  return "";
}

// An id a framework made up (`:r4:`, `rc-tabs-0-tab-1`, `mui-42`): digits or colons name nothing.
bool generated_id(std::string_view id) {
  for (char c : id)
    if ((c >= '0' && c <= '9') || c == ':') return true;
  return id.find("\xC2\xAB") != std::string_view::npos;  // React 19's «r1»
}

std::string collapse_space(std::string_view v) {
  return common::js_lower(common::collapse_ascii_space(common::js_trim(v)));
}

// Default mode: attributes that tell an agent nothing its line does not already say. Attributes
// the caller asked for by name or pattern stay.
void drop_uninformative(const Snapshot& s, const IndexOptions& o, const Node& n, std::string_view text,
                        std::vector<Pair>& kept) {
  auto asked = [&](std::string_view name) {
    for (const std::string& p : o.include_attributes)
      if (glob_match(p, name)) return true;
    return false;
  };
  std::string type = common::ascii_lower(common::js_trim(find(kept, "type")));
  if (type.empty()) {
    const std::string_view* t = s.attribute(n, "type");
    if (t) type = common::ascii_lower(common::js_trim(*t));
  }
  std::string_view implicit = implicit_role(s, n, type);
  std::string said = collapse_space(text);
  std::vector<Pair> out;
  for (const Pair& a : kept) {
    std::string_view name = a.first, v = a.second;
    bool drop = false;
    if (name == "type") {
      // A button's type=button and a text input's type=text are the defaults an agent assumes.
      drop = (n.tag == "button" && type == "button") || (n.tag == "input" && type == "text");
    } else if (name == "role") {
      drop = !implicit.empty() && common::ascii_lower(common::js_trim(v)) == implicit;
    } else if (name == "aria-controls" || name == "aria-owns" || name == "for") {
      drop = true;  // ids of other elements
    } else if (name == "id") {
      drop = generated_id(v);
    } else if (name == "aria-invalid" || name == "aria-disabled" || name == "aria-current") {
      drop = v == "false";
    } else if (name == "aria-sort") {
      drop = v == "none";
    } else if (name == "aria-haspopup") {
      // A combobox opens a listbox unless it says otherwise.
      drop = v == "listbox" && common::ascii_lower(common::js_trim(find(kept, "role"))) == "combobox";
    } else if (name == "aria-label" || name == "title" || name == "placeholder" || name == "aria-valuenow" ||
               name == "aria-valuetext") {
      drop = !said.empty() && collapse_space(v) == said;
    }
    if (!drop || asked(name)) out.push_back(a);
  }
  kept.swap(out);
}
}  // namespace

bool glob_match(std::string_view pattern, std::string_view name) {
  size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') { star = p++; mark = t; }
    else if (p < pattern.size() && pattern[p] == name[t]) { ++p; ++t; }
    else if (star != std::string_view::npos) { p = star + 1; t = ++mark; }
    else return false;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string format_attributes(const Snapshot& s, const IndexOptions& o, uint32_t node, std::string_view text,
                              std::string* names) {
  const Node& n = s.nodes[node];
  std::vector<Pair> source;
  source.reserve(n.attr_count + 2);
  source_attributes(s, o, n, source);

  std::vector<Pair> kept;
  auto include = [&](std::string_view pattern) {
    if (pattern.find('*') != std::string_view::npos) {
      for (const Pair& a : source) {
        std::string_view v = common::js_trim(a.second);
        if (!v.empty() && glob_match(pattern, a.first)) put(kept, a.first, v);
      }
      return;
    }
    for (const Pair& a : source) {
      if (a.first != pattern) continue;
      std::string_view v = common::js_trim(a.second);
      if (!v.empty()) put(kept, a.first, v);
      return;
    }
  };
  for (const std::string& p : o.include_attributes) include(p);
  for (std::string_view p : kDefaultAttributes) include(p);
  if (!o.page_agent_compat)
    for (std::string_view p : kStateAttributes) include(p);

  if (kept.size() > 1) {
    std::vector<Pair> unique;
    for (const Pair& a : kept) {
      bool repeat = false;
      if (common::utf16_length(a.second) > 5)
        for (const Pair& u : unique)
          if (u.second == a.second) { repeat = true; break; }
      if (!repeat) unique.push_back(a);
    }
    kept.swap(unique);
  }
  if (find(kept, "role") == n.tag && !find(kept, "role").empty()) erase(kept, "role");
  std::string lowered_text = common::js_lower(common::js_trim(text));
  for (std::string_view name : {std::string_view("aria-label"), std::string_view("placeholder"),
      std::string_view("title")}) {
    std::string_view v = find(kept, name);
    if (!v.empty() && common::js_lower(common::js_trim(v)) == lowered_text) erase(kept, name);
  }
  if (!o.page_agent_compat) drop_uninformative(s, o, n, text, kept);

  std::string out;
  for (const Pair& a : kept) {
    if (!out.empty()) out.push_back(' ');
    out.append(a.first);
    if (names) names->append(" ").append(a.first);
    out.push_back('=');
    if (common::utf16_length(a.second) > 20) {
      out.append(common::utf16_prefix(a.second, 20));
      out.append("...");
    } else {
      out.append(a.second);
    }
  }
  return out;
}

}  // namespace dehydra::index
