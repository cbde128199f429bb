#include "attribute_rules.hpp"

#include "class_rule.hpp"
#include "limits.hpp"
#include "link_rule.hpp"
#include "../dehydrate/base/ascii_text.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
using common::failure;
using common::Outcome;
using common::passed;
using Verdict = Outcome<AttributeVerdict>;

const std::string kUnsupported = "页面属性不受支持：";
const std::string kBadValue = "页面属性值不受支持：";

bool is_lower_alnum_dash(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

bool well_formed_name(std::string_view name) {
  if (name.empty() || name.size() > kAttributeNameMaxChars || name[0] < 'a' || name[0] > 'z') return false;
  for (char c : name) {
    if (!is_lower_alnum_dash(c)) return false;
  }
  return true;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// data-yy, data-x..., aria-x...: any value. (data-yy-... is reserved, checked first.)
bool is_free_attribute(std::string_view name) {
  return name == "data-yy" || (starts_with(name, "data-") && name.size() > 5) ||
         (starts_with(name, "aria-") && name.size() > 5);
}

bool all_match(std::string_view s, size_t min, size_t max, bool (*ok)(char)) {
  if (s.size() < min || s.size() > max) return false;
  for (char c : s) {
    if (!ok(c)) return false;
  }
  return true;
}

using common::is_ascii_digit;
bool is_datetime_char(char c) {
  return is_ascii_digit(c) || c == 'T' || c == 'Z' || c == ':' || c == '.' || c == '+' || c == '-' || c == ' ';
}
bool is_role_tail(char c) { return (c >= 'a' && c <= 'z') || c == '-'; }

bool one_of(std::string_view v, std::initializer_list<std::string_view> list) {
  for (std::string_view x : list) {
    if (x == v) return true;
  }
  return false;
}

Verdict refuse(std::string message) { return failure(std::move(message)); }

Verdict accept(std::string_view value) {
  AttributeVerdict v;
  v.value = std::string(value);
  return common::success(v);
}

Verdict removal() {
  AttributeVerdict v;
  v.remove = true;
  return common::success(v);
}

const char* kWhitelistNames[] = {"class", "role", "type", "title", "hidden", "disabled", "readonly",
                                 "placeholder", "tabindex", "datetime", "maxlength", "rows",
                                 "colspan", "rowspan", "for", "value", "id", "checked", "selected",
                                 "open", "href", "target"};

bool in_whitelist_names(std::string_view name) {
  for (const char* n : kWhitelistNames) {
    if (name == n) return true;
  }
  return false;
}

Verdict check_type(std::string_view tag, std::string_view value) {
  if (tag == "button") {
    if (one_of(value, {"button", "submit", "reset"})) return accept(value);
  } else if (tag == "input") {
    if (one_of(value, {"button", "submit", "reset", "checkbox", "radio", "text", "search", "number",
                       "email", "url", "tel", "password", "range", "date", "time", "datetime-local"})) {
      return accept(value);
    }
  } else {
    return refuse(kUnsupported + "仅 button 与 input 可设 type");
  }
  return refuse(kBadValue + "type=" + std::string(common::utf16_prefix(value, 64)));
}
}  // namespace

bool is_boolean_attribute(std::string_view name) {
  return one_of(name, {"hidden", "disabled", "readonly", "checked", "selected", "open"});
}

bool is_valid_id(std::string_view id) {
  if (id.empty() || common::utf16_length(id) > kIdMaxUnits) return false;
  size_t i = 0;
  while (i < id.size()) {
    uint32_t c = common::next_code_point(id, i);
    if (c < 0x20 || c == 0x7F || common::is_js_space(c) || c == '"' || c == '\'' || c == '<' || c == '>' ||
        c == '&' || c == '`' || c == '\\') {
      return false;
    }
  }
  return true;
}

Verdict check_attribute(std::string_view tag, std::string_view name, std::string_view value) {
  // Names that pass the first check are short ASCII: shown as they are.
  std::string shown = well_formed_name(name) ? std::string(name) : std::string(common::utf16_prefix(name, 128));
  if (!well_formed_name(name)) return refuse(kUnsupported + shown);
  if (common::utf16_length(value) > kAttributeValueMaxUnits) return refuse("页面属性值无效或过长：" + shown);
  if (common::has_control_characters(value)) return refuse("页面属性值含控制字符：" + shown);
  if (starts_with(name, "data-yy-")) return refuse("页面属性名为宿主保留：" + shown);
  if (is_free_attribute(name)) return accept(value);
  if (tag == "iframe" && !one_of(name, {"class", "title", "hidden"})) {
    return refuse(kUnsupported + "iframe 的 " + shown);
  }
  if (is_boolean_attribute(name)) {
    if (value.empty() || value == "true") return accept("");
    if (value == "false") return removal();
    return refuse(kBadValue + shown);
  }
  if (name == "class") {
    Outcome<std::string> normalised = check_class(value);
    if (!normalised.ok()) return refuse(normalised.error);
    return normalised.value.empty() ? removal() : accept(normalised.value);
  }
  if (name == "id") {
    if (value.empty()) return removal();
    if (!is_valid_id(value)) return refuse("页面标识无效");
    Verdict v = accept(value);
    v.value.is_id = true;
    return v;
  }
  if (name == "role") {
    if (value.size() >= 1 && value[0] >= 'a' && value[0] <= 'z' &&
        all_match(value.substr(1), 0, 31, is_role_tail)) {
      return accept(value);
    }
    return refuse(kBadValue + shown);
  }
  if (name == "type") return check_type(tag, value);
  if (name == "title" || name == "placeholder") {
    if (name == "placeholder" && tag != "input" && tag != "textarea") {
      return refuse(kUnsupported + "仅 input 与 textarea 可设 placeholder");
    }
    if (common::utf16_length(value) > kShortTextMaxUnits) return refuse("页面属性值过长：" + shown);
    return accept(value);
  }
  if (name == "tabindex") {
    if (value == "-1" || value == "0") return accept(value);
    return refuse(kBadValue + "tabindex 仅允许 -1 与 0");
  }
  if (name == "datetime") {
    if (tag != "time") return refuse(kUnsupported + "仅 time 可设 datetime");
    if (all_match(value, 1, 64, is_datetime_char)) return accept(value);
    return refuse(kBadValue + shown);
  }
  if (name == "maxlength" || name == "rows" || name == "colspan" || name == "rowspan") {
    bool allowed = name == "maxlength" ? (tag == "input" || tag == "textarea")
                   : name == "rows"    ? tag == "textarea"
                                       : (tag == "td" || tag == "th");
    if (!allowed) {
      const char* where = name == "maxlength" ? "仅 input 与 textarea 可设 "
                          : name == "rows"    ? "仅 textarea 可设 "
                                              : "仅 td 与 th 可设 ";
      return refuse(kUnsupported + where + shown);
    }
    if (all_match(value, 1, 6, is_ascii_digit)) return accept(value);
    return refuse(kBadValue + shown);
  }
  if (name == "for") {
    if (tag != "label") return refuse(kUnsupported + "仅 label 可设 for");
    if (!is_valid_id(value)) return refuse("页面标识无效");
    return accept(value);
  }
  if (name == "value") {
    if (tag != "input" && tag != "option" && tag != "button") {
      return refuse(kUnsupported + "仅 input、option 与 button 可设 value");
    }
    return accept(value);
  }
  if (name == "href") {
    if (tag != "a") return refuse(kUnsupported + "仅 a 可设 href");
    Outcome<bool> link = check_link(value);
    return link.ok() ? accept(value) : refuse(link.error);
  }
  if (name == "target") {
    if (tag != "a") return refuse(kUnsupported + "仅 a 可设 target");
    if (value != "_blank" && value != "_self") return refuse(kBadValue + "target 仅允许 _blank 与 _self");
    Verdict v = accept(value);
    v.value.force_rel = value == "_blank";
    return v;
  }
  return refuse(kUnsupported + shown);
}

Outcome<bool> check_removable_attribute(std::string_view name) {
  std::string shown(common::utf16_prefix(name, 128));
  if (!well_formed_name(name)) return failure(kUnsupported + shown);
  if (starts_with(name, "data-yy-")) return failure("页面属性名为宿主保留：" + shown);
  if (is_free_attribute(name) || in_whitelist_names(name)) return passed();
  return failure(kUnsupported + shown);
}

Outcome<bool> check_readable_attribute(std::string_view name) {
  std::string shown(common::utf16_prefix(name, 128));
  if (!well_formed_name(name) || starts_with(name, "on") || name == "style" || name == "srcdoc") {
    return failure(kUnsupported + shown);
  }
  return passed();
}

bool is_exportable_attribute(std::string_view name) {
  if (!well_formed_name(name) || starts_with(name, "data-yy-")) return false;
  return is_free_attribute(name) || in_whitelist_names(name);
}

}  // namespace dehydra::webtree
