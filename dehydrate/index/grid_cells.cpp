#include "grid_cells.hpp"

#include "../base/ascii_text.hpp"
#include "../base/js_string.hpp"
#include "../common/preorder.hpp"
#include "element_text.hpp"

namespace dehydra::index {
namespace {
using snapshot::kNone;
using snapshot::Node;
using snapshot::NodeKind;
using snapshot::Snapshot;

// A header's text on a cell's line is capped (UTF-16 units): it names a column, it does not quote it.
constexpr uint32_t kHeaderUnits = 40;

enum class Part : uint8_t { None, Row, Cell, ColumnHeader, RowHeader };

std::string role_of(const Snapshot& s, const Node& n) {
  const std::string_view* r = s.attribute(n, "role");
  return r ? common::ascii_lower(common::js_trim(*r)) : std::string();
}

bool is_row(const Snapshot& s, const Node& n) {
  std::string role = role_of(s, n);
  return role == "row" || (role.empty() && n.tag == "tr");
}

// A `<th>` without a role or scope heads its column when its row holds no data cell.
bool th_heads_row(const Snapshot& s, const Node& th) {
  const std::string_view* scope = s.attribute(th, "scope");
  if (scope) {
    std::string v = common::ascii_lower(common::js_trim(*scope));
    if (v == "row" || v == "rowgroup") return true;
    if (v == "col" || v == "colgroup") return false;
  }
  if (th.parent == kNone) return false;
  for (uint32_t c = s.nodes[th.parent].first_child; c != kNone; c = s.nodes[c].next_sibling) {
    const Node& sib = s.nodes[c];
    if (sib.is_element() && sib.tag == "td" && role_of(s, sib).empty()) return true;
  }
  return false;
}

Part part_of(const Snapshot& s, const Node& n) {
  if (!n.is_element() || n.has(snapshot::F_SVG)) return Part::None;
  std::string role = role_of(s, n);
  if (role == "row" || (role.empty() && n.tag == "tr")) return Part::Row;
  if (role == "columnheader") return Part::ColumnHeader;
  if (role == "rowheader") return Part::RowHeader;
  if (role == "gridcell" || role == "cell") return Part::Cell;
  if (!role.empty()) return Part::None;
  if (n.tag == "td") return Part::Cell;
  if (n.tag == "th") return th_heads_row(s, n) ? Part::RowHeader : Part::ColumnHeader;
  return Part::None;
}

// A positive integer attribute (aria-rowindex, aria-colindex, colspan), else 0.
int32_t positive(const Snapshot& s, const Node& n, std::string_view name) {
  const std::string_view* v = s.attribute(n, name);
  if (!v) return 0;
  std::string_view t = common::js_trim(*v);
  if (t.empty() || t.size() > 9) return 0;
  int32_t out = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return 0;
    out = out * 10 + (c - '0');
  }
  return out;
}

uint32_t row_of(const Snapshot& s, uint32_t cell, uint32_t root) {
  for (uint32_t a = s.nodes[cell].parent; a != kNone && a != root; a = s.nodes[a].parent)
    if (s.nodes[a].is_element() && is_row(s, s.nodes[a])) return a;
  return kNone;
}
}  // namespace

bool is_grid_root(const Snapshot& s, const Node& n) {
  if (!n.is_element() || n.has(snapshot::F_SVG)) return false;
  std::string role = role_of(s, n);
  if (role == "grid" || role == "treegrid") return true;
  return n.tag == "table" && (role.empty() || role == "table");
}

bool is_grid_part(const Snapshot& s, const Node& n, const Node& grid) {
  Part part = part_of(s, n);
  if (part == Part::None) return false;
  // A row is a target of its own in a treegrid (it expands and collapses); in a grid its cells are.
  if (part == Part::Row) return s.has_attribute(n, "tabindex") && role_of(s, grid) == "treegrid";
  return s.has_attribute(n, "tabindex") || s.has_attribute(n, "aria-selected") ||
         (part != Part::Cell && s.has_attribute(n, "aria-sort"));
}

const GridPositions::Grid& GridPositions::grid(uint32_t root) {
  auto found = grids_.find(root);
  if (found != grids_.end()) return found->second;
  Grid& g = grids_[root];
  measure(root, g);
  return g;
}

// One walk of the grid in tree order: rows numbered by aria-rowindex, else by their order (header
// rows count, as ARIA counts them); columns by aria-colindex, else by their order in the row (a
// colspan moves the next one on). Nested grids and frames are their own.
void GridPositions::measure(uint32_t root, Grid& g) const {
  std::unordered_map<uint32_t, int32_t> next_column;  // row -> the column its next cell takes
  int32_t rows = 0;
  for (uint32_t j = s_.nodes[root].first_child; j != kNone;) {
    const Node& n = s_.nodes[j];
    bool own = n.kind != NodeKind::FrameDocument && !(n.is_element() && is_grid_root(s_, n));
    Part part = own ? part_of(s_, n) : Part::None;
    if (part == Part::Row) {
      int32_t at = positive(s_, n, "aria-rowindex");
      rows = at > 0 ? at : rows + 1;
      g.places[j] = Place{rows, 0};
      next_column[j] = 1;
    } else if (part != Part::None) {
      uint32_t row = row_of(s_, j, root);
      Place p;
      p.row = positive(s_, n, "aria-rowindex");
      if (p.row == 0 && row != kNone) p.row = g.places[row].row;
      int32_t& next = next_column[row];
      if (next == 0) next = 1;
      int32_t at = positive(s_, n, "aria-colindex");
      p.column = at > 0 ? at : next;
      int32_t span = positive(s_, n, "aria-colspan");
      if (span == 0) span = positive(s_, n, "colspan");
      next = p.column + (span > 0 ? span : 1);
      g.places[j] = p;
      if (part == Part::ColumnHeader && !g.headers.count(p.column)) g.headers[p.column] = header_text(j);
    }
    j = common::preorder_next(s_, j, root, !own);
  }
}

// The header's painted text, its words joined by one space.
std::string GridPositions::header_text(uint32_t header) const {
  std::string out;
  for (uint32_t j = s_.nodes[header].first_child; j != kNone;) {
    const Node& n = s_.nodes[j];
    bool hidden = n.kind == NodeKind::FrameDocument || n.has(snapshot::F_SVG) ||
                  (n.is_element() && [&] {
                    const std::string_view* v = s_.attribute(n, "aria-hidden");
                    return v && *v == "true";
                  }());
    if (n.is_text() && (st_[j].skipped || st_[j].text_shown)) {
      std::string_view part = trimmed_text(s_, j);
      if (!part.empty()) {
        if (!out.empty()) out.push_back(' ');
        out.append(part);
      }
    }
    j = common::preorder_next(s_, j, header, hidden);
  }
  return cap_with_ellipsis(common::collapse_ascii_space(out), kHeaderUnits);
}

std::string GridPositions::of(uint32_t i) {
  const NodeState& me = st_[i];
  if (!me.highlighted || me.grid == kNone) return {};
  uint32_t part_node = kNone;
  if (me.grid_part || part_of(s_, s_.nodes[i]) != Part::None) {  // a row or cell indexed for any reason
    part_node = i;
  } else {  // a control that a cell folded into stands where the cell stands
    for (uint32_t a = s_.nodes[i].parent; a != kNone && a != me.grid; a = s_.nodes[a].parent) {
      if (!st_[a].grid_part) continue;
      if (st_[a].merged_into == i) part_node = a;
      break;
    }
  }
  if (part_node == kNone) return {};
  const Grid& g = grid(me.grid);
  auto found = g.places.find(part_node);
  if (found == g.places.end()) return {};
  const Place& p = found->second;
  std::string row = p.row > 0 ? "row " + std::to_string(p.row) : std::string();
  std::string column = p.column > 0 ? "column " + std::to_string(p.column) : std::string();
  switch (part_of(s_, s_.nodes[part_node])) {
    case Part::Row:
    case Part::RowHeader:
      return row;
    case Part::ColumnHeader:
      return column;
    case Part::Cell: {
      auto header = g.headers.find(p.column);
      if (header != g.headers.end() && !header->second.empty()) column = "\"" + header->second + "\"";
      if (row.empty()) return column;
      return column.empty() ? row : row + ", " + column;
    }
    case Part::None:
      break;
  }
  return {};
}

}  // namespace dehydra::index
