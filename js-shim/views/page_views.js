// The page as text through dehydra's APIs: the browser state an agent receives, Markdown, the
// accessibility tree, the form tools. Used by the bookmarklet panel and the extension, whose
// bundles carry every API.
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
    if (this.controller === null) this.controller = new this.api.PageController(SHOWN_HIGHLIGHTS);
    return stateText(await this.controller.getBrowserState());
  }

  async markdown() { return this.call('markdown', [{ mode: 'page' }]); }
  async accessibilityTree() { return this.call('accessibilityTree', []); }
  async formTools() { return this.call('formTools', []); }

  async call(name, args) { return asText(await reflectApply(this.api[name], this.api, args)); }

  async highlight(on) {
    if (on) { await this.state(); return; }
    if (this.controller !== null) await this.controller.cleanUpHighlights();
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
      this.controller.cleanUpHighlights();
      this.controller.dispose();
      this.controller = null;
    }
  }
}
