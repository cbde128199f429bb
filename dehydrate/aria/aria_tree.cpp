#include "aria_tree.hpp"

#include "../base/ascii_text.hpp"
#include "../common/input_type.hpp"
#include "../base/json_text.hpp"
#include "accessible_name.hpp"
#include "aria_context.hpp"
#include "aria_states.hpp"
#include "aria_text.hpp"
#include "image_map.hpp"
#include "yaml_escape.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

namespace {

constexpr uint32_t kFragment = 0;  // the root: its children are the top-level lines

struct Item {
  uint32_t node = kNone;  // kNone: text
  std::string text;
};

struct ANode {
  std::string_view role;
  std::string name;
  uint32_t element = kNone;
  AriaStates states;
  bool has_url = false, has_placeholder = false, removed = false;
  std::string url, placeholder;
  std::vector<Item> children;
  int32_t ref = -1;
};

struct Work {
  enum Kind : uint8_t { Visit, Close } kind;
  uint32_t node;
  uint32_t target;  // ANode receiving content
  bool block;
  bool apart = false;  // an aria-owned element set apart by a space from the content before it
};

std::string truncate_data_url(std::string_view url) {
  if (url.substr(0, 5) != "data:") return std::string(url);
  size_t comma = url.find(',');
  if (comma == std::string_view::npos) return std::string(url);
  return std::string(url.substr(0, comma + 1)) + "\xE2\x80\xA6";
}

class Builder {
 public:
  Builder(const snapshot::Snapshot& s, const AriaTreeOptions& o) : s_(s), o_(o), ctx_(s), names_(ctx_),
      visited_(s.nodes.size(), 0) {}

  std::vector<ANode> build() {
    nodes_.emplace_back();  // fragment
    nodes_[kFragment].role = "fragment";
    if (s_.nodes.empty()) return std::move(nodes_);
    std::vector<Work> stack{{Work::Visit, s_.root(), kFragment, false}};
    while (!stack.empty()) {
      Work w = stack.back();
      stack.pop_back();
      if (w.kind == Work::Close) {
        if (w.block) push_text(w.target, " ");
        finish(w.target, w.node);
        continue;
      }
      visit(w, stack);
    }
    merge_and_prune();
    return std::move(nodes_);
  }

 private:
  void push_text(uint32_t target, std::string_view text) {
    std::vector<Item>& kids = nodes_[target].children;
    if (!kids.empty() && kids.back().node == kNone) kids.back().text.append(text.data(), text.size());
    else kids.push_back(Item{kNone, std::string(text)});
  }

  void visit(const Work& w, std::vector<Work>& stack) {
    uint32_t i = w.node;
    if (visited_[i]) return;
    visited_[i] = 1;
    if (w.apart) push_text(w.target, " ");
    const Node& n = s_.nodes[i];
    if (n.is_text()) {
      if (ctx_.hidden[i] || n.text.empty()) return;
      if (nodes_[w.target].role != "textbox") push_text(w.target, n.text);
      return;
    }
    if (n.kind == NodeKind::ShadowRoot || n.kind == NodeKind::FrameDocument) {
      if (n.kind == NodeKind::FrameDocument && !o_.include_frames) return;
      push_children(i, w.target, stack, kNone);
      return;
    }
    if (ctx_.hidden[i] == kHiddenByVisibility) {  // no node, but a descendant set visible shows
      push_children(i, w.target, stack, kNone);
      return;
    }
    if (ctx_.hidden[i]) return;
    uint32_t target = w.target;
    uint32_t own = make_node(i);
    if (own != kNone) {
      nodes_[w.target].children.push_back(Item{own, {}});
      target = own;
      if (n.has(snapshot::F_IMAGE_MAP_SHOWN)) push_area_links(own, i);
    }
    bool block = !ctx_.is_inline(i) || n.tag == "br";
    if (block) push_text(target, " ");
    stack.push_back(Work{Work::Close, i, target, block});
    uint32_t owns_from = static_cast<uint32_t>(stack.size());
    (void)owns_from;
    push_children(i, target, stack, i);
  }

  // Pushes the children (then aria-owned elements) of `parent` so they pop in order.
  void push_children(uint32_t parent, uint32_t target, std::vector<Work>& stack, uint32_t owner) {
    size_t before = stack.size();
    if (owner != kNone) {
      if (const std::string_view* owns = s_.attribute(s_.nodes[owner], "aria-owns")) {
        std::vector<uint32_t> refs = ctx_.scopes.id_refs(owner, *owns);
        uint32_t last_child = kNone;
        for (uint32_t c = s_.nodes[parent].first_child; c != kNone; c = s_.nodes[c].next_sibling) last_child = c;
        for (size_t k = refs.size(); k-- > 0;) {
          uint32_t before = k > 0 ? refs[k - 1] : last_child;
          bool apart = before != kNone && ctx_.block_of(refs[k]) != ctx_.block_of(before);
          stack.push_back(Work{Work::Visit, refs[k], target, false, apart});
        }
      }
    }
    size_t mid = stack.size();
    for (uint32_t c = s_.nodes[parent].first_child; c != kNone; c = s_.nodes[c].next_sibling)
      stack.push_back(Work{Work::Visit, c, target, false});
    // Children were pushed in order; reverse them so the first pops first.
    for (size_t a = mid, b = stack.size(); a + 1 < b; ++a, --b) std::swap(stack[a], stack[b - 1]);
    (void)before;
  }

  // The image map's links as the image's children; an area has no box, so the walk gives it none.
  void push_area_links(uint32_t image, uint32_t img) {
    for (uint32_t area : maps_.links_of(img)) {
      const std::string_view* hidden = s_.attribute(s_.nodes[area], "aria-hidden");
      if (hidden && common::equals_ignore_case(*hidden, "true")) continue;
      uint32_t link = make_node(area);
      if (link == kNone) continue;
      nodes_[image].children.push_back(Item{link, {}});
      finish(link, area);
    }
  }

  // The agent index of element `i`, or -1 (no indices asked for, or not indexed).
  int32_t ref_of(const Node& n) const {
    if (!o_.indices || n.element_ordinal == kNone || n.element_ordinal >= o_.indices->size()) return -1;
    return (*o_.indices)[n.element_ordinal];
  }

  // Whether element `i` is an inline box (display:inline, or display:contents showing text) whose
  // only DOM child is a text node. A shadow host's children are not its DOM children: never.
  bool inline_around_one_text(uint32_t i) const {
    const Node& n = s_.nodes[i];
    uint32_t child = kNone;  // the one DOM child: generated content is not one
    for (uint32_t c = n.first_child; c != kNone; c = s_.nodes[c].next_sibling) {
      if (s_.nodes[c].is_generated()) continue;
      if (child != kNone) return false;
      child = c;
    }
    if (child == kNone || !s_.nodes[child].is_text()) return false;
    const snapshot::Style* st = s_.style(n);
    if (st == nullptr) return false;
    if (st->display == "inline") return true;
    return st->display == "contents" && !common::trim_ascii(s_.nodes[child].text).empty();
  }

  uint32_t make_node(uint32_t i) {
    const Node& n = s_.nodes[i];
    std::string_view role;
    if (n.tag == "iframe" || n.tag == "frame") role = "iframe";
    else role = ctx_.roles.role(i);
    const int32_t ref = ref_of(n);
    // A generic inline box around one text node is no node: its text is the parent's (Playwright
    // too). An indexed one stays, as below, so the agent sees its ref.
    if (role == "generic" && ref < 0 && inline_around_one_text(i)) return kNone;
    if (role.empty() || role == "presentation" || role == "none") {
      // An indexed element without a role of its own (a clickable div, a label, a link without
      // href) stays as a generic node, as Playwright's AI mode keeps it: the agent can act only on
      // what it sees with a ref.
      if (ref < 0) return kNone;
      role = "generic";
    }
    ANode a;
    a.role = role;
    a.element = i;
    a.name = names_.name(i);  // an iframe's aria-label or title (Chromium)
    if (role != "iframe") a.states = compute_states(ctx_, i, role);
    if (n.tag == "input" || n.tag == "textarea") {
      std::string_view type = n.tag == "input" ? common::input_type(s_, n) : "textarea";
      if (type != "checkbox" && type != "radio" && type != "file")
        a.children.push_back(Item{kNone, std::string(n.value)});
    }
    a.ref = ref;
    nodes_.push_back(std::move(a));
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  void finish(uint32_t target, uint32_t element) {
    ANode& a = nodes_[target];
    if (a.element != element) return;
    const Node& n = s_.nodes[element];
    if (a.role == "link") {
      if (const std::string_view* href = s_.attribute(n, "href")) {
        a.has_url = true;
        a.url = truncate_data_url(*href);
      }
    }
    if (a.role == "textbox") {
      const std::string_view* ph = s_.attribute(n, "placeholder");
      if (ph && *ph != a.name) {
        a.has_placeholder = true;
        a.placeholder = std::string(*ph);
      }
    }
  }

  // Children are created after their parents, so walking the pool backwards is a post-order.
  void merge_and_prune() {
    for (size_t k = nodes_.size(); k-- > 0;) {
      ANode& a = nodes_[k];
      std::vector<Item> merged;
      std::string buffer;
      bool open = false;
      auto flush = [&]() {
        if (!open) return;
        std::string text = normalize_whitespace(buffer);
        if (!text.empty()) merged.push_back(Item{kNone, std::move(text)});
        buffer.clear();
        open = false;
      };
      for (Item& it : a.children) {
        if (it.node == kNone) {
          buffer += it.text;
          open = true;
          continue;
        }
        if (nodes_[it.node].removed) continue;
        flush();
        merged.push_back(Item{it.node, {}});
      }
      flush();
      a.children = std::move(merged);
      if (a.children.size() == 1 && a.children[0].node == kNone && a.children[0].text == a.name) a.children.clear();
      if (k != kFragment && a.role == "generic" && a.name.empty() && a.children.empty() && a.ref < 0) a.removed = true;
    }
  }

  const snapshot::Snapshot& s_;
  const AriaTreeOptions& o_;
  AriaContext ctx_;
  AccessibleNames names_;
  std::vector<uint8_t> visited_;
  std::vector<ANode> nodes_;
  ImageMaps maps_{s_, ctx_.scopes};
};

std::string key_of(const ANode& a) {
  std::string key(a.role);
  if (!a.name.empty() && utf16_length(a.name) <= 900) {
    key += ' ';
    common::append_json_string(key, a.name);  // JSON.stringify, as Playwright quotes the name
  }
  const AriaStates& st = a.states;
  if (st.checked == 2) key += " [checked=mixed]";
  if (st.checked == 1) key += " [checked]";
  if (st.disabled) key += " [disabled]";
  if (st.expanded) key += " [expanded]";
  if (st.invalid == 2) key += " [invalid=grammar]";
  if (st.invalid == 3) key += " [invalid=spelling]";
  if (st.invalid == 1) key += " [invalid]";
  if (st.level) key += " [level=" + std::to_string(st.level) + "]";
  if (st.pressed == 2) key += " [pressed=mixed]";
  if (st.pressed == 1) key += " [pressed]";
  if (st.selected) key += " [selected]";
  if (st.required) key += " [required]";
  if (a.ref >= 0) key += " [ref=" + std::to_string(a.ref) + "]";
  return key;
}

}  // namespace

std::string render_aria_tree(const snapshot::Snapshot& s, const AriaTreeOptions& options, AriaTreeStats* stats) {
  Builder builder(s, options);
  std::vector<ANode> nodes = builder.build();
  std::string out;
  AriaTreeStats counted;
  struct Line { uint32_t node; uint32_t depth; };
  std::vector<Line> stack;
  auto indent = [&](uint32_t depth) { out.append(depth * 2, ' '); };
  auto text_line = [&](std::string_view text, uint32_t depth) {
    indent(depth);
    out += "- text: ";
    out += yaml_value(text);
    out += '\n';
  };
  // Top-level items of the fragment, pushed in reverse.
  const std::vector<Item>& top = nodes[kFragment].children;
  std::vector<std::pair<const Item*, uint32_t>> work;
  for (size_t k = top.size(); k-- > 0;) work.push_back({&top[k], 0});
  while (!work.empty()) {
    auto [item, depth] = work.back();
    work.pop_back();
    if (item->node == kNone) {
      text_line(item->text, depth);
      continue;
    }
    const ANode& a = nodes[item->node];
    ++counted.nodes;
    if (a.ref >= 0) ++counted.refs;
    indent(depth);
    out += "- ";
    out += yaml_key(key_of(a));
    bool props = a.has_url || a.has_placeholder;
    bool single_text = a.children.size() == 1 && a.children[0].node == kNone;
    if (a.children.empty() && !props) {
      out += '\n';
    } else if (single_text && !props) {
      out += ": ";
      out += yaml_value(a.children[0].text);
      out += '\n';
    } else {
      out += ":\n";
      if (a.has_url) { indent(depth + 1); out += "- /url: " + yaml_value(a.url) + "\n"; }
      if (a.has_placeholder) { indent(depth + 1); out += "- /placeholder: " + yaml_value(a.placeholder) + "\n"; }
      for (size_t k = a.children.size(); k-- > 0;) work.push_back({&a.children[k], depth + 1});
    }
  }
  if (stats) *stats = counted;
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace dehydra::aria
