// The page as text, through whichever of dehydra's APIs this build has: the browser state an
// agent receives, Markdown, the accessibility tree, the form tools. Used by the bookmarklet panel
// and the extension. Every view degrades to a plain note when its API is missing.
import { jsonStringify, SafeError, reflectApply } from '../safe_builtins.js';

function asText(value) {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (typeof value.markdown === 'string') return value.markdown;
    if (typeof value.text === 'string') return value.text;
  }
  return jsonStringify(value, null, 2);
}

// A browser state as one text: header, indexed content, footer.
export function stateText(s) {
  let text = '';
  if (s.header) text += s.header + '\n';
  text += s.content || '';
  if (s.footer) text += '\n' + s.footer;
  return text;
}

// People look at these numbers (the agent's defaults are nearly transparent).
export const SHOWN_HIGHLIGHTS = { highlightOpacity: 0.06, highlightLabelOpacity: 0.85 };

export class PageViews {
  constructor(api) {
    this.api = api;
    this.controller = null;
  }

  // The agent's view: header, indexed content, footer. Draws the numbered highlight overlay when
  // the controller does.
  async state() {
    const d = this.api;
    if (typeof d.PageController === 'function') {
      if (this.controller === null) this.controller = new d.PageController(SHOWN_HIGHLIGHTS);
      return stateText(await this.controller.getBrowserState());
    }
    const s = d.snapshot();
    return 'snapshot ' + s.sequence + ': ' + s.elements + ' elements (this build has no PageController yet)';
  }

  async markdown() { return this.optional('markdown', [{ mode: 'page' }]); }
  async accessibilityTree() { return this.optional('accessibilityTree', []); }
  async formTools() { return this.optional('formTools', []); }

  async optional(name, args) {
    const fn = this.api[name];
    if (typeof fn !== 'function') return '(this build of dehydra has no ' + name + '())';
    return asText(await reflectApply(fn, this.api, args));
  }

  async highlight(on) {
    if (on) { await this.state(); return; }
    if (this.controller !== null && typeof this.controller.cleanUpHighlights === 'function') {
      await this.controller.cleanUpHighlights();
    }
  }

  async view(name) {
    if (name === 'state') return this.state();
    if (name === 'markdown') return this.markdown();
    if (name === 'aria') return this.accessibilityTree();
    if (name === 'tools') return this.formTools();
    throw new SafeError('dehydra: unknown view ' + name);
  }

  dispose() {
    if (this.controller !== null) {
      if (typeof this.controller.cleanUpHighlights === 'function') this.controller.cleanUpHighlights();
      if (typeof this.controller.dispose === 'function') this.controller.dispose();
      this.controller = null;
    }
  }
}
