// An open modal: what a user can reach while it is open is the modal's contents and what stands
// above it; everything else is behind it and is not listed (default mode, every mode).
// A modal is, in this order: the topmost <dialog> opened with showModal() (focus, then tree order,
// picks the top one), a rendered aria-modal="true" element (inside that dialog, if one is open),
// content made inert while a dialog-like element outside it shows, or a mask: a layer under every
// probe point of js-shim/page_controller/pointer_layers.js, fixed to the viewport (or placed over
// the whole page), with nothing above it but its contents and other fixed layers, hiding something.
// A modal in a same-origin frame hides only its own document. What stands above it: an element
// outside it that a hit test finds on top, and that comes after it in tree order or is in the top
// layer (for a mask, any element on top).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "node_state.hpp"
#include "options.hpp"

namespace dehydra::index {

enum class ModalKind : uint8_t { None, Dialog, AriaModal, Inert, Mask };

struct ModalLayer {
  ModalKind kind = ModalKind::None;
  uint32_t root = snapshot::kNone;    // the modal element (the mask itself for a mask)
  uint32_t dialog = snapshot::kNone;  // the top-layer <dialog> it is in, when one is open
};

// Whether a modal may be open, from the walk's facts alone (no classification): a modal dialog, an
// aria-modal or inert attribute, a positioned layer over the whole viewport under a probe point.
bool may_have_modal(const snapshot::Snapshot& s, const IndexOptions& o);

// Finds the modal from a classification (classify.hpp) of the snapshot. Never in compat mode.
ModalLayer find_modal_layer(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st);

// Ordinals of the top-document elements outside the modal that might stand above it (possible
// targets and parents of text): the shim hit-tests them and passes `occluded` and `onTop` back.
std::vector<uint32_t> above_candidates(const snapshot::Snapshot& s, const IndexOptions& o, const NodeStates& st,
                                       const ModalLayer& layer);

// Marks every node behind the modal (NodeState::behind) and makes the modal's ancestors no
// targets. A mask that hides nothing listable is no modal: `layer` is then reset.
void mark_behind(const snapshot::Snapshot& s, const IndexOptions& o, ModalLayer& layer, NodeStates& st);

// The header's line: `A modal dialog is open ("Edit profile"); 124 elements behind it are not listed.`
std::string modal_notice(const snapshot::Snapshot& s, const NodeStates& st, const ModalLayer& layer,
                         int32_t behind_count);

}  // namespace dehydra::index
