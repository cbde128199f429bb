// What an action's events changed on the page, watched from before its first event until the page
// settled from it: the DOM (one MutationObserver over the document and the shadow roots around the
// target), focus, the watched controls' state (value, checked, selected and their ARIA states),
// scrolling, new top-layer elements (modal dialogs, open popovers) and navigation.
import { SafeSet, performanceNow, mathRound, slice, append, setHas } from '../../safe_builtins.js';
import {
  SafeMutationObserver, observeAllMutations, disconnectMutations, takeMutationRecords, listen, unlisten,
  queryAll, rootNodeOf, hostOf, shadowRootOf,
} from '../../settle/captured.js';
import { attr, tagOf, windowOf, isConnected } from '../dom/dom_builtins.js';
import { shortName } from '../dom/short_name.js';
import { composedContains } from '../dom/composed_tree.js';
import { deepActiveElement } from '../dom/focus.js';

const ARIA_STATES = ['aria-checked', 'aria-selected', 'aria-expanded', 'aria-pressed'];
const TOP_LAYER = ':modal, :popover-open';

// The state a user sees on a control: [property, value] pairs.
function stateOf(el) {
  const out = [];
  const tag = tagOf(el);
  if (tag === 'input' || tag === 'textarea' || tag === 'select') append(out, ['value', el.value]);
  if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) append(out, ['checked', el.checked]);
  if (tag === 'option') append(out, ['selected', el.selected]);
  for (let i = 0; i < ARIA_STATES.length; i++) append(out, [ARIA_STATES[i], attr(el, ARIA_STATES[i])]);
  return out;
}

function topLayer(doc) {
  try { return queryAll(doc, TOP_LAYER); } catch (e) { return []; }
}

export function animationsOf(doc) {
  try { return typeof doc.getAnimations === 'function' ? doc.getAnimations() : []; } catch (e) { return []; }
}

// Running (or about to) and bound to end: endless ones (spinners) never settle.
export function isFiniteRunning(a) {
  if (a.playState !== 'running' && a.playState !== 'pending') return false;
  let end = Infinity;
  try { end = a.effect ? a.effect.getComputedTiming().endTime : Infinity; } catch (e) { end = Infinity; }
  return end === end && end < Infinity;
}

// dehydra's own UI (the demo pointer, highlight boxes) is not the page reacting.
function isOwn(node) {
  if (!node || node.nodeType !== 1) return false;
  const name = node.localName;
  return attr(node, 'data-dehydra-ignore') !== null || (name.length > 8 && slice(name, 0, 8) === 'dehydra-');
}

export class EffectWatch {
  // `controls`: the elements whose state the action means to change (duplicates and nulls allowed).
  constructor(target, controls) {
    const doc = target.ownerDocument;
    this.doc = doc;
    this.win = windowOf(target);
    this.target = target;
    this.started = performanceNow();
    this.controls = [];
    for (let i = 0; i < controls.length; i++) {
      const c = controls[i];
      let dup = !c;
      for (let j = 0; j < this.controls.length && !dup; j++) if (this.controls[j].el === c) dup = true;
      if (!dup) append(this.controls, { el: c, before: stateOf(c) });
    }
    this.focus = deepActiveElement(doc);
    this.url = this.win ? this.win.location.href : '';
    this.layer = topLayer(doc);
    this.animations = new SafeSet(animationsOf(doc));
    this.dom = { added: 0, removed: 0, attributes: 0, text: 0 };
    this.touched = [];       // elements mutated (first few), for messages and animations
    this.mutations = 0;
    this.scrolled = false;
    this.unloading = false;
    this.cancelledClick = false;
    this.onScroll = () => { this.scrolled = true; };
    this.onUnload = () => { this.unloading = true; };
    if (this.win) {
      listen(this.win, 'scroll', this.onScroll, true);
      listen(this.win, 'beforeunload', this.onUnload, true);
    }
    this.observer = SafeMutationObserver ? new SafeMutationObserver((records) => this.count(records)) : null;
    if (this.observer) {
      observeAllMutations(this.observer, doc);
      // Shadow roots around the target (a component's own tree is not in the document's).
      let n = target;
      let guard = 0;
      const own = shadowRootOf(target);
      if (own) observeAllMutations(this.observer, own);
      while (n && guard++ < 64) {
        const root = rootNodeOf(n);
        if (root.nodeType !== 11) break;
        observeAllMutations(this.observer, root);
        n = hostOf(root);
      }
    }
  }

  count(records) {
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      const el = r.target.nodeType === 1 ? r.target : r.target.parentNode;
      if (isOwn(el)) continue;
      if (r.type === 'childList') {
        let counted = false;
        for (let j = 0; j < r.addedNodes.length; j++) {
          const n = r.addedNodes[j];
          if (isOwn(n)) continue;
          if (n.nodeType === 1) this.dom.added++;
          else this.dom.text++;
          counted = true;
        }
        for (let j = 0; j < r.removedNodes.length; j++) {
          const n = r.removedNodes[j];
          if (isOwn(n)) continue;
          if (n.nodeType === 1) this.dom.removed++;
          else this.dom.text++;
          counted = true;
        }
        if (!counted) continue;
      } else if (r.type === 'attributes') this.dom.attributes++;
      else this.dom.text++;
      this.mutations++;
      if (this.touched.length < 8 && el && el.nodeType === 1) append(this.touched, el);
    }
  }

  // Takes the records not delivered yet; returns the mutation count so far.
  flush() {
    if (this.observer) this.count(takeMutationRecords(this.observer));
    return this.mutations;
  }

  isActedOn(node) {
    if (composedContains(this.target, node)) return true;
    for (let i = 0; i < this.controls.length; i++) if (composedContains(this.controls[i].el, node)) return true;
    return false;
  }

  // Finite animations and transitions the action started, still running.
  newAnimations() {
    const out = [];
    const all = animationsOf(this.doc);
    for (let i = 0; i < all.length; i++) {
      const a = all[i];
      if (!setHas(this.animations, a) && isFiniteRunning(a)) append(out, a);
    }
    return out;
  }

  stop() {
    if (this.observer) { this.flush(); disconnectMutations(this.observer); this.observer = null; }
    if (this.win) {
      unlisten(this.win, 'scroll', this.onScroll, true);
      unlisten(this.win, 'beforeunload', this.onUnload, true);
    }
  }

  // The effect, once: {changed, settled, waitedMs, dom, focus, state, scrolled, opened, navigation}.
  finish(settled) {
    this.stop();
    const state = [];
    for (let i = 0; i < this.controls.length; i++) {
      const c = this.controls[i];
      if (!isConnected(c.el)) continue;
      const now = stateOf(c.el);
      for (let j = 0; j < now.length; j++) {
        if (now[j][1] !== c.before[j][1]) {
          append(state, { element: shortName(c.el), property: now[j][0], from: c.before[j][1], to: now[j][1] });
        }
      }
    }
    const focusNow = deepActiveElement(this.doc);
    // Focus landing on what was acted on is the action itself, not news.
    const focus = focusNow !== this.focus && focusNow && focusNow !== this.doc.body && !this.isActedOn(focusNow)
      ? shortName(focusNow) : null;
    const opened = [];
    const layer = topLayer(this.doc);
    for (let i = 0; i < layer.length; i++) {
      let was = false;
      for (let j = 0; j < this.layer.length; j++) if (this.layer[j] === layer[i]) was = true;
      if (!was) append(opened, shortName(layer[i]));
    }
    const href = this.win ? this.win.location.href : '';
    const navigation = this.unloading ? 'leaving the page' : href !== this.url ? href : null;
    const d = this.dom;
    const changed = d.added + d.removed + d.attributes + d.text > 0 || focus !== null || state.length > 0 ||
      this.scrolled || opened.length > 0 || navigation !== null;
    return { changed, settled, waitedMs: mathRound(performanceNow() - this.started), dom: d, focus, state,
      scrolled: this.scrolled, opened, navigation };
  }
}

function shown(v) {
  if (v === null) return 'unset';
  if (typeof v === 'string') return '"' + (v.length > 40 ? slice(v, 0, 40) + '…' : v) + '"';
  return '' + v;
}

// The effect in words for the message: ' Effect: …' (ends `no visible change yet` when nothing).
export function effectText(e) {
  const parts = [];
  if (e.navigation !== null)
    append(parts,
    e.navigation === 'leaving the page' ? 'the page is navigating away' : 'the URL is now ' + e.navigation);
  for (let i = 0; i < e.opened.length; i++) append(parts, e.opened[i] + ' opened on top of the page');
  for (let i = 0; i < e.state.length; i++) {
    const s = e.state[i];
    append(parts, s.property + ' ' + shown(s.from) + ' → ' + shown(s.to));
  }
  if (e.focus !== null) append(parts, 'focus moved to ' + e.focus);
  const d = e.dom;
  const dom = [];
  if (d.added) append(dom, d.added + (d.added === 1 ? ' element' : ' elements') + ' added');
  if (d.removed) append(dom, d.removed + ' removed');
  if (d.attributes) append(dom, d.attributes + (d.attributes === 1 ? ' attribute' : ' attributes') + ' changed');
  if (d.text) append(dom, d.text + (d.text === 1 ? ' text' : ' texts') + ' changed');
  if (dom.length) append(parts, 'the page changed (' + joinList(dom) + ')');
  if (e.scrolled) append(parts, 'something scrolled');
  if (!e.changed) return ' Effect: no visible change yet';
  return ' Effect: ' + joinList(parts) + (e.settled ? '.' : '; still changing after ' + e.waitedMs + ' ms.');
}

// For a scroll, which says how far what moved: the effect beyond the scroll itself, or ''.
export function effectBesidesScroll(e) {
  const d = e.dom;
  const more = d.added + d.removed + d.attributes + d.text > 0 || e.focus !== null || e.state.length > 0 ||
    e.opened.length > 0 || e.navigation !== null;
  if (!more) return '';
  const rest = { changed: true, settled: e.settled, waitedMs: e.waitedMs, dom: d, focus: e.focus, state: e.state,
    scrolled: false, opened: e.opened, navigation: e.navigation };
  return effectText(rest);
}

function joinList(list) {
  let out = '';
  for (let i = 0; i < list.length; i++) out += (i ? ', ' : '') + list[i];
  return out;
}
