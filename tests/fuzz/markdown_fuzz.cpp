// libFuzzer: bytes drive a snapshot builder (tags, attributes, tricky text, nesting, layout or
// none), and the page and article conversions must finish cleanly (ASan/UBSan watch).
#include <cstdint>
#include <string>

#include "dehydrate/markdown/markdown_request.hpp"
#include "snapshot_builder.hpp"

using namespace dehydra::testing;

namespace {
const char* const kTags[] = {"div", "p", "span", "a", "b", "em", "code", "pre", "ul", "ol", "li", "blockquote",
                             "h2", "table", "tr", "td", "th", "thead", "img", "br", "hr", "input", "select",
                             "option", "details", "summary", "del", "article", "nav", "caption", "textarea"};
const char* const kTexts[] = {"word", " ", "*", "_x_", "`", "```", "[a](b)", "# h", "1. x", "- y", "|", "\n",
                              "\xC2\xA0", "&amp;", "<b>", "\\", "\x01\x02", "====", "{\"a\":1}", ","};
const std::pair<const char*, const char*> kAttrs[] = {
    {"href", "/x y"}, {"href", "javascript:alert(1)"}, {"src", "data:x"}, {"data-src", "/l.png"},
    {"srcset", "a.jpg 10w, b.jpg 20w"}, {"class", "language-js content"}, {"class", "sidebar share"},
    {"colspan", "2"}, {"start", "7"}, {"role", "tabpanel"}, {"hidden", ""}, {"aria-controls", "p1"},
    {"id", "p1"}, {"type", "checkbox"}, {"style", "display:none"}, {"value", "v"}, {"rel", "author"}};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  SnapshotBuilder b;
  b.url("https://example.com/a/b", "Title - Site");
  b.open("body");
  int open = 1;
  for (size_t i = 0; i + 1 < size && i < 4096; i += 2) {
    uint8_t op = data[i], arg = data[i + 1];
    switch (op % 4) {
      case 0: case 1: {
        ElementSpec spec;
        if (arg & 0x80) spec.flags = 0;  // no layout
        if (arg & 0x40) spec.layout.display = "inline";
        if (arg & 0x20) spec.layout.opacity = 0;
        if (op & 0x10) spec.attrs.emplace_back(kAttrs[arg % (sizeof kAttrs / sizeof *kAttrs)]);
        b.open(kTags[(op >> 2) % (sizeof kTags / sizeof *kTags)], spec);
        ++open;
        break;
      }
      case 2:
        b.text(kTexts[arg % (sizeof kTexts / sizeof *kTexts)]);
        break;
      case 3:
        if (open > 1) { b.close(); --open; }
        break;
    }
  }
  while (open-- > 0) b.close();
  Snapshot s;
  if (b.build(s) != "") return 0;
  dehydra::markdown::markdown_request(s, "{\"mode\":\"page\"}");
  dehydra::markdown::markdown_request(s, "{\"mode\":\"article\"}");
  return 0;
}
