// The driver's browser state across cross-origin frames, for `dehydra mcp --extension`: the
// panel's FrameSplice (js-shim/frames/frame_splice.js) over the driver's own controller, so a page
// with frames of other origins reads with their elements at their place, numbered on in order, and
// an action on such a number runs in the frame that owns it. A page without them reads as the
// driver reads it in a browser it launches (driver/page_calls.mjs), numbers and all.
import { FrameSplice } from '../js-shim/frames/frame_splice.js';
import { foreignFrames } from '../js-shim/frames/frame_items.js';
import { frameLink } from './frame_link.js';

const CONTROLLER = Symbol.for('dehydra.driver.controller');
let splice = null;  // the splice of the last state read, while its numbers are the agent's

// Whether the document holds a rendered frame it cannot read.
export function hasForeignFrames() {
  return foreignFrames(document).length > 0;
}

// The state across frames with the controller's settings of `o` (readState's), or null when the
// lines could not be spliced (the controller's own numbers then stand).
export async function splicedState(api, o) {
  const c = globalThis[CONTROLLER];
  if (splice === null || splice.controller !== c) {
    splice = new FrameSplice(api, frameLink, {});
    splice.controller.dispose();
    splice.controller = c;
  }
  c.config.viewportExpansion = o.viewport ? 0 : -1;
  c.config.diff = false;
  c.config.maxTokens = 0;  // folded lines do not read as the splice's items
  const s = await splice.browserState({ highlight: false });
  if (splice.route === null) { splice = null; return null; }
  return { url: s.url, title: s.title, header: s.header, content: s.content, footer: s.footer };
}

export function forget() { splice = null; }

export const spliced = () => splice !== null;

// An action by the spliced numbers: {result} as driver/page_calls.mjs act answers.
export async function splicedAct(a) {
  let result = await splice.act(a.method, a.args);
  if (a.then && result.success) {
    const second = await splice.act(a.then.method, a.then.args);
    result = { ...second, message: result.message + '\n' + second.message };
  }
  return { result, opensTab: false, suggests: false, downloads: false };
}

// The controller's own number for spliced number `index` (-1 when a frame's element holds it).
export function ownIndex(index) {
  const r = splice.route[index];
  return r && r.own !== undefined ? r.own : -1;
}

// The spliced number of the controller's own number `own`.
export function listIndex(own) {
  return splice.route.findIndex((r) => r.own === own);
}

export function splicedHighlights(on) { return splice.highlight(on, 0).then(() => true); }
