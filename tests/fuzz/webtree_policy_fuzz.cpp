// libFuzzer: arbitrary bytes as a tree description, as HTML (strict and as a template), as a raw
// export, and as attribute name/value pairs. Every input must be answered (a plan or a refusal
// with its message) without crashing; plans must be valid JSON; accepted attributes must pass the rules.
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "webtree/attribute_rules.hpp"
#include "webtree/hypertext.hpp"
#include "webtree/link_rule.hpp"
#include "webtree/tags.hpp"
#include "dehydrate/base/js_string.hpp"
#include "webtree/tree_description.hpp"
#include "webtree/tree_export.hpp"

using namespace dehydra::webtree;

namespace {
void check_plan(const dehydra::common::Outcome<std::string>& answer) {
  if (!answer.ok()) return;
  nlohmann::json plan = nlohmann::json::parse(answer.value, nullptr, false);
  if (plan.is_discarded() || !plan.contains("n") || !plan["n"].is_array()) __builtin_trap();
  const auto& n = plan["n"];
  size_t i = 0;
  while (i < n.size()) {
    if (n[i] == 1) {
      std::string tag = n[i + 2].get<std::string>();
      if (!is_whitelisted_tag(tag)) __builtin_trap();
      size_t count = n[i + 3].get<size_t>();
      for (size_t a = 0; a < count; ++a) {
        std::string name = n[i + 4 + 2 * a].get<std::string>();
        std::string value = n[i + 5 + 2 * a].get<std::string>();
        if (name == "rel") continue;
        if (name.rfind("on", 0) == 0 || name == "style" || name == "src" || name == "srcdoc") __builtin_trap();
        if (name == "href" && !check_link(value).ok()) __builtin_trap();
      }
      i += 4 + 2 * count;
    } else {
      i += 3;
    }
  }
}
// A binary tree plan: our strict JSON scan never accepts what nlohmann rejects, refs stay inside
// the description, tags are whitelist indices, attribute names are never handlers or style.
void check_tree_plan(std::string_view input) {
  std::vector<int32_t> words;
  dehydra::common::Outcome<std::string> planned = plan_tree_description(input, words);
  if (!planned.ok()) return;
  if (!nlohmann::json::accept(input)) __builtin_trap();
  nlohmann::json side = nlohmann::json::parse(planned.value, nullptr, false);
  if (side.is_discarded()) __builtin_trap();
  const auto& strings = side["s"];
  int32_t units = static_cast<int32_t>(dehydra::common::utf16_length(input));
  auto check_ref = [&](int32_t a, int32_t b) {
    if (a < 0 ? static_cast<size_t>(-1 - a) >= strings.size() : (b < a || b > units)) __builtin_trap();
  };
  size_t i = 0;
  while (i < words.size()) {
    if (words[i] == 1) {
      if (words[i + 2] < 0 || words[i + 2] >= 47) __builtin_trap();
      int32_t count = words[i + 3];
      i += 4;
      for (int32_t a = 0; a < count; ++a, i += 4) {
        if (words[i] >= 0) __builtin_trap();  // names always come from the side table
        check_ref(words[i], words[i + 1]);
        check_ref(words[i + 2], words[i + 3]);
        std::string name = strings[static_cast<size_t>(-1 - words[i])].get<std::string>();
        if (name.rfind("on", 0) == 0 || name == "style" || name == "src" || name == "srcdoc") __builtin_trap();
      }
    } else {
      check_ref(words[i + 2], words[i + 3]);
      i += 4;
    }
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 5) {
    case 0:
      check_tree_plan(input);
      break;
    case 1:
      check_plan(plan_hypertext(input));
      break;
    case 2: {
      size_t split = input.find('\n');
      std::string_view id = split == std::string_view::npos ? std::string_view("x") : input.substr(0, split);
      check_plan(plan_template(split == std::string_view::npos ? input : input.substr(split + 1), id));
      break;
    }
    case 3:
      export_tree(input, 1 + data[0] % 32);
      break;
    default: {
      size_t a = input.find('\0'), b = a == std::string_view::npos ? a : input.find('\0', a + 1);
      if (b == std::string_view::npos) return 0;
      std::string_view tag = input.substr(0, a), name = input.substr(a + 1, b - a - 1), value = input.substr(b + 1);
      dehydra::common::Outcome<AttributeVerdict> v = check_attribute(tag, name, value);
      if (v.ok() && !v.value.remove) {
        if (name.rfind("on", 0) == 0 || name == "style" || name == "srcdoc") __builtin_trap();
        if (name == "href" && !check_link(v.value.value).ok()) __builtin_trap();
      }
      check_frame_url(value, "https://a.example", name);
      check_resource_path(value);
      break;
    }
  }
  return 0;
}
