// libFuzzer: random but well-formed snapshots (tags, ARIA and form attributes, text, shadow roots,
// frames) through the accessibility tree, the form tools and fillForm's planner with a fuzzed
// input. Nothing may crash, trap or read out of bounds (ASan/UBSan), whatever the markup.
#include <cstdint>
#include <string>
#include <vector>

#include "dehydrate/aria/aria_tree.hpp"
#include "dehydrate/forms/form_fill.hpp"
#include "dehydrate/forms/form_schema.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;
using dehydra::testing::ElementSpec;
using dehydra::testing::SnapshotBuilder;

namespace {
const char* kTags[] = {"div", "span", "a", "button", "input", "select", "option", "optgroup", "textarea", "label", "form",
                       "fieldset", "legend", "table", "tr", "td", "th", "ul", "li", "h2", "img", "details", "summary",
                       "section", "header", "footer", "iframe", "figure", "figcaption", "output", "meter", "svg"};
const char* kAttrs[][2] = {{"role", "button"}, {"role", "none"}, {"role", "listbox"}, {"role", "combobox"}, {"aria-label", "L"},
                           {"aria-labelledby", "a b"}, {"id", "a"}, {"id", "b"}, {"for", "a"}, {"aria-hidden", "true"},
                           {"aria-owns", "a"}, {"name", "n"}, {"name", "m"}, {"type", "radio"}, {"type", "checkbox"},
                           {"type", "number"}, {"type", "date"}, {"type", "time"}, {"step", "0.5"}, {"min", "1"},
                           {"max", "x"}, {"value", "v"}, {"required", ""}, {"toolname", "t"}, {"tooldescription", ""},
                           {"form", "a"}, {"href", "#"}, {"aria-level", "3"}, {"multiple", ""}, {"readonly", ""},
                           {"toolparamdescription", "d"}, {"pattern", "["}, {"aria-checked", "mixed"}, {"title", "T"}};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  SnapshotBuilder b;
  b.open("body");
  int depth = 1;
  size_t i = 0;
  while (i < size && i < 4096) {
    uint8_t op = data[i++];
    if (op < 120) {
      ElementSpec spec;
      uint8_t n = i < size ? data[i++] % 4 : 0;
      for (uint8_t k = 0; k < n && i < size; ++k) {
        auto& a = kAttrs[data[i++] % (sizeof kAttrs / sizeof kAttrs[0])];
        spec.attrs.push_back({a[0], a[1]});
      }
      if (op & 1) spec.flags = 0;  // no layout
      if (op & 2) spec.flags |= snapshot::F_CHECKED | snapshot::F_SELECTED;
      if (op & 4) spec.flags |= snapshot::F_DISABLED;
      if (op & 8) spec.value = "val";
      if (op & 16) spec.layout.display = "inline";
      b.open(kTags[op % (sizeof kTags / sizeof kTags[0])], spec);
      ++depth;
    } else if (op < 190) {
      b.text(std::string(1 + op % 3, static_cast<char>('a' + op % 26)));
    } else if (op < 200) {
      b.shadow_root();
      ++depth;
    } else if (depth > 1) {
      b.close();
      --depth;
    }
  }
  while (depth-- > 0) b.close();
  snapshot::Snapshot s;
  if (b.build(s) != "") return 0;
  std::vector<int32_t> indices(s.element_nodes.size(), 1);
  aria::AriaTreeOptions options;
  options.indices = &indices;
  aria::render_aria_tree(s, options);
  forms::form_tools_json(s);
  std::string input(reinterpret_cast<const char*>(data), size < 64 ? size : 64);
  forms::plan_fill(s, "t", input, true);
  forms::plan_fill(s, "t", "{\"n\":[\"v\",\"v\"],\"m\":1.5}", false);
  return 0;
}
