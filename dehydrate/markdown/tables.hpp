// Tables: GFM pipe tables for simple data tables, compact sanitized HTML for complex ones (spans,
// block content under headers), and layout tables (role=presentation, nested tables, block
// content without headers) flattened into ordinary blocks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../snapshot/arena.hpp"
#include "noise.hpp"

namespace dehydra::markdown {

enum class TableShape { Simple, Complex, Layout };

TableShape classify_table(const snapshot::Snapshot& s, uint32_t table);

struct TableRow {
  std::vector<std::string> cells;
  bool header = false;  // all cells are <th>, or the row is in <thead>
};

// GFM lines for the collected rows; empty when there is nothing to show.
std::vector<std::string> gfm_table(const std::vector<TableRow>& rows);

// The table as one line of HTML with only table structure, text, basic inline formatting and safe
// links/images kept (no attributes but colspan/rowspan/href/src/alt). Noise is left out as
// everywhere else.
std::string sanitized_table_html(const snapshot::Snapshot& s, uint32_t table, const std::string& base,
                                 const NoiseRules& noise);

}  // namespace dehydra::markdown
