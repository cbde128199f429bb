// The driver's page calls (driver/page_calls.mjs), run here by name for `dehydra mcp --extension`:
// the same functions on the same bundle as in a browser the driver launches, in the content
// script's isolated world, where the page's own globals never reach them. Where the page holds
// frames of other origins, the state, the actions and the calls by number go across them
// (driver_frames.js).
import { readState, act, settleAndDiff, describeIndex, indicesWithin, highlights, read, pageTools, elementFacts,
  hasText, cssPaths, indexOfSelector, outputFormat } from '../driver/page_calls.mjs';
import { hasForeignFrames, splicedState, spliced, forget, splicedAct, ownIndex, listIndex,
  splicedHighlights } from './driver_frames.js';

// Each call with one number: the element's number in the spliced list becomes the controller's own.
const byOwnIndex = (call) => (index) => call(spliced() ? ownIndex(index) : index);

// The calls whose answers are plain data (elementAt answers an element, which a message cannot carry).
const CALLS = new Map(Object.entries({ readState: readAcross, act: actAcross, settleAndDiff: settleAcross,
  describeIndex: byOwnIndex(describeIndex), elementFacts: byOwnIndex(elementFacts), indicesWithin: withinAcross,
  highlights: (on) => (spliced() ? splicedHighlights(on) : highlights(on)), read, pageTools, hasText,
  cssPaths: (indices) => cssPaths(spliced() ? indices.map(ownIndex) : indices), indexOfSelector: selectorAcross,
  outputFormat }));

async function readAcross(o) {
  const r = await readState(o);
  if (r.missing || !hasForeignFrames()) { forget(); return r; }
  const state = await splicedState(globalThis[Symbol.for('dehydra')], o);
  return state === null ? r : { state, settle: r.settle };
}

function actAcross(a) {
  return spliced() ? splicedAct(a) : act(a);
}

// After an action on a spliced list: the page settled, then the whole list again (its numbers
// are positions, so no diff of the controller's own numbers would match them).
async function settleAcross(o) {
  if (!spliced()) return settleAndDiff(o);
  const d = globalThis[Symbol.for('dehydra')];
  const settle = o.settle ? await d.waitForStable(o.settle) : null;
  const state = await splicedState(d, o.state);
  return state === null ? settleAndDiff({ ...o, settle: null }) : { settle, state };
}

function withinAcross(index) {
  if (!spliced()) return indicesWithin(index);
  const r = indicesWithin(ownIndex(index));
  return r && { ...r, indices: r.indices.map(listIndex) };
}

function selectorAcross(selector) {
  const r = indexOfSelector(selector);
  return spliced() && r.index !== undefined ? { index: listIndex(r.index) } : r;
}

export async function driverCall(api, name, arg) {
  // page_calls.mjs finds dehydra under this symbol, as the driver's injected bundle leaves it.
  globalThis[Symbol.for('dehydra')] = api;
  const call = CALLS.get(name);
  if (!call) return { error: 'the extension runs no page call named ' + name };
  return { value: await call(arg) };
}
