#include "converter.hpp"

#include "block_layout.hpp"
#include "code.hpp"
#include "../base/ascii_text.hpp"
#include "element_roles.hpp"
#include "escape.hpp"
#include "form_controls.hpp"
#include "inline_text.hpp"
#include "links.hpp"
#include "noise.hpp"
#include "tables.hpp"

namespace dehydra::markdown {

using snapshot::kNone;
using snapshot::Node;

namespace {

struct Frame {
  uint32_t node;
  uint32_t cursor;  // next child to visit
  Role role;        // the role as handled (an inline-only context demotes blocks to Boundary)
  bool opened;      // this element opened a marker / pushed a context
};

struct ListState {
  bool ordered;
  long next;
};

struct TableState {
  std::vector<TableRow> rows;
};

class Machine {
 public:
  Machine(const snapshot::Snapshot& s, const ConvertOptions& o)
      : s_(s), o_(o), noise_(s, o.reader) {
    bases_.push_back(o.base_url.empty() ? std::string(s.page.url) : o.base_url);
    inlines_.emplace_back();
  }

  std::string run() {
    uint32_t root = o_.root == kNone ? s_.root() : o_.root;
    if (root == kNone || root >= s_.nodes.size()) return "";
    enter(root);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      if (f.cursor == kNone) {
        Frame done = f;
        stack_.pop_back();
        exit(done);
        continue;
      }
      uint32_t child = f.cursor;
      f.cursor = s_[child].next_sibling;
      enter(child);  // may push: `f` is not used after this
    }
    flush_paragraph();
    std::string out = layout_.take();
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }

 private:
  InlineText& inl() { return inlines_.back(); }

  void flush_paragraph() {
    if (inline_only_ > 0 || inlines_.size() != 1) return;
    if (inl().empty()) return;
    std::vector<std::string> lines = inl().take_lines();
    if (!lines.empty()) layout_.paragraph(lines);
  }

  void start_block(int newlines) {
    flush_paragraph();
    layout_.separate(newlines);
  }

  void push(uint32_t node, Role role, bool opened = false) {
    stack_.push_back({node, s_[node].first_child, role, opened});
  }

  bool parent_is(uint32_t node, std::string_view tag) const {
    uint32_t p = s_[node].parent;
    return p != kNone && s_[p].is_element() && s_[p].tag == tag;
  }

  void enter(uint32_t i) {
    const Node& n = s_[i];
    if (o_.excluded && i < o_.excluded->size() && (*o_.excluded)[i]) return;
    if (n.is_text()) {
      if (!noise_.hides_text_node(i)) inl().append_text(n.text);
      return;
    }
    if (n.kind == snapshot::NodeKind::ShadowRoot) { push(i, Role::Inline); return; }
    if (n.is_element() && noise_.drops(i)) return;
    Role role = role_of(s_, i);
    bool inline_only = inline_only_ > 0;
    switch (role) {
      case Role::Frame:
        bases_.emplace_back(n.text);
        if (inline_only) inl().boundary(); else start_block(2);
        push(i, Role::Frame);
        return;
      case Role::Block: case Role::Caption:
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        start_block(2);
        push(i, Role::Block);
        return;
      case Role::Heading:
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        start_block(2);
        ++inline_only_;
        push(i, Role::Heading);
        return;
      case Role::List:
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        enter_list(i);
        return;
      case Role::ListItem:
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        enter_list_item(i);
        return;
      case Role::Blockquote:
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        start_block(2);
        layout_.push_container("> ", "> ");
        push(i, Role::Blockquote);
        return;
      case Role::Pre:
        enter_pre(i, inline_only);
        return;
      case Role::Code: {
        std::string raw = preformatted_text(s_, i, noise_);
        if (!raw.empty() && common::is_ascii_space(raw.front())) inl().boundary();
        inl().append_markdown(inline_code(raw));
        if (!raw.empty() && common::is_ascii_space(raw.back())) inl().boundary();
        return;
      }
      case Role::Strong: case Role::Em: case Role::Del: {
        int& depth = role == Role::Strong ? strong_ : role == Role::Em ? em_ : del_;
        bool open = depth == 0;
        if (open) inl().open(role == Role::Strong ? kOpenStrong : role == Role::Em ? kOpenEm : kOpenDel);
        ++depth;
        push(i, role, open);
        return;
      }
      case Role::Link:
        enter_link(i);
        return;
      case Role::Image:
        if (!noise_.hides_own_text(i)) inl().append_markdown(image(n));
        return;
      case Role::Br:
        if (inline_only) inl().boundary(); else inl().hard_break();
        return;
      case Role::Hr:
        if (inline_only) { inl().boundary(); return; }
        start_block(2);
        layout_.line("---");
        layout_.separate(2);
        return;
      case Role::Table:
        enter_table(i, inline_only);
        return;
      case Role::TableRow:
        if (!tables_.empty() && inlines_.size() == 1 && in_simple_table(i)) {
          tables_.back().rows.push_back({{}, true});
          push(i, Role::TableRow);
          return;
        }
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        start_block(2);
        push(i, Role::Block);
        return;
      case Role::TableCell:
        if (!tables_.empty() && inlines_.size() == 1 && in_simple_table(i) && !tables_.back().rows.empty()) {
          inlines_.emplace_back();
          ++inline_only_;
          if (n.tag == "td" && !parent_in_thead(i)) tables_.back().rows.back().header = false;
          push(i, Role::TableCell);
          return;
        }
        if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
        start_block(2);
        push(i, Role::Block);
        return;
      case Role::Control: {
        std::string md = form_control(s_, i);
        inl().boundary();
        inl().append_markdown(md);
        inl().boundary();
        return;
      }
      case Role::Boundary:
        inl().boundary();
        push(i, Role::Boundary);
        return;
      case Role::Inline:
        push(i, Role::Inline);
        return;
    }
  }

  void enter_list(uint32_t i) {
    const Node& n = s_[i];
    start_block(parent_is(i, "li") ? 1 : 2);
    long start = 1;
    const std::string_view* st = s_.attribute(n, "start");
    if (st) start = std::strtol(std::string(*st).c_str(), nullptr, 10);
    lists_.push_back({n.tag == "ol", start});
    push(i, Role::List);
  }

  // The item's marker ("- ", or its number in an ordered list) opens a container its lines share.
  void enter_list_item(uint32_t i) {
    start_block(1);
    std::string marker = "- ";
    if (!lists_.empty() && lists_.back().ordered) {
      const std::string_view* v = s_.attribute(s_[i], "value");
      if (v) lists_.back().next = std::strtol(std::string(*v).c_str(), nullptr, 10);
      marker = std::to_string(lists_.back().next++) + ". ";
    }
    std::string rest(marker.size(), ' ');
    layout_.push_container(std::move(marker), std::move(rest));
    push(i, Role::ListItem);
  }

  // A fenced code block, or inline code where only inline content may go.
  void enter_pre(uint32_t i, bool inline_only) {
    if (inline_only) {
      inl().boundary();
      inl().append_markdown(inline_code(preformatted_text(s_, i, noise_)));
      inl().boundary();
      return;
    }
    std::string body = preformatted_text(s_, i, noise_);
    if (body.empty()) return;  // an empty block says nothing
    start_block(2);
    layout_.verbatim(fenced_code_block(s_, i, std::move(body)));
    layout_.separate(2);
  }

  // Only the outermost link with a safe address becomes one; nested links keep their text only.
  void enter_link(uint32_t i) {
    const Node& n = s_[i];
    bool open = false;
    if (links_ == 0) {
      std::string url = safe_link(bases_.back(), *s_.attribute(n, "href"));
      if (!url.empty()) {
        LinkTarget t{link_destination(url), ""};
        const std::string_view* title = s_.attribute(n, "title");
        if (title && !common::trim_ascii(*title).empty()) t.title = link_title(*title);
        inl().open_link(std::move(t));
        open = true;
      }
    }
    ++links_;
    ++inline_only_;
    push(i, Role::Link, open);
  }

  // The row or cell belongs to the innermost simple table being collected (not to a layout table
  // nested somewhere between them).
  bool in_simple_table(uint32_t i) const {
    for (uint32_t p = s_[i].parent; p != kNone; p = s_[p].parent) {
      if (s_[p].is_element() && s_[p].tag == "table") return !simple_tables_.empty() && simple_tables_.back() == p;
    }
    return false;
  }

  bool parent_in_thead(uint32_t cell) const {
    uint32_t row = s_[cell].parent;
    return row != kNone && parent_is(row, "thead");
  }

  void enter_table(uint32_t i, bool inline_only) {
    if (inline_only) { inl().boundary(); push(i, Role::Boundary); return; }
    TableShape shape = classify_table(s_, i);
    if (shape == TableShape::Layout) {
      start_block(2);
      push(i, Role::Block);
      return;
    }
    start_block(2);
    if (shape == TableShape::Complex) {
      layout_.line(sanitized_table_html(s_, i, bases_.back(), noise_));
      layout_.separate(2);
      return;
    }
    tables_.push_back({});
    simple_tables_.push_back(i);
    push(i, Role::Table);
  }

  std::string image(const Node& n) {
    std::string src = image_source(s_, n, bases_.back());
    if (src.empty()) return "";
    std::string md = "![";
    const std::string_view* alt = s_.attribute(n, "alt");
    if (alt) {
      append_escaped(md, common::collapse_ascii_space(*alt));
    }
    md += "](";
    md += link_destination(src);
    const std::string_view* title = s_.attribute(n, "title");
    if (title && !common::trim_ascii(*title).empty()) md += link_title(*title);
    md += ')';
    return md;
  }

  void exit(const Frame& f) {
    switch (f.role) {
      case Role::Frame:
        bases_.pop_back();
        if (inline_only_ > 0) inl().boundary(); else start_block(2);
        return;
      case Role::Block: case Role::Caption:
        start_block(2);
        return;
      case Role::Heading: {
        --inline_only_;
        std::vector<std::string> lines = inl().take_lines();
        std::string text;
        for (const std::string& l : lines) {
          if (!text.empty()) text += ' ';
          text += l;
        }
        if (text.empty()) return;
        if (text.back() == '#') text.insert(text.size() - 1, "\\");
        layout_.line(std::string(heading_level(s_[f.node]), '#') + " " + text);
        layout_.separate(2);
        return;
      }
      case Role::List:
        flush_paragraph();
        lists_.pop_back();
        layout_.separate(parent_is(f.node, "li") ? 1 : 2);
        return;
      case Role::ListItem:
        flush_paragraph();
        layout_.pop_container();  // an item that showed nothing is no bullet
        layout_.separate(1);
        return;
      case Role::Blockquote:
        flush_paragraph();
        layout_.pop_container();
        layout_.separate(2);
        return;
      case Role::Strong: case Role::Em: case Role::Del: {
        int& depth = f.role == Role::Strong ? strong_ : f.role == Role::Em ? em_ : del_;
        --depth;
        if (f.opened) inl().close(f.role == Role::Strong ? kCloseStrong : f.role == Role::Em ? kCloseEm : kCloseDel);
        return;
      }
      case Role::Link:
        --links_;
        --inline_only_;
        if (f.opened) {
          // An icon link (share buttons, logos) would vanish: it says what its picture says.
          if (inl().link_is_empty()) inl().append_text(empty_link_label(s_, noise_, f.node));
          inl().close(kCloseLink);
        }
        return;
      case Role::Table: {
        flush_paragraph();  // the caption
        std::vector<std::string> lines = gfm_table(tables_.back().rows);
        for (const std::string& l : lines) layout_.line(l);
        layout_.separate(2);
        tables_.pop_back();
        simple_tables_.pop_back();
        return;
      }
      case Role::TableRow:
        return;
      case Role::TableCell: {
        --inline_only_;
        std::vector<std::string> lines = inl().take_lines();
        inlines_.pop_back();
        std::string cell;
        for (const std::string& l : lines) {
          if (!cell.empty()) cell += "<br>";
          cell += l;
        }
        if (!tables_.empty() && !tables_.back().rows.empty())
          tables_.back().rows.back().cells.push_back(std::move(cell));
        return;
      }
      case Role::Boundary:
        inl().boundary();
        return;
      default:
        return;
    }
  }

  const snapshot::Snapshot& s_;
  const ConvertOptions& o_;
  NoiseRules noise_;
  BlockLayout layout_;
  std::vector<InlineText> inlines_;
  std::vector<Frame> stack_;
  std::vector<ListState> lists_;
  std::vector<TableState> tables_;
  std::vector<uint32_t> simple_tables_;
  std::vector<std::string> bases_;
  int inline_only_ = 0, strong_ = 0, em_ = 0, del_ = 0, links_ = 0;
};

}  // namespace

std::string convert(const snapshot::Snapshot& s, const ConvertOptions& options) {
  Machine m(s, options);
  return m.run();
}

}  // namespace dehydra::markdown
