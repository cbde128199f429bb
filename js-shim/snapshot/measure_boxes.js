// After a lean walk the core names the elements whose boxes it needs; this reads exactly those,
// in one batch, and hands them to the core. Records: ordinal, then the geometry words of
// dehydrate/snapshot/format.hpp.
import { GEOMETRY_WORDS } from '#snapshot-format';
import { coreConstants, unwrap } from '../core_module.js';
import { SafeInt32Array, SafeFloat32Array, reflectApply, elementGetBoundingClientRect } from '../safe_builtins.js';

const RECORD = 1 + GEOMETRY_WORDS;

// `wanted`: the core's view of ordinals (copied here before any allocation can move core memory).
// `session`: the DocumentSession of `core` that named them.
export function measureBoxes(core, session, wanted, elements) {
  // Set on ordinals whose scroll extents matter too (kScrollExtents, index/boxes_wanted.hpp).
  const SCROLL_BIT = coreConstants().scrollExtentsBit | 0;
  const ordinals = new SafeInt32Array(wanted);
  const count = ordinals.length;
  if (count === 0) return;
  const words = new SafeInt32Array(count * RECORD);
  const floats = new SafeFloat32Array(words.buffer);
  for (let k = 0; k < count; k++) {
    const ordinal = ordinals[k] & ~SCROLL_BIT;
    const el = elements[ordinal];
    const at = k * RECORD;
    words[at] = ordinal;
    const r = reflectApply(elementGetBoundingClientRect, el, []);
    // offsetWidth/Height only when the rect is empty (an inline around floats has an empty rect
    // and a size); otherwise the rect says the same for less.
    const sized = r.width > 0 && r.height > 0;
    const noOffsets = !sized && el.offsetWidth === undefined;  // SVG, MathML
    floats[at + 1] = sized || noOffsets ? r.width : el.offsetWidth;
    floats[at + 2] = sized || noOffsets ? r.height : el.offsetHeight;
    floats[at + 3] = r.x; floats[at + 4] = r.y; floats[at + 5] = r.width; floats[at + 6] = r.height;
    if ((ordinals[k] & SCROLL_BIT) !== 0) {
      floats[at + 7] = el.scrollWidth; floats[at + 8] = el.scrollHeight;
      floats[at + 9] = el.scrollLeft; floats[at + 10] = el.scrollTop;
      floats[at + 11] = el.clientWidth; floats[at + 12] = el.clientHeight;
    }
  }
  const bytes = words.length * 4;
  const ptr = core._malloc(bytes);
  let answer;
  try {
    core.HEAP32.set(words, ptr >> 2);
    answer = session.loadGeometry(ptr, count);
  } finally {
    core._free(ptr);
  }
  unwrap(answer);
}
