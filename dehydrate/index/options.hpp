// What a dehydrate call is asked to do: Page Agent's DomConfig plus dehydra's own switches.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../base/outcome.hpp"

namespace dehydra::index {

struct IndexOptions {
  // -1: whole page. >= 0: only the viewport grown by this many pixels, with occlusion.
  double viewport_expansion = -1;
  std::vector<std::string> include_attributes;  // user patterns, before the defaults; `*` globs
  bool keep_semantic_tags = false;
  std::vector<uint32_t> blacklist;  // stable ids of elements never interactive
  std::vector<uint32_t> whitelist;  // stable ids of elements always interactive (when visible)
  // true: reproduce Page Agent 1.12.4 byte for byte, defects included (the parity baseline).
  bool page_agent_compat = false;
  // Caps in UTF-16 units (0 = none). Compat mode ignores them.
  uint32_t max_element_text = 300;
  uint32_t max_bare_text = 600;
  bool stable_indices = false;
  bool diff = false;           // print only what changed since the session's previous update
  uint32_t max_tokens = 0;     // fold runs of similar lines above about this many tokens (0 = off)
  uint32_t session = 0;        // the PageController's memory (0: none)
  // settle: append " box=x,y,w,h" (top-viewport pixels, from the snapshot) to each indexed line.
  bool boxes = false;
  // Occlusion: stable ids of candidates that a hit test found covered (viewport mode, and outside
  // an open modal in every mode), and of those it found on top.
  std::vector<uint32_t> occluded;
  std::vector<uint32_t> on_top;
  // What lies under a few viewport points (js-shim/page_controller/pointer_layers.js): per point
  // the stable ids hit, topmost first; per element hit its position, z-index and box (top viewport).
  struct PointerFact {
    uint32_t id = 0;
    std::string position, z_index;
    float x = 0, y = 0, w = 0, h = 0;
  };
  std::vector<std::vector<uint32_t>> pointer_points;
  std::vector<PointerFact> pointer_facts;
};

// The records of snapshot/format.hpp, as js-shim writes them (js-shim/page_controller/core_records.js).
// Each fills in part of `out`, or fails on a bad record and leaves `out` as it was.
// The options record: `out` becomes those options (defaults for the keys not given).
common::Outcome<bool> decode_options(const uint32_t* words, size_t word_count, const char* strings, size_t string_bytes,
                                     IndexOptions& out);
// The pointer layers record: sets out.pointer_points and out.pointer_facts.
common::Outcome<bool> decode_pointer_layers(const uint32_t* words, size_t word_count, const char* strings,
                                            size_t string_bytes, IndexOptions& out);
// The hits record: sets out.occluded and out.on_top.
common::Outcome<bool> decode_hits(const uint32_t* words, size_t word_count, IndexOptions& out);

}  // namespace dehydra::index
