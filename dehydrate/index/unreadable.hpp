// What the page shows but cannot give us as text, named where it is instead of dropped (default
// mode): a frame from another origin (its origin and size), a custom element whose content is in a
// closed shadow root (its host), a large canvas (its label and size).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

// A note on a frame of another origin starts and ends so: the extension finds such notes by these
// (js-shim/frames/frame_splice.js, through the core's constants) to splice the frame's own list in.
constexpr std::string_view kForeignFrameNoteStart = "(frame";
constexpr std::string_view kForeignFrameNoteEnd = ": another origin; the page cannot read it)";

// Whether element i could get a note (the walk's facts alone): its box decides the rest.
bool may_be_unreadable(const snapshot::Snapshot& s, uint32_t i);

// The note for element i, e.g. `(frame from https://pay.example: 400x300px, another origin; the
// page cannot read it)`; empty when it has none.
std::string unreadable_note(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st, uint32_t i);

}  // namespace dehydra::index
