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
// CDP keeps the page's CSP; contexts the driver creates bypass it). `page`: a page or a frame.
export async function inject(page) {
  await page.evaluate(bundle('dehydra.iife.js'));
  const failure = await page.evaluate(() => globalThis[Symbol.for('dehydra')].ready.then(() => null,
    (e) => String(e && e.message || e)));
  if (failure === null) return;
  if (!/WebAssembly|wasm|Content.Security/i.test(failure))
    throw new Error(`dehydra did not start on this page: ${failure}`);
  await page.evaluate(bundle('dehydra.nowasm.iife.js'));
  await page.evaluate(() => globalThis[Symbol.for('dehydra')].ready);
}

// The bundle in every top-level document of `context` as it starts: the browser keeps the
// script, so a navigation costs its run, not sending half a megabyte over the protocol again
// (most of a navigation's own time otherwise). Frames skip it (the top document reads those of its
// origin; frames.mjs injects it into the others it reads). `inject` stays the way in for documents
// that began before, or refuse it.
export async function preload(context) {
  await context.addInitScript({ content: `if (globalThis.top === globalThis) {\n${bundle('dehydra.iife.js')}\n}` });
}

// A page that has not answered a probe for this long is frozen: its script does not yield. Well
// past dehydra's own longest work in a page (a state of 120,000 links takes about 4 s).
export const FREEZE_MS = 15000;
const PROBE_MS = 2000;
const within = (promise, ms) => Promise.race([promise,
  new Promise((resolve) => setTimeout(() => resolve(TIMED_OUT), ms))]);
const TIMED_OUT = Symbol('timed out');

const GONE = new RegExp('Execution context was destroyed|navigat|Target (page, context or browser )?' +
  '(has been )?closed|frame was detached|Cannot find context', 'i');

export class Tab {
  // `restartBrowser`: closes the browser, whose next call opens a fresh one.
  constructor(page, restartBrowser) {
    this.page = page;
    this.restartBrowser = restartBrowser;
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
    // The DevTools protocol where the browser speaks it (Chromium), attached while the page still
    // answers: a frozen page can be stopped through it, but no longer attached to.
    this.devtools = typeof page.context === 'function' && page.context().newCDPSession
      ? page.context().newCDPSession(page).catch(() => null) : Promise.resolve(null);
    this.frozen = null;        // how a frozen page was dealt with, while its call unwinds
    this.dialogsInRow = 0;     // dialogs opened one after another, each answered
    this.leavingPage = false;  // dialogs dismissed as they open, while the tab leaves its page
    page.on('dialog', (d) => {
      if (this.leavingPage) { d.dismiss().catch(() => {}); return; }
      this.dialog = d;
      this.dialogsInRow++;
      this.interrupt('dialog');
    });
    // A dialog answered outside the driver: by the user, in their own browser (extension_page.mjs).
    page.on('dialogclosed', (d) => { if (this.dialog === d) this.dialog = null; });
    page.on('filechooser', (c) => { this.fileChooser = c; this.interrupt('filechooser'); });
    this.joined = null;        // the last state's list joined across frames (frames.mjs), or null
    page.on('framenavigated', (f) => {
      if (f !== page.mainFrame()) return;
      this.joined = null;
      this.navigations++;
      this.documentRequests = this.requestCount;
    });
    page.on('close', () => { this.closed = true; this.interrupt('closed'); });
    this.crashed = false;      // its renderer crashed (out of memory, or killed): the tab is unusable
    page.on('crash', () => { this.crashed = true; this.interrupt('crashed'); });
    // The browser's own view of the network: every request of every frame, whoever started it.
    page.on('request', (r) => { this.inFlight.set(r, ++this.requestCount); });
    page.on('requestfinished', (r) => { this.inFlight.delete(r); });
    page.on('requestfailed', (r) => { this.inFlight.delete(r); });
    this.documentStatus = null;  // the HTTP status of the current document, {status}
    this.documentResponse = null;  // the response that brought the current document
    this.responded = new WeakSet();  // requests whose response has come (its body may still be on its way)
    page.on('response', (r) => {
      try {
        this.responded.add(r.request());
        if (r.request().isNavigationRequest() && r.frame() === page.mainFrame()) {
          this.documentStatus = { status: r.status() };
          this.documentResponse = r;
        }
      } catch {
        // a protocol that does not give these leaves the status unknown
      }
    });
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
    if (this.crashed) return 'this tab\'s page crashed';
    if (this.dialog && this.dialog.unanswerable) {
      return `a ${this.dialog.type()} dialog is open in your browser (${JSON.stringify(this.dialog.message())}): ` +
        `${this.dialog.unanswerable}`;
    }
    if (this.dialog) return `a ${this.dialog.type()} dialog is open: answer it with the dialog tool first`;
    return null;
  }

  // Runs `fn(arg)` in the page (or in its `frame`: frames.mjs), injecting dehydra when the document
  // does not have it yet.
  // Resolves {value} or {interrupted: 'dialog'|'filechooser'|'navigated'|'closed'|'frozen'|'crashed', pending}, where
  // `pending` is the call still waiting on the page.
  async call(fn, arg, frame = null) {
    const why = this.blocked();
    if (why) throw new ToolError(why);
    const where = frame || this.page;
    for (let attempt = 0; attempt < 2; attempt++) {
      const before = this.navigations;
      const work = where.evaluate(fn, arg);
      const outcome = await this.race(work, before);
      if (outcome.interrupted) return outcome;
      if (!outcome.value || !outcome.value.missing) return outcome;
      try {
        await inject(where);
      } catch (e) {
        if (this.closed) return { interrupted: 'closed' };
        if (GONE.test(e.message)) return { interrupted: 'navigated' };
        throw e;
      }
    }
    throw new Error('dehydra did not stay loaded in this page');
  }

  // The page's answer, or the first dialog or file chooser that stops it. A navigation that
  // replaces the document rejects the call: that is reported as 'navigated'. A page that stops
  // answering while the call runs is stopped (stopFrozen) and reported as 'frozen'.
  async race(work, navigationsBefore) {
    this.frozen = null;  // a stop an earlier call did not report is not this call's
    let wake;
    const stopped = new Promise((resolve) => { wake = (why) => resolve({ interrupted: why }); });
    this.wake = wake;
    const answered = work.then((value) => ({ value }), (error) => ({ error }));
    const watch = this.watch(answered);
    try {
      const first = await Promise.race([answered, stopped, watch.frozen]);
      if (first.interrupted) return { interrupted: this.frozen ? 'frozen' : first.interrupted, pending: answered };
      if (first.error) {
        if (this.frozen) return { interrupted: 'frozen', pending: answered };
        if (this.crashed) return { interrupted: 'crashed', pending: answered };
        if (this.closed) return { interrupted: 'closed', pending: answered };
        if (this.navigations !== navigationsBefore || GONE.test(first.error.message))
          return { interrupted: 'navigated', pending: answered };
        throw first.error;
      }
      this.dialogsInRow = 0;
      return first;
    } finally {
      if (this.wake === wake) this.wake = null;  // a call abandoned at its bound may end later
      watch.stop();
    }
  }

  // While `answered` is pending, probes the page every PROBE_MS; after FREEZE_MS without an
  // answer, stops it and resolves `frozen` with {interrupted: 'frozen'}.
  watch(answered) {
    let done = false;
    let resolveFrozen;
    const frozen = new Promise((resolve) => { resolveFrozen = resolve; });
    answered.then(() => { done = true; });
    (async () => {
      let lastAnswer = Date.now();
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
      while (!done && !this.closed) {
        // A document on its way holds every call until it arrives: its navigation has its own bound.
        if (this.loadingDocument() || await this.answers(PROBE_MS)) lastAnswer = Date.now();
        else if (!done && Date.now() - lastAnswer >= FREEZE_MS) {
          await this.stopFrozen();
          resolveFrozen({ interrupted: 'frozen' });
          return;
        }
        if (!done) await new Promise((resolve) => setTimeout(resolve, Math.min(PROBE_MS, 500)));
      }
    })();
    return { frozen, stop: () => { done = true; } };
  }

  // `work()` run while the page is left (a navigation): the open dialog and every one the page
  // opens meanwhile are dismissed, so a page that opens dialogs without end can still be left.
  async leaving(work) {
    this.leavingPage = true;
    const open = this.dialog;
    this.dialog = null;
    if (open) await open.dismiss().catch(() => {});
    try {
      return await work();
    } finally {
      this.leavingPage = false;
      this.dialogsInRow = 0;
    }
  }

  // Stops the tab's loading (a navigation that did not finish within its bound), as the browser's
  // stop button does, so the page there is can be read.
  async stopLoading() {
    const devtools = await this.devtools;
    if (devtools) await within(devtools.send('Page.stopLoading').catch(() => {}), PROBE_MS);
  }

  // Whether a document for the tab is on its way: a main-frame navigation's request in flight whose
  // server has not answered yet (once it has, a page that does not answer is the page's doing).
  loadingDocument() {
    for (const request of this.inFlight.keys()) {
      try {
        if (request.isNavigationRequest() && request.frame() === this.page.mainFrame() && !this.responded.has(request))
          return true;
      } catch {
        // a request the protocol no longer describes is not one
      }
    }
    return false;
  }

  // Whether the page answers a trivial call within `ms`. Through the DevTools protocol where the
  // browser speaks it, which runs it in the document there is (one still on screen while the
  // next loads); else through the driver, which may wait for a document on its way.
  async answers(ms) {
    const devtools = await this.devtools;
    const probe = devtools ? devtools.send('Runtime.evaluate', { expression: '0' }) : this.page.evaluate('0');
    return await within(probe.then(() => true, () => false), ms) === true;
  }

  // A page whose script does not yield: stopped from outside the page (the DevTools protocol's
  // Runtime.terminateExecution); where that cannot be done or does not help (Firefox over BiDi
  // has no such command, and a tab closed leaves its content process running the script), the
  // browser is restarted. A tab held by a document that never arrives has its loading stopped
  // instead. Sets and resolves `this.frozen`: 'loading', 'stopped' or 'restarted'.
  async stopFrozen() {
    const devtools = await this.devtools;
    if (devtools && this.loadingDocument()) {
      this.frozen = 'loading';
      await within(devtools.send('Page.stopLoading').catch(() => {}), PROBE_MS);
      if (await this.answers(PROBE_MS)) return this.frozen;
    }
    if (devtools) {
      this.frozen = 'stopped';
      await within(devtools.send('Runtime.terminateExecution').catch(() => {}), PROBE_MS);
      if (await this.answers(PROBE_MS)) return this.frozen;
    }
    this.frozen = 'restarted';
    this.closed = true;
    await this.restartBrowser();
    return this.frozen;
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

  // Waits for a navigation that an action announced ("leaving the page") to commit, or for
  // `instead()` to hold (a download started in its place).
  async waitForNavigation(before, timeoutMs, instead = () => false) {
    const end = Date.now() + timeoutMs;
    while (this.navigations === before && !this.closed && !instead() && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.navigations !== before;
  }
}
