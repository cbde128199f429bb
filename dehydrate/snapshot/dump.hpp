// The arena as JSON, for tests that compare it with the live DOM and for debugging.
#pragma once
#include <string>

#include "arena.hpp"

namespace dehydra::snapshot {

// {"nodes":[[kind, parent, tag-or-text, [[name,value],...], flags, hasLayout], ...],"elements":N,"page":{...}}
std::string dump_json(const Snapshot& s);

// The format constants as the compiled core knows them, to check js-shim's generated copy
// ('#snapshot-format', wasm/snapshot_format.mjs) in a page.
std::string format_constants_json();

}  // namespace dehydra::snapshot
