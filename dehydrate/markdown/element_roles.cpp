#include "element_roles.hpp"

#include <string_view>

namespace dehydra::markdown {

namespace {

bool default_block(std::string_view t) {
  return t == "address" || t == "article" || t == "aside" || t == "body" || t == "center" || t == "dd" ||
         t == "details" || t == "dialog" || t == "dir" || t == "div" || t == "dl" || t == "dt" ||
         t == "fieldset" || t == "figcaption" || t == "figure" || t == "footer" || t == "form" ||
         t == "header" || t == "hgroup" || t == "legend" || t == "main" || t == "nav" || t == "p" ||
         t == "section" || t == "summary" || t == "search" || t == "tbody" || t == "thead" || t == "tfoot" ||
         t == "optgroup" || t == "iframe" || t == "video" || t == "audio" || t == "canvas" || t == "noframes";
}

bool block_display(std::string_view d) {
  return d == "block" || d == "flex" || d == "grid" || d == "list-item" || d == "table" || d == "flow-root" ||
         d == "table-row" || d == "table-row-group" || d == "table-header-group" || d == "table-footer-group" ||
         d == "table-caption" || d == "ruby-base-container" || d.substr(0, 6) == "block " || d == "-webkit-box" ||
         d == "table-cell";
}

bool boundary_display(std::string_view d) {
  return d == "inline-block" || d == "inline-flex" || d == "inline-grid" || d == "inline-table" ||
         d == "-webkit-inline-box";
}

}  // namespace

int heading_level(const snapshot::Node& n) {
  if (n.tag.size() == 2 && n.tag[0] == 'h' && n.tag[1] >= '1' && n.tag[1] <= '6') return n.tag[1] - '0';
  return 0;
}

Role role_of(const snapshot::Snapshot& s, uint32_t i) {
  const snapshot::Node& n = s[i];
  if (n.kind == snapshot::NodeKind::FrameDocument) return Role::Frame;
  if (!n.is_element()) return Role::Inline;
  std::string_view t = n.tag;
  if (heading_level(n)) return Role::Heading;
  switch (t.size()) {
    case 1:
      if (t == "p") return Role::Block;
      if (t == "a") return s.has_attribute(n, "href") ? Role::Link : Role::Inline;
      if (t == "b") return Role::Strong;
      if (t == "i") return Role::Em;
      if (t == "s") return Role::Del;
      break;
    case 2:
      if (t == "ul" || t == "ol") return Role::List;
      if (t == "li") return Role::ListItem;
      if (t == "em") return Role::Em;
      if (t == "br") return Role::Br;
      if (t == "hr") return Role::Hr;
      if (t == "tr") return Role::TableRow;
      if (t == "td" || t == "th") return Role::TableCell;
      if (t == "tt") return Role::Code;
      break;
    default:
      if (t == "strong") return Role::Strong;
      if (t == "del" || t == "strike") return Role::Del;
      if (t == "code" || t == "kbd" || t == "samp") return Role::Code;
      if (t == "pre" || t == "listing" || t == "xmp" || t == "plaintext") return Role::Pre;
      if (t == "blockquote") return Role::Blockquote;
      if (t == "menu") return Role::List;
      if (t == "img") return Role::Image;
      if (t == "table") return Role::Table;
      if (t == "caption") return Role::Caption;
      if (t == "input" || t == "select" || t == "textarea") return Role::Control;
      if (t == "button") return Role::Boundary;
      break;
  }
  const snapshot::Style* st = s.style(n);
  if (st) {
    // Inside a formula every part is laid out as "block math": the formula is one run of text
    // unless the <math> element itself is a display equation.
    if (st->display == "math" || (st->display == "block math" && t != "math")) return Role::Inline;
    if (block_display(st->display)) return Role::Block;
    if (boundary_display(st->display)) return Role::Boundary;
    if (st->display == "none") return Role::Block;
    return default_block(t) && st->display != "inline" && st->display != "contents" ? Role::Block : Role::Inline;
  }
  return default_block(t) ? Role::Block : Role::Inline;
}

}  // namespace dehydra::markdown
