// The constants js-shim must agree on with the core, from their one source, read once when the
// core starts (js-shim/core_module.js): the buffer format, the scroll-extents bit of boxes_wanted,
// the attributes that drop a subtree, the defaults of dehydrate's options, and how a note on a frame
// of another origin starts and ends.
#pragma once
#include <string>

namespace dehydra::session {

// {"format":{...},"scrollExtentsBit":N,"ignoringAttributes":[...],"optionDefaults":{...},
//  "foreignFrameNote":{"start":"(frame","end":"..."}}
std::string core_constants_json();

}  // namespace dehydra::session
