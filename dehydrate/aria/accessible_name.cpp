#include "accessible_name.hpp"

#include "../base/ascii_text.hpp"
#include "../common/input_type.hpp"
#include "../common/labelledby.hpp"
#include "aria_text.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;

namespace {

// Name from content is linear in the subtree; nested named elements (rows in rows, buttons in
// buttons) make a page quadratic. These bounds keep pathological pages fast; real pages stay far below.
constexpr uint32_t kFramesPerName = 200000;
constexpr uint64_t kFramesPerTree = 20000000;

bool allows_name_from_content(std::string_view role, bool descendant) {
  if (role_in(role, {"button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem",
                     "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab",
                     "tooltip", "treeitem"}))
    return true;
  return descendant && role_in(role, {"", "caption", "code", "contentinfo", "definition", "deletion", "emphasis",
                                      "insertion", "list", "listitem", "mark", "none", "paragraph", "presentation",
                                      "region", "row", "rowgroup", "section", "strong", "subscript", "superscript",
                                      "table", "term", "time"});
}

// Roles Chromium names from aria-label and aria-labelledby but not from title (a description).
bool named_by_aria_only(std::string_view role) {
  return role_in(role, {"code", "deletion", "emphasis", "insertion", "mark", "paragraph", "strong", "subscript",
                        "superscript", "term", "time"});
}

std::string_view attr_or_empty(const snapshot::Snapshot& s, const Node& n, std::string_view name) {
  const std::string_view* v = s.attribute(n, name);
  return v ? *v : std::string_view{};
}

}  // namespace

// The nodes a name from content reads: children, a shadow root's children, then aria-owned elements.
std::vector<uint32_t> AccessibleNames::content_of(uint32_t element) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::vector<uint32_t> kids;
  std::vector<uint32_t> roots{element};
  for (size_t r = 0; r < roots.size(); ++r) {
    for (uint32_t c = s.nodes[roots[r]].first_child; c != kNone; c = s.nodes[c].next_sibling) {
      const Node& cn = s.nodes[c];
      if (cn.kind == NodeKind::ShadowRoot) { roots.push_back(c); continue; }
      if (cn.is_element() || cn.is_text()) kids.push_back(c);
    }
  }
  if (const std::string_view* owns = s.attribute(s.nodes[element], "aria-owns"))
    for (uint32_t o : ctx_.scopes.id_refs(element, *owns)) kids.push_back(o);
  return kids;
}

struct AccessibleNames::Frame {
  uint32_t node = kNone;
  Options opts;
  Phase phase = kStart;
  Join join = kJoinSpace;
  std::vector<uint32_t> pending;
  size_t next = 0;
  uint32_t waiting_child = kNone;  // content mode: the element whose text is being computed
  bool first = true;
  bool has_labelledby = false;
  bool veiled = false;  // hidden by visibility: only descendants set back to visible speak
  bool done = false;
  std::string acc;
  std::string result;

  // The frame's answer; true, for the step that gives it.
  bool finish(std::string_view text) {
    result.assign(text.data(), text.size());
    done = true;
    return true;
  }

  // Queues sub-calls over `nodes`, their texts joined as `how` says; the frame goes on in `then`.
  void queue(std::vector<uint32_t> nodes, Join how, Phase then) {
    pending = std::move(nodes);
    next = 0;
    join = how;
    first = true;
    acc.clear();
    phase = then;
  }
};

std::string AccessibleNames::name(uint32_t element) {
  std::string_view role = ctx_.roles.role(element);
  // Chromium names the text-level roles (code, emphasis, strong, mark, time, term, ...) and
  // paragraphs (named_by_aria_only); these it does not name.
  if (role_in(role, {"caption", "definition", "generic", "presentation", "suggestion"})) return {};
  std::string computed = compute(element);
  // A name from the element's own aria-label keeps its non-ASCII spaces (a no-break space), as
  // Chromium does; other names collapse every whitespace, as Playwright's do.
  return named_by_own_label_ ? common::collapse_ascii_space(computed) : normalize_whitespace(computed);
}

std::string AccessibleNames::compute(uint32_t element) {
  ++epoch_;
  named_by_own_label_ = false;
  uint64_t left = kFramesPerTree > spent_ ? kFramesPerTree - spent_ : 0;
  budget_ = static_cast<uint32_t>(left < kFramesPerName ? left : kFramesPerName);
  uint32_t start_budget = budget_;
  struct Spend {
    AccessibleNames& self; uint32_t& budget; uint32_t start;
    ~Spend() { self.spent_ += start - budget; }
  } spend{*this, budget_, start_budget};
  std::vector<Frame> stack;
  stack.emplace_back();
  stack.back().node = element;
  stack.back().opts.target = 1;
  // An area has no box of its own (display: none), yet its image shows it: named as if shown.
  stack.back().opts.hidden_reference = ctx_.s.nodes[element].tag == "area";
  while (true) {
    if (!stack.back().done) {
      if (!step(stack)) continue;  // pushed a sub-call
      if (!stack.back().done) continue;
    }
    std::string r = std::move(stack.back().result);
    uint32_t child = stack.back().node;
    stack.pop_back();
    if (stack.empty()) return r;
    Frame& p = stack.back();
    switch (p.join) {
      case kJoinNonEmpty:
        if (r.empty()) break;
        [[fallthrough]];
      case kJoinSpace:
        if (!p.first) p.acc.push_back(' ');
        p.acc += r;
        p.first = false;
        break;
      case kContent: {
        const Node& cn = ctx_.s.nodes[child];
        bool block = !ctx_.is_inline(child) || cn.tag == "br";
        bool owned = ctx_.scopes.parent_element(child) != p.node;
        if (owned && !block && p.next >= 2 && ctx_.block_of(child) != ctx_.block_of(p.pending[p.next - 2]))
          p.acc.push_back(' ');
        if (block) p.acc.push_back(' ');
        p.acc += r;
        if (block) p.acc.push_back(' ');
        break;
      }
      case kSingle:
        p.acc = std::move(r);
        break;
    }
    p.waiting_child = kNone;
  }
}

// Advances the top frame. Returns false after pushing a sub-call (the caller loops), true otherwise.
bool AccessibleNames::step(std::vector<Frame>& stack) {
  Frame& f = stack.back();
  Options child_opts = f.opts;
  if (child_opts.target == 1) child_opts.target = 2;
  switch (f.phase) {
    case kStart:
      return start(stack);
    case kAfterLabelledby: {
      Options sub;
      sub.in_labelledby = true;
      if (!run_pending(stack, sub)) return false;
      // Text of only ASCII whitespace names nothing: aria-label and the rest still apply (Chromium).
      if (!common::trim_ascii(f.acc).empty()) return f.finish(f.acc);
      f.acc.clear();
      f.phase = kMain;
      return true;
    }
    case kReturnAcc: {
      Options sub = f.join == kJoinNonEmpty ? Options{} : child_opts;
      if (f.join == kJoinNonEmpty) sub.in_label = true;
      if (f.join == kSingle) sub.in_native = true;
      if (!run_pending(stack, sub)) return false;
      return f.finish(f.acc);
    }
    case kAfterContent: {
      if (!run_pending(stack, child_opts)) return false;
      if (f.veiled) return f.finish(f.acc);
      bool has_text = !is_blank(f.acc);
      if ((f.opts.target == 1 && has_text) || (f.opts.target != 1 && !f.acc.empty())) return f.finish(f.acc);
      f.phase = kTitle;
      return true;
    }
    case kTitle: {
      const Node& n = ctx_.s.nodes[f.node];
      std::string_view role = ctx_.roles.role(f.node);
      visited_[f.node] = epoch_;
      if (f.opts.target == 1 && named_by_aria_only(role)) return f.finish({});
      if ((role != "presentation" && role != "none") || n.tag == "iframe" || n.tag == "frame") {
        std::string_view title = attr_or_empty(ctx_.s, n, "title");
        if (!is_blank(title)) return f.finish(title);
      }
      return f.finish({});
    }
    case kMain:
      main_phase(f, stack.size() == 1);
      return true;
  }
  return true;
}

// A sub-call on the stack, unless the name's budget is spent.
bool AccessibleNames::push_call(std::vector<Frame>& stack, uint32_t node, const Options& o) {
  if (budget_ == 0) return false;
  --budget_;
  Frame f;
  f.node = node;
  f.opts = o;
  stack.push_back(std::move(f));
  return true;
}

// Runs the pending sub-calls of the top frame; returns true when all are done, false after
// pushing one.
bool AccessibleNames::run_pending(std::vector<Frame>& stack, const Options& sub) {
  const snapshot::Snapshot& s = ctx_.s;
  Frame& f = stack.back();
  while (f.next < f.pending.size()) {
    uint32_t n = f.pending[f.next++];
    if (f.join == kContent && s.nodes[n].is_text()) {
      uint32_t parent = s.nodes[n].parent;
      bool not_rendered = parent != kNone && s.nodes[parent].tag == "details" && !s.nodes[parent].has(snapshot::F_OPEN);
      not_rendered = not_rendered || (f.veiled && ctx_.hidden[n]);
      if (!(not_rendered && !f.opts.hidden_reference)) f.acc += s.nodes[n].text;
      continue;
    }
    Options o = sub;
    if (f.join == kJoinNonEmpty) o.hidden_reference = ctx_.hidden[n] != 0;
    if (f.join == kJoinSpace && f.phase == kAfterLabelledby) o.hidden_reference = ctx_.hidden[n] != 0;
    if (f.join == kSingle) o.hidden_reference = f.opts.hidden_reference || ctx_.hidden[n] != 0;
    f.waiting_child = n;
    if (push_call(stack, n, o)) return false;
  }
  return true;
}

// kStart: elements that say nothing, the veiled ones, and aria-labelledby.
bool AccessibleNames::start(std::vector<Frame>& stack) {
  const snapshot::Snapshot& s = ctx_.s;
  Frame& f = stack.back();
  const Node& n = s.nodes[f.node];
  if (visited_[f.node] == epoch_ || !n.is_element()) return f.finish({});
  std::string_view tag = n.tag;
  bool ignored = tag == "script" || tag == "style" || tag == "noscript" || tag == "template";
  if (!ignored && !f.opts.hidden_reference && ctx_.hidden[f.node] == kHiddenByVisibility && f.opts.target != 1) {
    // Inside a name from content, a visibility-hidden element says only what its descendants
    // set back to visible say (Chromium).
    visited_[f.node] = epoch_;
    f.veiled = true;
    f.queue(content_of(f.node), kContent, kAfterContent);
    return true;
  }
  if (ignored || (!f.opts.hidden_reference && ctx_.hidden[f.node])) {
    visited_[f.node] = epoch_;
    return f.finish({});
  }
  std::vector<uint32_t> refs;
  if (const std::string_view* lb = common::labelledby_attribute(s, n))
    refs = ctx_.scopes.id_refs_with_repeats(f.node, *lb);
  f.has_labelledby = !refs.empty();
  if (!f.opts.in_labelledby && f.has_labelledby) {
    f.queue(std::move(refs), kJoinSpace, kAfterLabelledby);
    Options sub;  // labelledby: a fresh traversal embedded in the reference
    sub.in_labelledby = true;
    // When all ran synchronously (budget exhausted), the loop comes back to kAfterLabelledby.
    return run_pending(stack, sub);
  }
  f.phase = kMain;
  return true;
}

// Queues calls over `nodes` that the frame's next phase, `then`, runs.
void AccessibleNames::start_calls(Frame& f, std::vector<uint32_t> nodes, Join join, Phase then) {
  f.queue(std::move(nodes), join, then);
  visited_[f.node] = epoch_;
}

// kMain: the rest of the text alternative computation for this element, in accname's order. It
// never pushes a sub-call: it finishes the frame or queues the calls of a later phase.
void AccessibleNames::main_phase(Frame& f, bool outermost) {
  const Node& n = ctx_.s.nodes[f.node];
  std::string_view role = ctx_.roles.role(f.node);
  if ((f.opts.in_label || f.opts.in_labelledby || f.opts.target == 2) && !labelled_by_itself(f.node) &&
      embedded_control(f, role))
    return;

  // Only ASCII whitespace makes aria-label blank: a label of a no-break space names (Chromium).
  // A slot's aria-label does not replace the slotted content (Chromium, WPT).
  std::string_view aria_label = n.tag == "slot" ? std::string_view{} : attr_or_empty(ctx_.s, n, "aria-label");
  if (!common::trim_ascii(aria_label).empty()) {
    visited_[f.node] = epoch_;
    if (outermost) named_by_own_label_ = true;
    f.finish(aria_label);
    return;
  }

  if (role != "presentation" && role != "none" && native(f)) return;

  bool summary = n.tag == "summary" && role != "presentation" && role != "none";
  if (allows_name_from_content(role, f.opts.target == 2) || summary || f.opts.in_labelledby || f.opts.in_label ||
      f.opts.in_native) {
    start_calls(f, content_of(f.node), kContent, kAfterContent);
    return;
  }
  f.phase = kTitle;
}

bool AccessibleNames::labelled_by_itself(uint32_t element) const {
  const std::string_view* lb = common::labelledby_attribute(ctx_.s, ctx_.s.nodes[element]);
  if (!lb) return false;
  for (uint32_t r : ctx_.scopes.id_refs(element, *lb))
    if (r == element) return true;
  return false;
}

// An embedded control inside a name (a label, a labelledby reference, a descendant) says its
// value: a text box its text, a combo box or list box its chosen options, a range its value.
// Returns true when that decided the frame.
bool AccessibleNames::embedded_control(Frame& f, std::string_view role) {
  const snapshot::Snapshot& s = ctx_.s;
  const Node& n = s.nodes[f.node];
  const bool is_input = n.tag == "input";
  if (role == "textbox" || role == "searchbox") {
    visited_[f.node] = epoch_;
    if (is_input || n.tag == "textarea") return f.finish(n.value);
    return f.finish(text_content(f.node));
  }
  if (role == "combobox" || role == "listbox") {
    visited_[f.node] = epoch_;
    std::vector<uint32_t> selected = n.tag == "select" ? chosen_options(f.node, role)
        : aria_selected_options(f.node, role);
    if (selected.empty() && is_input) return f.finish(n.value);
    start_calls(f, std::move(selected), kJoinSpace, kReturnAcc);
    return true;
  }
  if (role_in(role, {"progressbar", "scrollbar", "slider", "spinbutton", "meter"})) {
    visited_[f.node] = epoch_;
    if (const std::string_view* v = s.attribute(n, "aria-valuetext")) return f.finish(*v);
    if (const std::string_view* v = s.attribute(n, "aria-valuenow")) return f.finish(*v);
    return f.finish(attr_or_empty(s, n, "value"));
  }
  if (role == "menu") {
    visited_[f.node] = epoch_;
    return f.finish({});
  }
  return false;
}

// textContent, in tree order, without generated text.
std::string AccessibleNames::text_content(uint32_t element) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::string text;
  std::vector<uint32_t> st{element};
  while (!st.empty()) {
    uint32_t x = st.back();
    st.pop_back();
    if (s.nodes[x].is_text()) {
      if (!s.nodes[x].is_generated()) text += s.nodes[x].text;
      continue;
    }
    std::vector<uint32_t> kids;
    for (uint32_t c = s.nodes[x].first_child; c != kNone; c = s.nodes[c].next_sibling)
      if (s.nodes[c].kind == NodeKind::Element || s.nodes[c].is_text()) kids.push_back(c);
    for (size_t i = kids.size(); i-- > 0;) st.push_back(kids[i]);
  }
  return text;
}

// A <select>'s selected options, in tree order.
std::vector<uint32_t> AccessibleNames::chosen_options(uint32_t select, std::string_view role) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::vector<uint32_t> selected;
  uint32_t first_option = kNone;
  for (uint32_t o : element_descendants(select)) {
    if (s.nodes[o].tag != "option") continue;
    if (first_option == kNone) first_option = o;
    if (s.nodes[o].has(snapshot::F_SELECTED)) selected.push_back(o);
  }
  // A drop-down with nothing selected shows its first option. A list box (multiple, or
  // size > 1) with nothing selected says nothing: accname's "chosen option", as Chromium
  // reads it (Playwright reads the first option).
  if (selected.empty() && first_option != kNone && role == "combobox") selected.push_back(first_option);
  return selected;
}

// The descendant elements of `root` in tree order, `root` left out.
std::vector<uint32_t> AccessibleNames::element_descendants(uint32_t root) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::vector<uint32_t> out, st{root}, kids;
  while (!st.empty()) {
    uint32_t x = st.back();
    st.pop_back();
    if (x != root) out.push_back(x);
    kids.clear();
    for (uint32_t c = s.nodes[x].first_child; c != kNone; c = s.nodes[c].next_sibling)
      if (s.nodes[c].is_element()) kids.push_back(c);
    for (size_t i = kids.size(); i-- > 0;) st.push_back(kids[i]);
  }
  return out;
}

// Descendant elements in tree order, aria-owned subtrees appended.
std::vector<uint32_t> AccessibleNames::descendants_and_owned(uint32_t root) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::vector<uint32_t> out = element_descendants(root);
  if (const std::string_view* owns = s.attribute(s.nodes[root], "aria-owns"))
    for (uint32_t o : ctx_.scopes.id_refs(root, *owns)) {
      out.push_back(o);
      for (uint32_t d : element_descendants(o)) out.push_back(d);
    }
  return out;
}

// An ARIA combo box or list box: the options marked aria-selected in its list box (itself, or
// the first list box among its descendants).
std::vector<uint32_t> AccessibleNames::aria_selected_options(uint32_t element, std::string_view role) const {
  const snapshot::Snapshot& s = ctx_.s;
  std::vector<uint32_t> selected;
  uint32_t listbox = kNone;
  if (role == "listbox") listbox = element;
  else
    for (uint32_t d : descendants_and_owned(element))
      if (ctx_.roles.role(d) == "listbox") { listbox = d; break; }
  if (listbox != kNone)
    for (uint32_t d : descendants_and_owned(listbox)) {
      const std::string_view* sel = s.attribute(s.nodes[d], "aria-selected");
      if (sel && common::equals_ignore_case(*sel, "true") && ctx_.roles.role(d) == "option") selected.push_back(d);
    }
  return selected;
}

// The names HTML gives: input buttons, file and image inputs, labels of labelable elements,
// legend and caption, an optgroup's label, alt, an SVG <title>. Returns true when that decided the frame.
bool AccessibleNames::native(Frame& f) {
  const snapshot::Snapshot& s = ctx_.s;
  const Node& n = s.nodes[f.node];
  std::string_view tag = n.tag;
  const bool is_input = tag == "input";
  std::string_view type = is_input ? common::input_type(s, n) : std::string_view{};
  // A hidden label names nothing (Chromium), unlike a hidden aria-labelledby reference.
  auto labels_of = [&]() {
    std::vector<uint32_t> shown;
    for (uint32_t l : ctx_.labels.labels_of(f.node))
      if (!ctx_.hidden[l]) shown.push_back(l);
    return shown;
  };
  auto by_labels = [&]() {
    start_calls(f, labels_of(), kJoinNonEmpty, kReturnAcc);
    return true;
  };
  if (is_input && (type == "button" || type == "submit" || type == "reset")) {
    visited_[f.node] = epoch_;
    // A label wins over the value (HTML-AAM, Chromium).
    if (!f.has_labelledby && !f.opts.in_labelledby && !labels_of().empty()) return by_labels();
    if (!is_blank(n.value)) return f.finish(n.value);
    if (type == "submit") return f.finish("Submit");
    if (type == "reset") return f.finish("Reset");
    return f.finish(attr_or_empty(s, n, "title"));
  }
  if (is_input && (type == "file" || type == "image")) {
    visited_[f.node] = epoch_;
    if (!labels_of().empty() && !f.opts.in_labelledby) return by_labels();
    if (type == "file") return f.finish("Choose File");
    std::string_view alt = attr_or_empty(s, n, "alt");
    if (!is_blank(alt)) return f.finish(alt);
    std::string_view title = attr_or_empty(s, n, "title");
    if (!is_blank(title)) return f.finish(title);
    return f.finish("Submit");
  }
  if (!f.has_labelledby && tag == "button") {
    visited_[f.node] = epoch_;
    if (!labels_of().empty()) return by_labels();
  }
  if (!f.has_labelledby && tag == "output") {
    visited_[f.node] = epoch_;
    if (!labels_of().empty()) return by_labels();
    return f.finish(attr_or_empty(s, n, "title"));
  }
  if (!f.has_labelledby && (tag == "textarea" || tag == "select" || is_input || tag == "meter" || tag == "progress")) {
    visited_[f.node] = epoch_;
    if (!labels_of().empty()) return by_labels();
    bool use_placeholder = tag == "textarea" ||
                           (is_input && (type == "text" || type == "password" || type == "number" ||
                                         type == "search" || type == "tel" || type == "email" || type == "url"));
    std::string_view title = attr_or_empty(s, n, "title");
    if (!use_placeholder || !title.empty()) return f.finish(title);
    return f.finish(attr_or_empty(s, n, "placeholder"));
  }
  if (tag == "optgroup") {
    visited_[f.node] = epoch_;
    std::string_view label = attr_or_empty(s, n, "label");
    return f.finish(!is_blank(label) ? label : attr_or_empty(s, n, "title"));
  }
  // A figcaption does not name its figure (Chromium); its title does, never its content.
  if (!f.has_labelledby && tag == "figure") {
    visited_[f.node] = epoch_;
    return f.finish(attr_or_empty(s, n, "title"));
  }
  // A hidden legend or caption names nothing.
  if ((!f.has_labelledby && tag == "fieldset") || tag == "table") {
    visited_[f.node] = epoch_;
    uint32_t c = s.first_child_element(f.node, tag == "fieldset" ? "legend" : "caption");
    if (c != kNone && !ctx_.hidden[c]) {
      start_calls(f, {c}, kSingle, kReturnAcc);
      return true;
    }
    if (tag != "table") return f.finish(attr_or_empty(s, n, "title"));
    std::string_view summary = attr_or_empty(s, n, "summary");
    if (!summary.empty()) return f.finish(summary);
  }
  if (tag == "img" || tag == "area") {
    visited_[f.node] = epoch_;
    std::string_view alt = attr_or_empty(s, n, "alt");
    if (!is_blank(alt)) return f.finish(alt);
    return f.finish(attr_or_empty(s, n, "title"));
  }
  if (n.has(snapshot::F_SVG)) {
    // SVG-AAM: an SVG element is named by its <title> child (the walk reads only that child).
    visited_[f.node] = epoch_;
    uint32_t c = s.first_child_element(f.node, "title");
    if (c != kNone) {
      start_calls(f, {c}, kSingle, kReturnAcc);
      return true;
    }
  }
  return false;
}

}  // namespace dehydra::aria
