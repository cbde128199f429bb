// Mirror of dehydrate/snapshot/format.hpp. The round-trip test checks the core agrees.
export const MAGIC = 0x31594844;
export const VERSION = 1;
export const NO_STRING = -1; // 0xFFFFFFFF once stored in an Int32Array
export const HEADER_WORDS = 16;
export const H = {
  MAGIC: 0, VERSION: 1, WORDS: 2, STRINGS: 3, VIEWPORT_W: 4, VIEWPORT_H: 5, SCROLL_X: 6,
  SCROLL_Y: 7, PAGE_W: 8, PAGE_H: 9, URL: 10, TITLE: 11, SEQUENCE: 12, DEVICE_PIXEL_RATIO: 13,
  ELEMENTS: 14,
};
export const KIND = { ELEMENT: 1, TEXT: 2, END: 3, SHADOW_ROOT: 4, FRAME_DOCUMENT: 5 };
export const FLAG = {
  HAS_LAYOUT: 1 << 0, CHECKED: 1 << 1, SELECTED: 1 << 2, DISABLED: 1 << 3, READONLY: 1 << 4,
  CONTENT_EDITABLE: 1 << 5, OPEN: 1 << 6, INDETERMINATE: 1 << 7, CLICK_HANDLER: 1 << 8,
  FOCUSED: 1 << 9, SVG: 1 << 10, SHADOW_HOST: 1 << 11, CHILDREN_SKIPPED: 1 << 12, TOP_LAYER: 1 << 13,
  NO_GEOMETRY: 1 << 14, SKIPS_CONTENTS: 1 << 15, SLOTTED: 1 << 16, MODAL: 1 << 17, FRAME_UNREADABLE: 1 << 18,
  OPAQUE_HOST: 1 << 19,
};
export const STYLE_WORDS = 11;
export const GEOMETRY_WORDS = 12;

// The records a dehydrate state sends besides the snapshot (format.hpp, end): the options record's
// fixed words (numbers are binary64, two words each) and the bits of its keys.
export const OPTIONS_WORDS = {
  GIVEN: 0, BOOLEANS: 1, STRINGS: 2, SESSION: 3, VIEWPORT_EXPANSION: 4, MAX_ELEMENT_TEXT: 6, MAX_BARE_TEXT: 8,
  MAX_TOKENS: 10, COUNT: 12,
};
export const OPTION_KEYS = {
  KEEP_SEMANTIC_TAGS: 1 << 0, PAGE_AGENT_COMPAT: 1 << 1, STABLE_INDICES: 1 << 2, DIFF: 1 << 3, BOXES: 1 << 4,
  VIEWPORT_EXPANSION: 1 << 5, MAX_ELEMENT_TEXT: 1 << 6, MAX_BARE_TEXT: 1 << 7, MAX_TOKENS: 1 << 8,
};
