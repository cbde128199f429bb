// What each element is to the Markdown converter: a construct chosen by tag semantics first, and
// for generic elements by computed display (block-like, inline-block "text boundary", or inline).
#pragma once
#include <cstdint>

#include "../snapshot/arena.hpp"

namespace dehydra::markdown {

enum class Role : uint8_t {
  Inline, Boundary, Block, Heading, List, ListItem, Blockquote, Pre, Code, Strong, Em, Del, Link,
  Image, Br, Hr, Table, TableRow, TableCell, Caption, Control, Frame,
};

Role role_of(const snapshot::Snapshot& s, uint32_t node);

// 1..6 for h1..h6, else 0.
int heading_level(const snapshot::Node& n);

}  // namespace dehydra::markdown
