// A Browsing: one browser context, its tabs, the current tab, and what happened between two
// calls (a tab opened, a dialog, a file chooser). The tools (tools/) act through it; an error the
// agent can act on is a ToolError with the whole answer as its message.
import { openBrowser } from './browsers.mjs';
import { Tab, preload } from './tab.mjs';
import { ToolError } from './tool_error.mjs';
import { untrusted } from './answer.mjs';
import { Downloads } from './downloads.mjs';
import { originScope } from './origin_scope.mjs';

// A request other than GET, HEAD or OPTIONS: a form sent, something a server keeps.
function writes(request) {
  try { return !/^(GET|HEAD|OPTIONS)$/i.test(request.method()); } catch { return false; }
}

// The default bound of an answer's page text, in tokens: under what MCP clients accept (Claude
// Code's default is 25,000).
const DEFAULT_ANSWER_TOKENS = 20000;

export class Browsing {
  // `open`: resolves the context to work in, {kind, context, close()}; by default a browser of its
  // own (browsers.mjs openBrowser), or one context of a browser shared with others (sharedBrowser).
  constructor(options, open = () => openBrowser(options)) {
    this.options = options;
    this.open = open;
    this.opened = null;
    this.tabs = [];
    this.current = null;
    this.notices = [];
    this.stateOptions = { viewport: false, maxTokens: 0 };
    this.opening = 0;  // tabs being opened by the driver itself
    this.rest = null;  // the page text an answer left out for its bound, for the more tool
    this.downloads = new Downloads(options.outputDir);
    this.scope = originScope(options.allowedOrigins, options.blockedOrigins);
    this.writesSent = 0;  // requests of any tab that may change what a server keeps (recording.mjs)
  }

  async start() {
    if (this.opened) return;
    this.opened = await this.open();
    const context = this.opened.context;
    // Only in a browser of our own: a browser reached over CDP may be the user's, whose every page
    // should not start with dehydra in it.
    if (this.opened.kind === 'chromium') await preload(context);
    if (this.scope) await this.keepInScope(context);
    // A browser closed under us (its window, a crash, a remote service ending the session): the
    // next call opens a fresh one.
    context.on('close', () => {
      if (this.opened && this.opened.context === context) {
        this.opened = null;
        this.tabs = [];
        this.current = null;
        this.notices.push('The browser had closed; this is a new one.');
      }
    });
    for (const page of context.pages()) this.adopt(page);
    context.on('page', (page) => {
      if (this.tabs.some((t) => t.page === page)) return;
      const tab = this.adopt(page);
      // One of ours (newTab), announced by its caller; or one the user opened in their own browser.
      if (this.opening > 0 || page.openedByUser) return;
      this.current = tab;  // as a browser focuses a tab a link opened
      this.notices.push(`A new tab opened (tab ${this.tabs.indexOf(tab)}) and is now the current tab.`);
    });
    // A browser of our own starts on its blank tab; in the user's (over CDP, or through the
    // extension) their tabs stay theirs, and the agent works in a tab of its own.
    if (!['cdp', 'extension'].includes(this.opened.kind) && this.tabs.length) this.current = this.tabs[0];
    if (!this.current) this.current = await this.newTab();
  }

  // Requests outside the origins asked for are aborted; a page's navigation there is named in the
  // next answer.
  async keepInScope(context) {
    await context.route('**/*', (route) => {
      const request = route.request();
      const refusal = this.scope.allows(request.url());
      if (refusal === true) return route.continue().catch(() => {});
      if (request.isNavigationRequest()) this.notices.push(`A navigation was refused: ${refusal}.`);
      return route.abort('blockedbyclient').catch(() => {});
    });
  }

  async newTab() {
    this.opening++;
    try {
      return this.adopt(await this.opened.context.newPage());
    } finally {
      this.opening--;
    }
  }

  adopt(page) {
    const known = this.tabs.find((t) => t.page === page);
    if (known) return known;
    const tab = new Tab(page, () => this.restart());
    page.on('download', (download) => this.downloads.add(download));
    page.on('request', (r) => { if (writes(r)) this.writesSent++; });
    this.tabs.push(tab);
    page.on('close', () => {
      const i = this.tabs.indexOf(tab);
      if (i >= 0) this.tabs.splice(i, 1);
      if (this.current === tab) this.current = this.tabs[this.tabs.length - 1] || null;
    });
    return tab;
  }

  // The browser closed and forgotten: the next call opens a fresh one (a page that could not be
  // stopped otherwise, Tab.stopFrozen).
  async restart() {
    this.tabs = [];
    this.current = null;
    this.restarting = true;
    try {
      await this.close();
    } finally {
      this.restarting = false;
    }
  }

  async close() {
    if (!this.opened) return;
    const opened = this.opened;
    this.opened = null;
    await opened.close().catch(() => {});
  }

  async tab() {
    await this.start();
    for (const crashed of this.tabs.filter((t) => t.crashed && !t.closed)) {
      crashed.closed = true;
      this.notices.push(`The page of a tab (${crashed.url()}) had crashed; that tab was closed.`);
      crashed.page.close().catch(() => {});
    }
    if (!this.current || this.current.closed) {
      this.current = this.tabs.find((t) => !t.closed) || await this.newTab();
    }
    return this.current;
  }

  takeNotices() {
    const n = this.notices;
    this.notices = [];
    return n;
  }

  // Our words first (notices, outcome), then the page's inside the fence.
  // Page text past the answer bound (options.maxAnswerTokens, about 4 characters a token; 0: no
  // bound) is cut at a line's end and kept for the `more` tool, and the answer says so.
  answer(ours, pageText) {
    let shown = pageText;
    let cut = '';
    const limit = (this.options.maxAnswerTokens ?? DEFAULT_ANSWER_TOKENS) * 4;
    if (limit > 0 && pageText && pageText.length > limit) {
      const end = pageText.lastIndexOf('\n', limit) > 0 ? pageText.lastIndexOf('\n', limit) : limit;
      shown = pageText.slice(0, end);
      this.rest = pageText.slice(end).replace(/^\n/, '');
      const lines = this.rest.split('\n').length;
      cut = `This answer was cut at about ${limit / 4} tokens: ${lines} more line(s), about ` +
        `${Math.ceil(this.rest.length / 4)} tokens, ` +
        'are left out. more gives the next part; find searches the whole state; state with within reads one ' +
          'element\'s part.';
    } else if (pageText) this.rest = null;
    const head = [...this.takeNotices(), ...ours, cut].filter(Boolean).join('\n');
    if (!shown) return { text: head };
    return { text: head ? `${head}\n${untrusted(shown)}` : untrusted(shown) };
  }

  // Why the opened browser cannot run tool `name` with `args` (the user's, without a debugger), or null.
  refusal(name, args) {
    return this.opened && this.opened.refusal ? this.opened.refusal(name, args) : null;
  }

  // The current tab, when nothing (a dialog, its closing) stops it from taking a call.
  async usableTab() {
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    return tab;
  }
}
