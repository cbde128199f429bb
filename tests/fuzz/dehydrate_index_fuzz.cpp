// libFuzzer: random pages (tags, attributes, styles, text, shadow roots, frames built from the input
// bytes) and random options through the whole dehydrate core, twice in one session (stable numbers,
// diff, folding). Nothing may crash, throw or read out of bounds; every index names an element.
#include <cstdint>
#include <string>
#include <vector>

#include "dehydrate/index/browser_state.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra;

namespace {
const char* kTags[] = {"div", "a", "button", "input", "li", "ul", "span", "details", "summary", "dialog",
                       "nav", "iframe", "slot", "textarea", "select", "option", "label", "svg", "script", "p"};
const char* kAttrs[] = {"role", "aria-hidden", "class", "id", "contenteditable", "onclick", "type", "aria-label",
                        "title", "data-testid", "aria-expanded", "name", "value", "data-page-agent-ignore"};
const char* kValues[] = {"true", "button", "link", "menu item btn", "checkbox", "", "x", "  Spaced  ",
                         "A long value that goes past twenty units", "\xC2\xA0\xE6\x96\x87\xF0\x9F\x98\x80", "false"};
const char* kCursors[] = {"auto", "pointer", "text", "not-allowed"};
const char* kDisplays[] = {"block", "inline", "contents", "inline-block", "flex"};
const char* kOverflow[] = {"visible", "auto", "scroll", "hidden"};

struct Reader {
  const uint8_t* d;
  size_t n, i = 0;
  uint8_t next() { return i < n ? d[i++] : 0; }
  bool done() const { return i >= n; }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r{data, size};
  index::IndexOptions o;
  uint8_t flags = r.next();
  o.page_agent_compat = flags & 1;
  o.keep_semantic_tags = flags & 2;
  o.viewport_expansion = (flags & 4) ? (flags & 8 ? 0 : 300) : -1;
  o.stable_indices = flags & 16;
  o.diff = flags & 32;
  o.max_tokens = (flags & 64) ? r.next() : 0;
  o.max_element_text = r.next() % 8;
  o.session = 1;
  if (flags & 128) o.include_attributes = {"data-*", "*", "class"};

  testing::SnapshotBuilder b;
  b.page(1280, 800, 1280, 3000, 0, r.next());
  b.open("body");
  int open = 1;
  while (!r.done() && open < 200) {
    uint8_t op = r.next();
    switch (op % 6) {
      case 0:
      case 1: {
        testing::ElementSpec e;
        uint8_t attrs = r.next() % 4;
        for (uint8_t k = 0; k < attrs; ++k) e.attrs.emplace_back(kAttrs[r.next() % 14], kValues[r.next() % 11]);
        uint8_t f = r.next();
        e.flags = (f & 1 ? snapshot::F_HAS_LAYOUT : 0) | (f & 2 ? snapshot::F_CHECKED : 0) |
                  (f & 4 ? snapshot::F_OPEN : 0) | (f & 8 ? snapshot::F_TOP_LAYER : 0) |
                  (f & 16 ? snapshot::F_CLICK_HANDLER : 0) | (f & 32 ? snapshot::F_DISABLED : 0);
        e.layout.cursor = kCursors[r.next() % 4];
        e.layout.display = kDisplays[r.next() % 5];
        e.layout.overflow_y = kOverflow[r.next() % 4];
        e.layout.opacity = (r.next() & 3) ? 1.0f : 0.0f;
        e.layout.x = static_cast<float>(r.next() * 10) - 200;
        e.layout.y = static_cast<float>(r.next() * 10) - 200;
        e.layout.w = static_cast<float>(r.next());
        e.layout.h = static_cast<float>(r.next() % 64);
        e.layout.scroll_h = e.layout.h + static_cast<float>(r.next() % 16);
        e.value = (f & 64) ? "typed" : nullptr;
        e.stable_id = 1 + r.next() % 64;  // repeats: ids may collide, the core must not care
        b.open(kTags[r.next() % 20], e);
        ++open;
        break;
      }
      case 2: b.text(kValues[r.next() % 11]); break;
      case 3: if (open > 1) { b.close(); --open; } break;
      case 4: b.shadow_root(); ++open; break;
      case 5: b.frame(10, 20, "about:blank"); ++open; break;
    }
  }
  while (open-- > 0) b.close();
  snapshot::Snapshot s;
  if (!b.build(s).empty()) return 0;  // shapes the decoder refuses (e.g. a frame record at the top)
  index::DehydrateMemory memory;
  for (int pass = 0; pass < 2; ++pass) {
    index::DehydrateResult out;
    index::dehydrate(s, o, memory, out);
    for (const auto& e : out.entries)
      if (e.ordinal >= s.element_nodes.size() || !s.nodes[e.node].is_element()) __builtin_trap();
    (void)index::result_json(s, out);
  }
  return 0;
}
