// Frames from other origins in one list (Chromium's out-of-process frames among them). A page
// cannot read such a frame, so its state names the frame in a note; the driver reads the frame in
// its own document with the same bundle and joins that frame's part in at the note's place,
// numbered on in order (page_calls.mjs readParts and renderParts, js-shim/frames/frame_parts.js).
// Each number's frame and own number are kept on the tab (`joined`), so actions go to that frame.
// Node only joins lines: no frame's text ever enters another frame's document.
import { inject } from './tab.mjs';
import { ToolError } from './tool_error.mjs';
import * as inPage from './page_calls.mjs';

// A frame that does not answer a trivial call within PROBE_MS is named as not read (its script does
// not yield); the reads of those that answer (the bundle injected and started in each) may take
// FRAMES_MS together.
const PROBE_MS = 2000;
const FRAMES_MS = 10000;
const MAX_DEPTH = 8;

function originOf(url) {
  try { return new URL(url).origin; } catch { return null; }
}
const sameOrigin = (url, origin) => url === '' || url.startsWith('about:') || originOf(url) === origin;

// Whether the page holds a frame of another origin than its own.
export function hasForeignFrames(page) {
  if (typeof page.frames !== 'function') return false;
  const main = page.mainFrame();
  const origin = originOf(main.url());
  return page.frames().some((f) => f !== main && !sameOrigin(f.url(), origin));
}

function within(promise, ms, late) {
  let timer;
  const bound = new Promise((resolve) => { timer = setTimeout(() => resolve(late), Math.max(0, ms)); });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

// A frame's part, read in its document (the bundle injected first when it has none).
async function readIn(frame, options) {
  const o = { ...options, changes: false, settle: null, joined: true };
  let v = await frame.evaluate(inPage.readParts, o);
  if (v.missing) {
    await inject(frame);
    v = await frame.evaluate(inPage.readParts, o);
  }
  return v;
}

// The frames behind the notes `frame` kept, each read (a node) or the reason it was not (a string).
async function readChildren(frame, options, depth, deadline) {
  const list = await frame.evaluateHandle(inPage.partFrames);
  const elements = [...(await list.getProperties()).values()];
  await list.dispose();
  return Promise.all(elements.map(async (handle) => {
    const element = handle.asElement();
    const child = element ? await element.contentFrame().catch(() => null) : null;
    await handle.dispose();
    return readFrame(child, options, depth, deadline);
  }));
}

// {frame, own, children} for a frame read, else why it was not.
async function readFrame(frame, options, depth, deadline) {
  if (!frame) return 'its document is out of reach';
  if (depth > MAX_DEPTH) return `frames nest more than ${MAX_DEPTH} deep`;
  const read = async () => {
    const probe = frame.evaluate('0').then(() => true, () => true);
    const answers = await within(probe, Math.min(PROBE_MS, deadline - Date.now()), false);
    if (!answers) return `it did not answer within ${PROBE_MS / 1000} s`;
    const v = await readIn(frame, options);
    if (v.missing) return 'dehydra could not start in it';
    if (v.state.content !== null) return 'its lines could not be told apart';
    return { frame, own: v.own, children: await readChildren(frame, options, depth + 1, deadline) };
  };
  const waited = `it was not read within ${FRAMES_MS / 1000} s`;
  const failed = (e) => `reading it failed: ${String(e.message || e).split('\n')[0]}`;
  return within(read().catch(failed), deadline - Date.now(), waited);
}

const total = (node) => node.own + node.children.reduce((n, c) => n + (typeof c === 'string' ? 0 : total(c)), 0);

// The node's lines and route (each number's {frame, own}), numbered from `base`. A frame that
// cannot be numbered now is named in its parent's node instead, and the join starts over (Retry;
// `named`: the frame was named already).
class Retry extends Error {
  constructor(named) { super('a frame changed while it was read'); this.named = named; }
}
async function renderNode(node, base, deadline) {
  const children = node.children.map((c) => (typeof c === 'string' ? c : total(c)));
  const rendering = node.frame.evaluate(inPage.renderParts, { base, children }).catch(() => null);
  const r = await within(rendering, deadline - Date.now(), null);
  if (!r) throw new Retry(false);
  const read = node.children.map((c, k) => k).filter((k) => typeof node.children[k] !== 'string');
  const lines = [];
  const route = [];
  for (let s = 0; s < r.segments.length; s++) {
    lines.push(...r.segments[s]);
    for (const own of r.owns[s]) route.push({ frame: node.frame, own });
    if (s >= read.length) continue;
    try {
      const child = await renderNode(node.children[read[s]], base + route.length, deadline);
      lines.push(...child.lines.map((line) => r.indents[s] + line));
      route.push(...child.route);
    } catch (e) {
      if (!(e instanceof Retry) || e.named) throw e;
      node.children[read[s]] = 'it changed while it was read';
      throw new Retry(true);
    }
  }
  return { lines, route };
}

// The browser state across the tab's frames, as tab.call answers ({value: {state, settle}} or
// {interrupted}); `tab.joined` then holds the route of a joined list, else null.
export async function readJoined(tab, options) {
  const r = await tab.call(inPage.readParts, { ...options, top: true, joined: !!tab.joined });
  tab.joined = null;
  if (r.interrupted || r.value.state.content !== null) return r;
  const deadline = Date.now() + FRAMES_MS;
  const main = tab.page.mainFrame();
  const top = { frame: main, own: r.value.own, children: await readChildren(main, options, 1, deadline) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { lines, route } = await renderNode(top, 0, deadline + FRAMES_MS);
      tab.joined = { route };
      return { value: { settle: r.value.settle, state: { ...r.value.state, content: lines.join('\n') } } };
    } catch (e) {
      if (!(e instanceof Retry)) throw e;
    }
  }
  throw new ToolError('the page changed while its frames were read; read the state again');
}

// The frame (null: the top document) and own number behind number `index` of the last state.
export function targetOf(tab, index) {
  if (!tab.joined || typeof index !== 'number' || index < 0) return { frame: null, index };
  const t = tab.joined.route[index];
  if (!t) throw new ToolError(`[${index}] is no number of the last state: read the state and use its numbers`);
  return { frame: t.frame === tab.page.mainFrame() ? null : t.frame, index: t.own };
}

// inPage.act's argument `a` ({method, args, then}) for the frame that holds its element: {frame, call}.
export function actionIn(tab, a) {
  const scrolls = a.method === 'scroll' || a.method === 'scrollHorizontally';
  const index = scrolls ? a.args[0].index : a.args[0];
  if (!tab.joined || typeof index !== 'number' || index < 0) return { frame: null, call: a };
  const { frame, index: own } = targetOf(tab, index);
  const args = scrolls ? [{ ...a.args[0], index: own }] : [own, ...a.args.slice(1)];
  if (a.method === 'dragElement' && typeof a.args[1] === 'number') {
    const to = targetOf(tab, a.args[1]);
    if (to.frame !== frame) {
      throw new ToolError(`drag [${index}] onto [${a.args[1]}] refused: a drag stays within one frame`);
    }
    args[1] = to.index;
  }
  const then = a.then && { ...a.then, args: [own, ...a.then.args.slice(1)] };
  return { frame, call: { ...a, args, then, shown: { from: own, to: index } } };
}

// Refuses `what` (the accessibility tree's refs, locators, labels on a screenshot: numbered by the
// top document's own controller) while the list joins frames, whose numbers are the list's.
export function refuseJoined(tab, what) {
  if (tab && tab.joined) {
    throw new ToolError(`${what} is not available on this page: its state joins frames of other origins, ` +
      'whose numbers only the state and the actions by number know');
  }
}

// The numbers in the list of `owns`, own numbers of the elements of `frame` (null: the top document).
export function listNumbers(tab, frame, owns) {
  if (!tab.joined) return owns;
  const where = frame || tab.page.mainFrame();
  const wanted = new Set(owns);
  return tab.joined.route.flatMap((t, i) => (t.frame === where && wanted.has(t.own) ? [i] : []));
}
