// The arena as JSON, for tests that compare it with the live DOM and for debugging.
#pragma once
#include <string>

#include "arena.hpp"

namespace dehydra::snapshot {

// {"nodes":[[kind, parent, tag-or-text, [[name,value],...], flags, hasLayout], ...],"elements":N,"page":{...}}
std::string dump_json(const Snapshot& s);

// The format constants as the core knows them (the records' layouts too), to check js-shim/snapshot/format.js.
std::string format_constants_json();

}  // namespace dehydra::snapshot
