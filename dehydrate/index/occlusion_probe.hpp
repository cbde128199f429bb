// Occlusion in viewport mode: the core names the elements whose "is it on top?" answer matters
// (interactive candidates and parents of text, inside the viewport); the JS shim hit-tests them in
// one batch and passes the covered ones back as `occluded` (and, outside compat mode, the others
// as `onTop`) for the real dehydrate. Over the whole page, outside compat mode, it names the
// elements that may stand above an open modal (modal_layer.hpp), and none when no modal is open.
#pragma once
#include <cstdint>
#include <vector>

#include "../snapshot/arena.hpp"
#include "options.hpp"

namespace dehydra::index {

// Element ordinals: only top-document elements (Page Agent does not hit-test inside frames); the
// shim reads their box fragments when it hit-tests them.
std::vector<uint32_t> occlusion_candidates(const snapshot::Snapshot& s, const IndexOptions& o);

}  // namespace dehydra::index
