// The user's browser as one browsing context, through the paired extension: its tabs as pages
// (extension_page.mjs), a tab a page opens announced as Playwright's context announces one, and the
// connection's end as the context's close. Closing it leaves the browser and its tabs as they are.
import { EventEmitter } from 'node:events';
import { ExtensionPage } from './extension_page.mjs';
import { ToolError } from '../tool_error.mjs';
import { extensionRefusal } from './refusals.mjs';

// How long the first call waits for an extension to pair before saying how to pair it.
const PAIR_WAIT_MS = 20000;

class ExtensionContext extends EventEmitter {
  constructor(bridge) {
    super();
    this.bridge = bridge;
    this.byId = new Map();
    this.onEvent = (m) => this.event(m);
    this.onGone = () => this.close();
    bridge.on('event', this.onEvent);
    bridge.once('disconnected', this.onGone);
  }

  async start() {
    for (const tab of await this.bridge.request('tabs', {}, 10000)) this.wrap(tab, true);
  }

  wrap(tab, openedByUser) {
    if (!this.byId.has(tab.id)) this.byId.set(tab.id, new ExtensionPage(this.bridge, tab, openedByUser));
    return this.byId.get(tab.id);
  }

  event(m) {
    if (m.event === 'created') {
      if (this.byId.has(m.tab.id)) return;
      // A tab the user opens is listed; one a page opens becomes the agent's current tab.
      this.emit('page', this.wrap(m.tab, m.tab.openerTabId === undefined));
    } else if (m.event === 'committed') {
      this.byId.get(m.tabId)?.committed(m.url);
    } else if (m.event === 'dialog') {
      this.byId.get(m.tabId)?.dialogEvent(m);
    } else if (m.event === 'url') {
      const page = this.byId.get(m.tabId);
      if (page) page.address = m.url;  // the page's own history entry: the same document
    } else if (m.event === 'removed') {
      const page = this.byId.get(m.tabId);
      this.byId.delete(m.tabId);
      page?.removed();
    }
  }

  pages() { return [...this.byId.values()]; }

  async newPage() {
    const tab = await this.bridge.request('newTab', {}, 10000);
    return this.wrap(tab, false);
  }

  async close() {
    this.bridge.off('event', this.onEvent);
    this.bridge.off('disconnected', this.onGone);
    this.emit('close');
  }
}

// Browsing's `open` for the user's browser: {kind, context, close(), refusal(tool, args)} once an
// extension is paired.
export async function openExtension(bridge) {
  if (!(await bridge.whenPaired(PAIR_WAIT_MS))) {
    throw new ToolError(`No browser is paired with dehydra yet. ${bridge.pairingLine()} Then call again.`);
  }
  const context = new ExtensionContext(bridge);
  await context.start();
  return { kind: 'extension', context, close: () => context.close(), refusal: extensionRefusal };
}
