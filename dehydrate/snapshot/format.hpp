// The snapshot buffer: the contract between js-shim/snapshot/walk.js and the core. js-shim imports
// these constants as '#snapshot-format', a module wasm/snapshot_format.mjs generates from this
// header (npm run build): keep to the forms that generator lists, or the build stops.
//
// Layout: a stream of 32-bit words (header, then records) plus a string blob (UTF-8, strings joined
// by NUL). Float fields are IEEE-754 binary32 stored in the same word.
//
// Records, pre-order; every opening record is closed by an END record:
//   ELEMENT        word0 = kind | flags << 8
//                  tag, stable_id, first_seen, value, attr_count, (name, value) * attr_count,
//                  and, when flags has HAS_LAYOUT: style words, then geometry words unless flags
//                  has NO_GEOMETRY (a lean walk: the core asks for the boxes it needs afterwards).
//   TEXT           word0 = kind | text flags << 8, data   (no END)
//   SHADOW_ROOT    word0 = kind                (children: the shadow tree)
//   FRAME_DOCUMENT word0 = kind, offset_x, offset_y, url, title   (child of its <iframe>)
//   END            word0 = kind
// String fields are indices into the string table; NO_STRING marks absence.
#pragma once
#include <cstdint>

namespace dehydra::snapshot {

constexpr uint32_t kMagic = 0x31594844;  // "DHY1"
constexpr uint32_t kVersion = 2;
constexpr uint32_t kNoString = 0xFFFFFFFFu;

enum HeaderWord : uint32_t {
  H_MAGIC, H_VERSION, H_WORDS, H_STRINGS,
  H_VIEWPORT_W, H_VIEWPORT_H, H_SCROLL_X, H_SCROLL_Y, H_PAGE_W, H_PAGE_H,  // floats
  H_URL, H_TITLE, H_SEQUENCE, H_DEVICE_PIXEL_RATIO, H_ELEMENTS, H_RESERVED,
  kHeaderWords
};

enum class RecordKind : uint8_t { Element = 1, Text = 2, End = 3, ShadowRoot = 4, FrameDocument = 5 };

// Live state and facts the walker read, in word0 above the kind byte.
enum ElementFlag : uint32_t {
  F_HAS_LAYOUT = 1u << 0,        // style and geometry words follow (absent inside display:none)
  F_CHECKED = 1u << 1,
  F_SELECTED = 1u << 2,
  F_DISABLED = 1u << 3,
  F_READONLY = 1u << 4,
  F_CONTENT_EDITABLE = 1u << 5,  // reserved: editability is derived from attributes in the core
  F_OPEN = 1u << 6,
  F_INDETERMINATE = 1u << 7,
  F_CLICK_HANDLER = 1u << 8,     // onclick/onmousedown/onmouseup/ondblclick set as a property
  F_FOCUSED = 1u << 9,
  F_SVG = 1u << 10,              // SVG namespace; of its subtree only an <svg>'s <title> (not rendered) is walked
  F_SHADOW_HOST = 1u << 11,      // has an open shadow root (first child record); element children
                                 // no slot took follow it, not rendered (text too when the host is not)
  F_CHILDREN_SKIPPED = 1u << 12, // script/style/template/noscript/svg: contents not read
  F_TOP_LAYER = 1u << 13,        // in the top layer: a modal <dialog> or a popover showing
  F_NO_GEOMETRY = 1u << 14,      // HAS_LAYOUT without geometry words: the box is zero until loaded
  F_SKIPS_CONTENTS = 1u << 15,   // content-visibility:hidden (also set by hidden=until-found): the
                                 // element renders, its contents do not
  F_SLOTTED = 1u << 16,          // assigned to the <slot> it is written under: a light-DOM child of
                                 // that slot's shadow host, in the host's tree scope
  F_MODAL = 1u << 17,            // matches :modal (a <dialog> opened with showModal())
  F_FRAME_UNREADABLE = 1u << 18, // a rendered <iframe>/<frame> whose document the page cannot read
                                 // (another origin, or a sandbox without allow-same-origin)
  F_OPAQUE_HOST = 1u << 19,      // a defined custom element with no open shadow root and no child
                                 // nodes: what it renders (a closed shadow root) cannot be read
  F_IMAGE_MAP_SHOWN = 1u << 20,  // an <img usemap> whose picture has loaded: its map's areas are
                                 // links on it (a broken image shows its alt text, no regions)
};

// Flags of a TEXT record, in word0 above the kind byte.
enum TextFlag : uint32_t {
  T_GENERATED = 1u << 0,  // CSS generated content (::before / ::after) of the parent element: the
                          // first or last of its children; written outside compat mode only
};

// Style words: string ids, except opacity (float).
enum StyleWord : uint32_t {
  S_DISPLAY, S_VISIBILITY, S_CURSOR, S_POINTER_EVENTS, S_POSITION, S_OVERFLOW_X, S_OVERFLOW_Y,
  S_Z_INDEX, S_SCROLLBAR_WIDTH, S_SCROLLBAR_GUTTER, S_OPACITY,
  kStyleWords
};

// Geometry words, floats, in the coordinates of the element's own document viewport.
enum GeometryWord : uint32_t {
  G_OFFSET_W, G_OFFSET_H, G_RECT_X, G_RECT_Y, G_RECT_W, G_RECT_H,
  G_SCROLL_W, G_SCROLL_H, G_SCROLL_LEFT, G_SCROLL_TOP, G_CLIENT_W, G_CLIENT_H,
  kGeometryWords
};

constexpr uint32_t kElementFixedWords = 6;  // word0, tag, stable_id, first_seen, value, attr_count

// The records a dehydrate state sends besides the snapshot (js-shim/page_controller/core_records.js,
// read by index/options.hpp). Words, and for the first two a string table as the snapshot's.
//
// The options record, written once per state before the walk (DocumentSession::set_options):
//   O_GIVEN        OptionKey bits: the keys given; the core's default stands for the others
//   O_BOOLEANS     OptionKey bits: the value of each boolean key given
//   O_STRINGS      the string table's count
//   O_SESSION      the PageController's memory (0: none)
//   O_VIEWPORT_EXPANSION, O_MAX_ELEMENT_TEXT, O_MAX_BARE_TEXT, O_MAX_TOKENS: IEEE-754 binary64, two
//                  words each (the record is read as little-endian bytes)
//   then three lists, each a count and its items: includeAttributes (string ids), blacklist and
//   whitelist (stable ids).
// The pointer layers record (DocumentSession::occlusion_probe), what lies under a few viewport
// points (js-shim/page_controller/pointer_layers.js):
//   string count; point count, then per point a count and the stable ids hit, topmost first;
//   fact count, then per element hit the PointerFactWord words: stable id, position and z-index
//   (string ids), and x, y, w, h (floats, top viewport).
// The hits record (DocumentSession::dehydrate), what the hit test found: a count and the stable
// ids of the covered candidates, then a count and the ids of those on top.
enum OptionsWord : uint32_t {
  O_GIVEN, O_BOOLEANS, O_STRINGS, O_SESSION,
  O_VIEWPORT_EXPANSION = 4, O_MAX_ELEMENT_TEXT = 6, O_MAX_BARE_TEXT = 8, O_MAX_TOKENS = 10,
  kOptionsWords = 12
};

enum PointerFactWord : uint32_t { PF_ID, PF_POSITION, PF_Z_INDEX, PF_X, PF_Y, PF_W, PF_H, kPointerFactWords };

enum HitsList : uint32_t { HITS_COVERED, HITS_ON_TOP, kHitsLists };

enum OptionKey : uint32_t {
  OPT_KEEP_SEMANTIC_TAGS = 1u << 0,
  OPT_PAGE_AGENT_COMPAT = 1u << 1,
  OPT_STABLE_INDICES = 1u << 2,
  OPT_DIFF = 1u << 3,
  OPT_BOXES = 1u << 4,
  OPT_VIEWPORT_EXPANSION = 1u << 5,
  OPT_MAX_ELEMENT_TEXT = 1u << 6,
  OPT_MAX_BARE_TEXT = 1u << 7,
  OPT_MAX_TOKENS = 1u << 8,
};

}  // namespace dehydra::snapshot
