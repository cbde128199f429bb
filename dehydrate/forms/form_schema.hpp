// Forms as WebMCP tools, following Chromium's declarative mapping (observed against
// document.modelContext.getTools() with --enable-features=WebMCP):
// - one property per control name, first-occurrence order; disabled (fieldset-aware) and readonly
//   controls ignored; a name shared by controls of different kinds, or used by a button, hidden,
//   file, submit/image/reset input, output or fieldset, yields no property;
// - text-like → string (+pattern), number/range → number (min/max, multipleOf when the step base
//   is aligned; range defaults 0/100), date → format "date" with a hint, time-like → regex format,
//   single checkbox → boolean, radio group / select → string enum + anyOf{const,title},
//   checkbox group / select[multiple] → array of unique enum items;
// - descriptions: toolparamdescription, else labels, else aria-description; groups of several take
//   the toolparamdescription of the fieldset enclosing them all.
// Forms with a valid toolname and a tooldescription keep their name; others get a stable derived one.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../snapshot/arena.hpp"

namespace dehydra::forms {

enum class PropertyKind : uint8_t { Text, Number, Boolean, Radio, Checkboxes, Select, SelectMultiple };

struct FormProperty {
  std::string name;
  PropertyKind kind = PropertyKind::Text;
  std::string input_type;          // input type, "select" or "textarea"
  int precision = 0;               // time-like formats
  std::vector<uint32_t> controls;  // node indices (one, or the group's members)
  bool required = false;
  nlohmann::ordered_json schema;
};

struct FormTool {
  uint32_t form = snapshot::kNone;
  std::string name, title, description;
  bool declarative = false;  // valid toolname + tooldescription: Chromium exposes it by itself
  bool autosubmit = false;
  std::vector<FormProperty> properties;
  nlohmann::ordered_json input_schema() const;
};

bool is_valid_tool_name(std::string_view name);
std::vector<FormTool> build_form_tools(const snapshot::Snapshot& s);
// {"tools":[{name,title,description,inputSchema,form,declarative,autosubmit}]}
std::string form_tools_json(const snapshot::Snapshot& s);

}  // namespace dehydra::forms
