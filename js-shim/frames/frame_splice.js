// The extension's browser state across cross-origin frames. A page cannot read a frame from another
// origin (its state names such a frame in a note), but the extension has a content script in every
// frame. FrameSplice, one per frame, reads its own document with a PageController, asks each
// foreign frame behind a note for that frame's own list (which holds its foreign frames in turn),
// splices the answer in at the note's place, and numbers the whole list on in order: the lines of
// a foreign frame read as those of a same-origin frame do, indented as its note was, with boxes in
// this frame's viewport. Actions on an index run in the frame that owns it.
// The messaging between frames is the caller's (`link`: extension/frame_link.js); a frame
// that never answers, or answers nothing usable, keeps its note. Only the extension loads this.
import { drawHighlights, removeHighlights } from '../page_controller/highlight_overlay.js';
import { DEFAULT_CONFIG } from '../page_controller/config.js';
import { itemsOf, pairNotes, render, renumbered } from './frame_items.js';

const ACTIONS = ['clickElement', 'inputText', 'selectOption', 'sendKeys', 'hover', 'dragElement', 'scroll',
  'scrollHorizontally'];
const ANSWER_MS = 4000;  // the longest the top frame waits for all its foreign frames
const CLAIM_MS = 800;    // for a frame's content script to make itself known
const BOXES = { boxes: true };

export class FrameSplice {
  // api: the dehydra object; link: {depth, open(iframe, depth, ms) -> handle|null, ask(handle, request, ms)}.
  constructor(api, link, config) {
    this.api = api;
    this.link = link;
    this.controller = new api.PageController({ ...config, highlight: false });
    this.highlightStyle = [config.highlightOpacity === undefined ? DEFAULT_CONFIG.highlightOpacity
      : config.highlightOpacity,
      config.highlightLabelOpacity === undefined ? DEFAULT_CONFIG.highlightLabelOpacity : config.highlightLabelOpacity];
    this.route = null;   // list index -> {own, item} | {child, index}; null: the controller's own numbers
    this.children = [];  // [{handle, base}] foreign frames spliced in, with their first index
    this.items = [];
  }

  // This frame's list with its foreign frames spliced in: {items, count}, numbered from 0, boxes
  // in this frame's viewport. `budget`: ms to wait for the foreign frames. Should the content not
  // read as lines of the entries (null items), the controller's own state stands, unspliced.
  async collect(budget, boxes) {
    const t0 = performance.now();
    const state = await this.controller.getBrowserState(BOXES);
    this.state = state;
    const c = this.controller;
    const items = itemsOf(state.content, c.indexes().map((index) => ({ index, ...c.rectOf(index) })));
    if (items === null) {
      if (!boxes) this.state = await this.controller.getBrowserState();
      this.route = null;
      this.children = [];
      this.items = [];
      return { items: null, count: 0 };
    }
    const pairs = pairNotes(items, document);
    const left = () => budget - (performance.now() - t0);
    const answers = await Promise.all(pairs.map(async (p) => {
      const handle = await this.link.open(p.frame.iframe, this.link.depth + p.frame.level + 1,
        Math.min(CLAIM_MS, left()));
      if (handle === null || left() < 50) return null;
      const r = await this.link.ask(handle, { type: 'frame-items', budget: left() - 150 }, left());
      return r && Array.isArray(r.items) ? { handle, items: r.items } : null;
    }));
    const out = [];
    const route = [];
    const children = [];
    let pair = 0;
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      const p = pair < pairs.length && pairs[pair].item === i ? pairs[pair] : null;
      if (p !== null) pair++;
      const answer = p === null ? null : answers[pair - 1];
      if (answer) {
        const indent = /^\t*/.exec(it.text)[0];
        children.push({ handle: answer.handle, base: route.length });
        for (const c of answer.items) {
          if (c.text !== undefined) { out.push({ text: indent + c.text }); continue; }
          const box = [c.box[0] + p.frame.x, c.box[1] + p.frame.y, c.box[2], c.box[3]];
          out.push({ indent: indent + c.indent, mark: c.mark, body: c.body, index: route.length, box });
          route.push({ child: answer.handle, index: c.index });
        }
      } else if (it.own !== undefined) {
        out.push({ ...it, index: route.length });
        route.push({ own: it.own, item: out.length - 1 });
      } else {
        out.push(it);
      }
    }
    this.route = route;
    this.children = children;
    this.items = out;
    return { items: out, count: route.length };
  }

  // The top frame's browser state: header, the spliced content, footer; highlights drawn unless
  // `highlight` is false (the driver's reading, which leaves the page as it is).
  async browserState(options) {
    const boxes = !!(options && options.boxes);
    await this.collect(ANSWER_MS, boxes);
    const s = this.state;
    if (!options || options.highlight !== false) await this.highlight(true, 0);
    const content = this.route === null ? s.content : render(this.items, boxes);
    return { url: s.url, title: s.title, header: s.header, content, footer: s.footer };
  }

  // Numbered boxes over this frame's elements (list numbers from `base`) and, through the links,
  // over those of its foreign frames.
  async highlight(on, base) {
    if (!on) {
      removeHighlights(true);
    } else if (this.route === null) {
      this.controller.drawHighlights();
    } else {
      const list = [];
      for (let g = 0; g < this.route.length; g++) {
        const r = this.route[g];
        if (r.own === undefined) continue;
        const el = this.controller.elementAt(r.own);
        const b = this.items[r.item].box;
        if (el) list.push({ index: base + g, element: el, rect: { x: b[0], y: b[1], width: b[2], height: b[3] } });
      }
      drawHighlights(document, list, this.highlightStyle[0], this.highlightStyle[1]);
    }
    await Promise.all(this.children.map((c) =>
      this.link.ask(c.handle, { type: 'frame-highlight', on, base: base + c.base }, 1000)));
  }

  // Runs action `method` (a PageController action) with `args` on list index args[0] (scroll and
  // scrollHorizontally: args[0].index, or this frame's document when absent).
  async act(method, args) {
    if (!ACTIONS.includes(method)) return { success: false, message: '❌ Unknown action ' + String(method) };
    const scrolls = method === 'scroll' || method === 'scrollHorizontally';
    const options = scrolls ? args[0] : null;
    const index = scrolls ? (options && typeof options === 'object' ? options.index : undefined) : args[0];
    if ((index === undefined && scrolls) || this.route === null) return this.controller[method](...args);
    const r = typeof index === 'number' ? this.route[index] : undefined;
    if (r === undefined) {
      return { success: false, message: '❌ No interactive element found at index ' + String(index) +
        '. Refresh the browser state and use an index from it.' };
    }
    const local = scrolls ? [{ ...options, index: r.own === undefined ? r.index : r.own }]
      : [r.own === undefined ? r.index : r.own, ...args.slice(1)];
    // A drag onto another element: both ends in one frame, numbered as that frame numbers them.
    if (method === 'dragElement' && typeof args[1] === 'number') {
      const to = this.route[args[1]];
      if (to === undefined || (to.own === undefined) !== (r.own === undefined) ||
        (r.own === undefined && to.child !== r.child)) {
        return { success: false, message: '❌ Failed to drag element: Error: Element [' + args[1] + '] is ' +
          (to === undefined ? 'not in the browser state'
            : 'in another frame: a drag stays within one document') + '.' };
      }
      local[1] = to.own === undefined ? to.index : to.own;
    }
    const back = (answer, from) => {
      const named = local[1] !== args[1] && method === 'dragElement'
        ? renumbered(answer, local[1], args[1], 'onto element (') : answer;
      return renumbered(named, from, index);
    };
    if (r.own !== undefined) return back(await this.controller[method](...local), r.own);
    const answer = await this.link.ask(r.child, { type: 'frame-act', method, args: local }, 30000);
    if (!answer || typeof answer.success !== 'boolean') {
      return { success: false, message: '❌ The frame holding index ' + index + ' did not answer' +
        (answer && answer.error ? ': ' + answer.error : '') + '. Refresh the browser state.' };
    }
    return back(answer, r.index);
  }

  dispose() {
    removeHighlights(true);
    this.controller.dispose();
  }
}
