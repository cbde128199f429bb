// The driver's page calls (driver/page_calls.mjs), run here by name for `dehydra mcp --extension`:
// the same functions on the same bundle as in a browser the driver launches, in the content
// script's isolated world, where the page's own globals never reach them.
import { readState, act, settleAndDiff, describeIndex, indicesWithin, highlights, read, pageTools, elementFacts,
  hasText, cssPaths, indexOfSelector, outputFormat } from '../../driver/page_calls.mjs';

// The calls whose answers are plain data (elementAt answers an element, which a message cannot carry).
const CALLS = new Map(Object.entries({ readState, act, settleAndDiff, describeIndex, indicesWithin, highlights, read,
  pageTools, elementFacts, hasText, cssPaths, indexOfSelector, outputFormat }));

export async function driverCall(api, name, arg) {
  // page_calls.mjs finds dehydra under this symbol, as the driver's injected bundle leaves it.
  globalThis[Symbol.for('dehydra')] = api;
  const call = CALLS.get(name);
  if (!call) return { error: 'the extension runs no page call named ' + name };
  return { value: await call(arg) };
}
