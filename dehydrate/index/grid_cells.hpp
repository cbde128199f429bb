// Grids and their cells. In a data grid (`role=grid` / `treegrid`, or a `<table>` whose cells take
// focus) one listener on the grid answers for every cell, so no cell looks clickable; yet a user
// focuses, selects, sorts and edits cell by cell. Default mode indexes the cells and headers that
// say so (a `tabindex`, `aria-selected`, `aria-sort`) and names each one's row and column on its
// line, as a screen reader announces them: `row 4, "Stock"`.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "node_state.hpp"

namespace dehydra::index {

// A grid, a treegrid, or a table (its own role, or none that takes the table role away).
bool is_grid_root(const snapshot::Snapshot& s, const snapshot::Node& n);
// In `grid`: a cell, row header or column header that takes focus, selection or sorting, or a
// treegrid's row that takes focus.
bool is_grid_part(const snapshot::Snapshot& s, const snapshot::Node& n, const snapshot::Node& grid);

class GridPositions {
 public:
  GridPositions(const snapshot::Snapshot& s, const NodeStates& st) : s_(s), st_(st) {}
  // Where indexed element `i` (showing `shown`) stands in its grid: `row 4, "Stock"` for a cell
  // (its row's number, its column's header, else `column 2`), `column 2` for a column header,
  // `row 4` for a row or row header, whatever made it a target; "" outside a grid, and for a cell
  // whose target names itself. A control in a cell that takes focus (a row's checkbox, a cell's
  // editor) takes the cell's.
  std::string of(uint32_t i, std::string_view shown);

 private:
  struct Place {
    int32_t row = 0, column = 0;  // 1-based, as aria-rowindex / aria-colindex count; 0: unknown
  };
  struct Grid {
    std::unordered_map<uint32_t, Place> places;       // cells, headers and rows
    std::unordered_map<int32_t, std::string> headers; // column -> its header's text
  };
  const Grid& grid(uint32_t root);
  void measure(uint32_t root, Grid& g) const;
  std::string header_text(uint32_t header) const;
  std::string painted_text(uint32_t header) const;
  bool names_itself(uint32_t i, std::string_view shown) const;
  uint32_t part_for(uint32_t i) const;

  const snapshot::Snapshot& s_;
  const NodeStates& st_;
  std::unordered_map<uint32_t, Grid> grids_;  // measured on the first cell asked about
};

}  // namespace dehydra::index
