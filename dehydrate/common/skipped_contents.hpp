// Contents Chromium lays out but never paints: those of a content-visibility:hidden element (which
// hidden=until-found also sets) and those of a closed <details> other than its first <summary>.
// Their computed styles say "shown" and they may even report a box, yet a user sees none of them.
#pragma once
#include <cstdint>

#include "../snapshot/arena.hpp"

namespace dehydra::common {

// The element whose contents `node` belongs to: its parent, or the host when the parent is a
// shadow root; kNone at the top of a document.
uint32_t contents_owner(const snapshot::Snapshot& s, uint32_t node);

// `node` (any child, a shadow root's included) sits directly in contents its owner does not paint
// by content-visibility:hidden, where that applies to the owner's display.
bool in_skipped_contents(const snapshot::Snapshot& s, uint32_t node);

// `node` is a child of a closed <details> and not its first <summary>.
bool in_closed_details(const snapshot::Snapshot& s, uint32_t node);

}  // namespace dehydra::common
