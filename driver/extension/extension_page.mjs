// One tab of the user's browser, reached through the extension: the small part of Playwright's
// Page surface that tab.mjs and the tools use, so they stay one code path. The page calls of
// page_calls.mjs run by name in the extension's content script, which carries the same bundle;
// navigation, tabs and screenshots go through the extension's APIs. What needs a debugger is
// refused before the call (refusals.mjs); the methods for it here only say so, should one be reached.
import { EventEmitter } from 'node:events';

// The extension's message when the page's document went away under a call, in the words tab.mjs
// knows a navigation by.
const GONE = /message (port|channel) closed|Receiving end does not exist|No tab with id|Frame with ID 0 was removed/i;

// Why a dialog in the user's browser is not dehydra's to answer.
export const USERS_DIALOG = 'an extension cannot answer the browser\'s own dialogs (that takes the DevTools ' +
  'protocol, and no debugger is attached): answer it in your browser, or navigate elsewhere, which closes it';

// An alert, confirm or prompt open in the user's browser (the extension's dialog_watch.js told of
// it): read as Playwright's Dialog is; only the user answers it, or a navigation closes it
// (`unanswerable` says so, in the answers of tab.mjs and state_answers.mjs).
class UsersDialog {
  constructor(type, message) {
    this.kind = type;
    this.text = message;
    this.unanswerable = USERS_DIALOG;
  }

  type() { return this.kind; }
  message() { return this.text; }
  accept() { return Promise.reject(new Error(USERS_DIALOG)); }
  dismiss() { return Promise.reject(new Error(USERS_DIALOG)); }
}

export class ExtensionPage extends EventEmitter {
  constructor(bridge, tab, openedByUser = false) {
    super();
    this.bridge = bridge;
    this.id = tab.id;
    this.address = tab.url || tab.pendingUrl || 'about:blank';
    this.openedByUser = openedByUser;
    this.frame = { tabId: tab.id };  // the main frame, as tab.mjs compares it
    this.gone = false;
    // A page that stops answering cannot be stopped here: the answers leave it to the user.
    this.usersBrowser = true;
    this.openDialog = null;
  }

  mainFrame() { return this.frame; }
  url() { return this.address; }

  async title() {
    return (await this.ask('tab', {}, 5000)).title || '';
  }

  // The extension's events for this tab (extension_context.mjs). A new document closed any dialog.
  committed(url) {
    this.address = url;
    this.dialogEvent({ closed: true });
    this.emit('framenavigated', this.frame);
  }

  // A dialog the page opened, announced as Playwright's page announces one ('dialog'), or closed,
  // which the user did ('dialogclosed', tab.mjs).
  dialogEvent(m) {
    const open = this.openDialog;
    this.openDialog = m.closed ? null : new UsersDialog(m.type, m.message);
    if (m.closed) {
      if (open) this.emit('dialogclosed', open);
    } else {
      this.emit('dialog', this.openDialog);
    }
  }

  removed() {
    this.gone = true;
    this.emit('close');
  }

  async ask(type, args, ms) {
    try {
      return await this.bridge.request(type, { tabId: this.id, ...args }, ms);
    } catch (e) {
      if (GONE.test(e.message)) throw new Error(`Execution context was destroyed (the page went away: ${e.message})`);
      throw e;
    }
  }

  // A page call by its name; a string is the evaluate tool's expression (run in the page's own
  // world, where its CSP decides), or '0', the probe whether the page answers.
  evaluate(fn, arg) {
    if (typeof fn === 'function') return this.ask('call', { name: fn.name, arg }, 120000);
    if (fn === '0') return this.ask('ping', {}, 120000);
    return this.ask('script', { source: fn }, 120000);
  }

  async goto(url, o) { await this.ask('navigate', { url, timeoutMs: o.timeout }, o.timeout + 5000); return {}; }

  // goBack, goForward: null when the history has no page that way, as Playwright answers.
  goBack(o) { return this.ask('history', { step: -1, timeoutMs: o.timeout }, o.timeout + 5000); }
  goForward(o) { return this.ask('history', { step: 1, timeoutMs: o.timeout }, o.timeout + 5000); }
  async reload(o) { await this.ask('reload', { timeoutMs: o.timeout }, o.timeout + 5000); return {}; }

  async waitForLoadState(state, o) {
    const loaded = await this.ask('loaded', { timeoutMs: o.timeout }, o.timeout + 5000);
    if (!loaded) throw new Error(`Timeout ${o.timeout}ms exceeded waiting for load`);
  }

  // The visible part of the tab, which becomes the active tab of its window to be captured.
  async screenshot(o) {
    if (o.fullPage) throw new Error('a screenshot of the whole page needs the DevTools protocol');
    const dataUrl = await this.ask('screenshot', {}, 15000);
    return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  }

  setViewportSize() { return Promise.reject(new Error('the viewport of your own browser is its window\'s')); }
  evaluateHandle() { return Promise.reject(new Error('giving files to a page needs the DevTools protocol')); }

  // A file chooser is the browser's own dialog, which the extension cannot see.
  waitForEvent() { return Promise.resolve(null); }

  bringToFront() { return this.ask('activate', {}, 5000); }

  async close() {
    if (this.gone) return;
    await this.ask('close', {}, 5000).catch(() => {});
  }
}
