#include "code.hpp"

#include "../base/ascii_text.hpp"
#include "../common/preorder.hpp"
#include "escape.hpp"

#include <vector>

namespace dehydra::markdown {

using snapshot::kNone;

std::string raw_text(const snapshot::Snapshot& s, uint32_t root) {
  std::string out;
  for (uint32_t n = s[root].first_child == kNone ? kNone : s[root].first_child; n != kNone;
       n = common::preorder_next(s, n, root)) {
    const snapshot::Node& node = s[n];
    if (node.is_text()) out.append(node.text.data(), node.text.size());
    else if (node.is_element() && node.tag == "br") out += '\n';
  }
  return out;
}

namespace {

// Block boxes break lines in preformatted text as they do anywhere (innerText's rule): one line
// per <div class="line">, as code viewers render them.
bool breaks_lines(const snapshot::Snapshot& s, const snapshot::Node& n) {
  const snapshot::Style* st = s.style(n);
  if (!st) return false;
  std::string_view d = st->display;
  return !(d.substr(0, 6) == "inline" || d == "contents" || d == "none" || d.substr(0, 5) == "table" || d == "ruby");
}

}  // namespace

std::string preformatted_text(const snapshot::Snapshot& s, uint32_t pre, const NoiseRules& noise) {
  std::string out;
  bool pending = false;  // a line break is owed before the next text
  struct Item { uint32_t node; bool close; };
  std::vector<Item> stack;
  std::vector<uint32_t> kids;
  auto push_children = [&](uint32_t parent) {
    kids.clear();
    for (uint32_t c = s[parent].first_child; c != kNone; c = s[c].next_sibling) kids.push_back(c);
    for (size_t k = kids.size(); k-- > 0;) stack.push_back({kids[k], false});
  };
  push_children(pre);
  while (!stack.empty()) {
    Item it = stack.back();
    stack.pop_back();
    if (it.close) { pending = true; continue; }
    const snapshot::Node& n = s[it.node];
    if (n.is_text()) {
      if (n.text.empty() || noise.hides_text_node(it.node)) continue;
      if (pending && !out.empty() && out.back() != '\n') out += '\n';
      pending = false;
      out.append(n.text.data(), n.text.size());
      continue;
    }
    if (n.kind == snapshot::NodeKind::ShadowRoot) { push_children(it.node); continue; }
    if (!n.is_element() || noise.drops(it.node)) continue;
    if (n.tag == "br") { out += '\n'; pending = false; continue; }
    if (breaks_lines(s, n)) {
      pending = true;
      stack.push_back({it.node, true});
    }
    push_children(it.node);
  }
  return out;
}

namespace {

std::string language_of(const snapshot::Snapshot& s, const snapshot::Node& n) {
  const std::string_view* cls = s.attribute(n, "class");
  std::string lang;
  if (!cls) return lang;
  common::for_each_token(*cls, [&](std::string_view t) {
    if (!lang.empty()) return;
    for (std::string_view prefix : {std::string_view("language-"), std::string_view("lang-")}) {
      if (t.size() > prefix.size() && t.substr(0, prefix.size()) == prefix) {
        lang = std::string(t.substr(prefix.size()));
        break;
      }
    }
  });
  for (char c : lang)
    if (c == '`' || c == '~' || static_cast<unsigned char>(c) < 0x20) return "";
  return lang;
}

}  // namespace

std::string fenced_code_block(const snapshot::Snapshot& s, uint32_t pre, std::string body) {
  // One trailing newline belongs to the block end, not to the code.
  if (!body.empty() && body.back() == '\n') body.pop_back();
  std::string lang = language_of(s, s[pre]);
  for (uint32_t c = s[pre].first_child; lang.empty() && c != kNone; c = s[c].next_sibling)
    if (s[c].is_element() && s[c].tag == "code") lang = language_of(s, s[c]);
  size_t run = longest_run(body, '`');
  std::string fence(run >= 3 ? run + 1 : 3, '`');
  std::string out = fence + lang + "\n";
  if (!body.empty()) {
    out += body;
    out += '\n';
  }
  out += fence;
  return out;
}

std::string inline_code(std::string_view raw) {
  std::string text = common::collapse_ascii_space(raw, true);
  if (text.empty()) return "";
  return code_span(text);
}

}  // namespace dehydra::markdown
