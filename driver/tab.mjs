// One browser tab as the driver sees it: dehydra injected into its current document on first need,
// in-page calls that stop at a dialog or a file chooser instead of hanging on it, and navigation
// noticed (a call whose document went away, or an action that leaves the page).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolError } from './tool_error.mjs';
import { PageLog } from './page_log.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const bundles = new Map();

function bundle(name) {
  if (!bundles.has(name)) {
    const path = join(dist, name);
    if (!existsSync(path)) throw new Error(`${path} is missing: in a clone of dehydra, run npm run build`);
    bundles.set(name, readFileSync(path, 'utf8'));
  }
  return bundles.get(name);
}

// The wasm core, and the no-wasm core where the page refuses WebAssembly (a browser reached over
// CDP keeps the page's CSP; contexts the driver creates bypass it).
export async function inject(page) {
  await page.evaluate(bundle('dehydra.iife.js'));
  const failure = await page.evaluate(() => globalThis[Symbol.for('dehydra')].ready.then(() => null, (e) => String(e && e.message || e)));
  if (failure === null) return;
  if (!/WebAssembly|wasm|Content.Security/i.test(failure)) throw new Error(`dehydra did not start on this page: ${failure}`);
  await page.evaluate(bundle('dehydra.nowasm.iife.js'));
  await page.evaluate(() => globalThis[Symbol.for('dehydra')].ready);
}

// The bundle in every top-level document of `context` as it starts: the browser keeps the
// script, so a navigation costs its run, not sending half a megabyte over the protocol again
// (most of a navigation's own time otherwise). Frames skip it (their content is read from the
// top document). `inject` stays the way in for documents that began before, or refuse it.
export async function preload(context) {
  await context.addInitScript({ content: `if (globalThis.top === globalThis) {\n${bundle('dehydra.iife.js')}\n}` });
}

const GONE = /Execution context was destroyed|navigat|Target (page, context or browser )?(has been )?closed|frame was detached|Cannot find context/i;

export class Tab {
  constructor(page) {
    this.page = page;
    this.dialog = null;        // an open alert/confirm/prompt/beforeunload, until answered
    this.fileChooser = null;   // a file chooser the page opened, until files are given
    this.navigations = 0;      // main-frame navigations seen
    this.wake = null;          // resolves a call waiting on the page when a dialog or chooser opens
    this.closed = false;
    this.requestCount = 0;     // requests the page started, numbered in order
    this.inFlight = new Map(); // request -> its number, until it finishes or fails
    this.documentRequests = 0; // requestCount when the current document committed
    // 0 when the browser announces a request before the answer of the call that started it.
    this.networkEventLagMs = page.networkEventLagMs || 0;
    this.log = new PageLog(page, () => this.navigations);
    page.on('dialog', (d) => { this.dialog = d; this.interrupt('dialog'); });
    page.on('filechooser', (c) => { this.fileChooser = c; this.interrupt('filechooser'); });
    page.on('framenavigated', (f) => {
      if (f !== page.mainFrame()) return;
      this.navigations++;
      this.documentRequests = this.requestCount;
    });
    page.on('close', () => { this.closed = true; this.interrupt('closed'); });
    // The browser's own view of the network: every request of every frame, whoever started it.
    page.on('request', (r) => { this.inFlight.set(r, ++this.requestCount); });
    page.on('requestfinished', (r) => { this.inFlight.delete(r); });
    page.on('requestfailed', (r) => { this.inFlight.delete(r); });
  }

  // Waits until no request numbered above `since` is in flight, or until `deadline` (a Date.now()
  // value). Resolves the URLs still in flight then ([] when none).
  async requestsDone(since, deadline) {
    while (this.inFlightSince(since).length && Date.now() < deadline && !this.closed) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.inFlightSince(since);
  }

  // The requests numbered above `since` still in flight, as `METHOD URL`.
  inFlightSince(since) {
    return [...this.inFlight].filter(([, n]) => n > since).map(([r]) => `${r.method()} ${r.url()}`);
  }

  interrupt(why) {
    const wake = this.wake;
    if (wake) wake(why);
  }

  url() { return this.page.url(); }

  // What blocks the page from answering, as a sentence for the agent, or null.
  blocked() {
    if (this.closed) return 'this tab was closed';
    if (this.dialog) return `a ${this.dialog.type()} dialog is open: answer it with the dialog tool first`;
    return null;
  }

  // Runs `fn(arg)` in the page, injecting dehydra when the document does not have it yet.
  // Resolves {value} or {interrupted: 'dialog'|'filechooser'|'navigated'|'closed', pending}, where
  // `pending` is the call still waiting on the page.
  async call(fn, arg) {
    const why = this.blocked();
    if (why) throw new ToolError(why);
    for (let attempt = 0; attempt < 2; attempt++) {
      const before = this.navigations;
      const work = this.page.evaluate(fn, arg);
      const outcome = await this.race(work, before);
      if (outcome.interrupted) return outcome;
      if (!outcome.value || !outcome.value.missing) return outcome;
      try {
        await inject(this.page);
      } catch (e) {
        if (this.closed) return { interrupted: 'closed' };
        if (GONE.test(e.message)) return { interrupted: 'navigated' };
        throw e;
      }
    }
    throw new Error('dehydra did not stay loaded in this page');
  }

  // The page's answer, or the first dialog or file chooser that stops it. A navigation that
  // replaces the document rejects the call: that is reported as 'navigated'.
  async race(work, navigationsBefore) {
    const stopped = new Promise((resolve) => { this.wake = (why) => resolve({ interrupted: why }); });
    const answered = work.then((value) => ({ value }), (error) => ({ error }));
    try {
      const first = await Promise.race([answered, stopped]);
      if (first.interrupted) return { interrupted: first.interrupted, pending: answered };
      if (first.error) {
        if (this.closed) return { interrupted: 'closed', pending: answered };
        if (this.navigations !== navigationsBefore || GONE.test(first.error.message)) return { interrupted: 'navigated', pending: answered };
        throw first.error;
      }
      return first;
    } finally {
      this.wake = null;
    }
  }

  // After a navigation started: its document loaded (bounded), or the reason it did not.
  async settleNavigation(timeoutMs) {
    try {
      await this.page.waitForLoadState('load', { timeout: timeoutMs });
      return null;
    } catch (e) {
      return `the new page did not finish loading within ${timeoutMs} ms`;
    }
  }

  // Waits for a navigation that an action announced ("leaving the page") to commit.
  async waitForNavigation(before, timeoutMs) {
    const end = Date.now() + timeoutMs;
    while (this.navigations === before && !this.closed && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.navigations !== before;
  }
}
