#include "tables.hpp"

#include <cstdlib>

#include "../base/ascii_text.hpp"
#include "../common/preorder.hpp"
#include "links.hpp"

namespace dehydra::markdown {

using snapshot::kNone;
using snapshot::Node;

namespace {

bool block_tag(std::string_view t) {
  return t == "p" || t == "div" || t == "ul" || t == "ol" || t == "li" || t == "blockquote" || t == "pre" ||
         t == "h1" || t == "h2" || t == "h3" || t == "h4" || t == "h5" || t == "h6" || t == "hr" ||
         t == "dl" || t == "section" || t == "article" || t == "form" || t == "fieldset" || t == "figure";
}

bool span_above_one(const snapshot::Snapshot& s, const Node& n, const char* name) {
  const std::string_view* v = s.attribute(n, name);
  if (!v) return false;
  std::string t(common::trim_ascii(*v));
  return std::atoi(t.c_str()) > 1;
}

}  // namespace

TableShape classify_table(const snapshot::Snapshot& s, uint32_t table) {
  const std::string_view* role = s.attribute(s[table], "role");
  if (role && (common::has_token(*role, "presentation") || common::has_token(*role, "none"))) return TableShape::Layout;
  bool spans = false, blocks = false, headers = false;
  for (uint32_t n = s[table].first_child; n != kNone; ) {
    const Node& node = s[n];
    bool skip = false;
    if (node.is_element()) {
      if (node.tag == "table") return TableShape::Layout;  // tables inside tables: page layout
      if (node.tag == "th" || node.tag == "thead") headers = true;
      if ((node.tag == "td" || node.tag == "th") &&
          (span_above_one(s, node, "colspan") || span_above_one(s, node, "rowspan")))
        spans = true;
      if (block_tag(node.tag)) {
        const snapshot::Style* st = s.style(node);
        if (!st || st->display != "inline") blocks = true;
      }
      skip = node.has(snapshot::F_SVG);
    }
    n = common::preorder_next(s, n, table, skip);
  }
  if (blocks && !headers) return TableShape::Layout;
  if (spans || blocks) return TableShape::Complex;
  return TableShape::Simple;
}

std::vector<std::string> gfm_table(const std::vector<TableRow>& rows) {
  std::vector<std::string> lines;
  size_t columns = 0;
  bool any_text = false;
  for (const TableRow& r : rows) {
    if (r.cells.size() > columns) columns = r.cells.size();
    for (const std::string& c : r.cells) any_text = any_text || !c.empty();
  }
  if (columns == 0 || !any_text) return lines;
  auto row_line = [&](const std::vector<std::string>* cells) {
    std::string l = "|";
    for (size_t i = 0; i < columns; ++i) {
      l += ' ';
      if (cells && i < cells->size()) l += (*cells)[i];
      l += " |";
    }
    return l;
  };
  size_t first = 0;
  if (rows[0].header) {
    lines.push_back(row_line(&rows[0].cells));
    first = 1;
  } else {
    lines.push_back(row_line(nullptr));
  }
  std::string sep = "|";
  for (size_t i = 0; i < columns; ++i) sep += " --- |";
  lines.push_back(sep);
  for (size_t r = first; r < rows.size(); ++r) {
    if (rows[r].cells.empty()) continue;
    lines.push_back(row_line(&rows[r].cells));
  }
  return lines;
}

namespace {

bool kept_tag(std::string_view t) {
  return t == "table" || t == "caption" || t == "thead" || t == "tbody" || t == "tfoot" || t == "tr" ||
         t == "th" || t == "td" || t == "colgroup" || t == "col" || t == "p" || t == "br" || t == "b" ||
         t == "strong" || t == "i" || t == "em" || t == "code" || t == "a" || t == "ul" || t == "ol" ||
         t == "li" || t == "img" || t == "sub" || t == "sup" || t == "pre" || t == "del" || t == "s";
}
bool void_tag(std::string_view t) { return t == "br" || t == "img" || t == "col"; }

void append_html_text(std::string& out, std::string_view text, bool& space) {
  for (char c : text) {
    if (common::is_ascii_space(c)) { space = true; continue; }
    if (static_cast<unsigned char>(c) < 0x20) continue;
    if (space && !out.empty()) out += ' ';
    space = false;
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      default: out += c;
    }
  }
}

void append_attr(std::string& out, const char* name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  for (char c : value) {
    if (c == '"') out += "&quot;";
    else if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  out += '"';
}

}  // namespace

std::string sanitized_table_html(const snapshot::Snapshot& s, uint32_t table, const std::string& base,
                                 const NoiseRules& noise) {
  std::string out;
  bool space = false;
  // Closing tags are written when the walk leaves an element: track the open kept elements.
  std::vector<uint32_t> open;
  auto close_until = [&](uint32_t parent_of_next) {
    while (!open.empty() && open.back() != parent_of_next) {
      const Node& e = s[open.back()];
      out += "</";
      out.append(e.tag.data(), e.tag.size());
      out += '>';
      open.pop_back();
    }
  };
  for (uint32_t n = table; n != kNone; ) {
    const Node& node = s[n];
    while (!open.empty() && s[open.back()].depth >= node.depth) {  // pre-order: left it
      const Node& e = s[open.back()];
      out += "</";
      out.append(e.tag.data(), e.tag.size());
      out += '>';
      open.pop_back();
    }
    bool skip = false;
    if (node.is_text()) {
      if (!noise.hides_text_node(n)) append_html_text(out, node.text, space);
    } else if (node.is_element()) {
      skip = node.has(snapshot::F_CHILDREN_SKIPPED) || (n != table && noise.drops(n));
      if (!skip && kept_tag(node.tag)) {
        if (space && !out.empty()) out += ' ';
        space = false;
        out += '<';
        out.append(node.tag.data(), node.tag.size());
        for (const char* a : {"colspan", "rowspan"}) {
          const std::string_view* v = s.attribute(node, a);
          if (v && (node.tag == "td" || node.tag == "th")) append_attr(out, a, *v);
        }
        if (node.tag == "a") {
          const std::string_view* href = s.attribute(node, "href");
          std::string url = href ? safe_link(base, *href) : "";
          if (!url.empty()) append_attr(out, "href", url);
        } else if (node.tag == "img") {
          std::string src = image_source(s, node, base);
          if (!src.empty()) append_attr(out, "src", src);
          const std::string_view* alt = s.attribute(node, "alt");
          if (alt) append_attr(out, "alt", *alt);
        }
        out += '>';
        if (!void_tag(node.tag)) open.push_back(n);
      }
    }
    n = common::preorder_next(s, n, table, skip);
  }
  close_until(kNone);
  return out;
}

}  // namespace dehydra::markdown
