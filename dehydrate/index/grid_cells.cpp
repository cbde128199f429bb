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

// The header's full text: its aria-label, else its `abbr` or `title` when longer than what it
// paints (a calendar's `S` heads "Sunday"), else its painted text with an inner <abbr>'s title in
// place of the abbreviation; its words joined by one space.
std::string GridPositions::header_text(uint32_t header) const {
  const Node& h = s_.nodes[header];
  if (const std::string_view* label = s_.attribute(h, "aria-label")) {
    std::string named = common::collapse_ascii_space(*label);
    if (!named.empty()) return cap_with_ellipsis(named, kHeaderUnits);
  }
  std::string painted = painted_text(header);
  for (std::string_view name : {std::string_view("abbr"), std::string_view("title")}) {
    const std::string_view* full = s_.attribute(h, name);
    if (!full) continue;
    std::string longer = common::collapse_ascii_space(*full);
    if (longer.size() > painted.size()) return cap_with_ellipsis(longer, kHeaderUnits);
  }
  return cap_with_ellipsis(painted, kHeaderUnits);
}

std::string GridPositions::painted_text(uint32_t header) const {
  std::string out;
  auto add = [&out](std::string_view part) {
    if (part.empty()) return;
    if (!out.empty()) out.push_back(' ');
    out.append(part);
  };
  for (uint32_t j = s_.nodes[header].first_child; j != kNone;) {
    const Node& n = s_.nodes[j];
    bool hidden = n.kind == NodeKind::FrameDocument || n.has(snapshot::F_SVG) ||
                  (n.is_element() && [&] {
                    const std::string_view* v = s_.attribute(n, "aria-hidden");
                    return v && *v == "true";
                  }());
    const std::string_view* expansion = n.is_element() && n.tag == "abbr" ? s_.attribute(n, "title") : nullptr;
    if (expansion && !common::js_trim(*expansion).empty()) {
      add(common::js_trim(*expansion));
      hidden = true;  // its own text is the abbreviation
    } else if (n.is_text() && (st_[j].skipped || st_[j].text_shown)) {
      add(trimmed_text(s_, j));
    }
    j = common::preorder_next(s_, j, header, hidden);
  }
  return common::collapse_ascii_space(out);
}

// A target that names itself needs no position note: its aria-label or title says more than the
// text it shows and holds that text (a calendar's day button "Saturday, June 15, 2024" over "15"),
// or aria-labelledby names it. An icon button named "Edit" still needs its row.
bool GridPositions::names_itself(uint32_t i, std::string_view shown) const {
  const Node& n = s_.nodes[i];
  if (const std::string_view* by = s_.attribute(n, "aria-labelledby"); by && !common::js_trim(*by).empty()) return true;
  std::string text = common::collapse_ascii_space(shown);
  if (text.empty()) return false;
  for (std::string_view name : {std::string_view("aria-label"), std::string_view("title")}) {
    const std::string_view* v = s_.attribute(n, name);
    if (!v) continue;
    std::string own = common::collapse_ascii_space(*v);
    if (own.size() > text.size() && own.find(text) != std::string::npos) return true;
  }
  return false;
}

// The row, cell or header that `i` stands for: itself, or the cell holding it when that cell takes
// focus (a data grid moves focus cell by cell). A cell that is a target only by its aria-selected
// does not lend its place: selection moves, and the same day button would read differently before
// and after a click.
uint32_t GridPositions::part_for(uint32_t i) const {
  const NodeState& me = st_[i];
  if (me.grid_part || part_of(s_, s_.nodes[i]) != Part::None) return i;
  for (uint32_t a = s_.nodes[i].parent; a != kNone && a != me.grid; a = s_.nodes[a].parent) {
    if (part_of(s_, s_.nodes[a]) == Part::None) continue;
    return st_[a].grid_part && s_.has_attribute(s_.nodes[a], "tabindex") ? a : kNone;
  }
  return kNone;
}

std::string GridPositions::of(uint32_t i, std::string_view shown) {
  const NodeState& me = st_[i];
  if (!me.highlighted || me.grid == kNone) return {};
  uint32_t part_node = part_for(i);
  if (part_node == kNone) return {};
  Part part = part_of(s_, s_.nodes[part_node]);
  if (part == Part::Cell && names_itself(i, shown)) return {};
  const Grid& g = grid(me.grid);
  auto found = g.places.find(part_node);
  if (found == g.places.end()) return {};
  const Place& p = found->second;
  std::string row = p.row > 0 ? "row " + std::to_string(p.row) : std::string();
  std::string column = p.column > 0 ? "column " + std::to_string(p.column) : std::string();
  switch (part) {
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
