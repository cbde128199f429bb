// A Browsing: one browser context, its tabs, the current tab, and what happened between
// two calls (a tab opened, a dialog, a file chooser). Each method answers {text, image?}; an error
// the agent can act on is a ToolError with the whole answer as its message.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser } from './browsers.mjs';
import { Tab, preload } from './tab.mjs';
import { ToolError } from './tool_error.mjs';
import { untrusted, stateText, settleLine, effectLine } from './answer.mjs';
import * as inPage from './page_calls.mjs';

// The waits, in one place. After an action: the requests it started (as the browser sees them,
// every frame) ended, then the page quiet for a moment (its DOM, and the requests it starts
// meanwhile), bounded. After a navigation: the load event, then the same for the requests the
// new document started. The quiet is short because the requests are waited for by name: it only
// has to let the page render what their answers brought.
export const WAITS = {
  afterAction: { network: true, quietMs: 50, timeoutMs: 5000 },
  // Typing into a field that offers suggestions: those often come from a request the page starts
  // after a pause in the typing (a debounce), so the quiet covers a common pause.
  afterTypingSuggestions: { network: true, quietMs: 300, timeoutMs: 5000 },
  afterLoad: { network: true, quietMs: 50, timeoutMs: 3000 },
  loadMs: 30000,
  navigationStartMs: 3000,
};

// The evaluate tool's bound, and the most of its answer shown.
const EVALUATE_MS = 30000;
const EVALUATE_CHARS = 20000;

// `wait` with its bound cut to what is left before `deadline` (a Date.now() value).
const until = (wait, deadline) => ({ ...wait, timeoutMs: Math.max(100, deadline - Date.now()) });
const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

// What the agent is told when requests outlived the wait's bound.
function stillLoading(loading, boundMs) {
  return loading.length
    ? `Requests still in flight when the bound of ${boundMs} ms was hit: ${loading.slice(0, 3).join('; ')}. Read the state again to see what came later.`
    : '';
}

// What the agent typed as a URL: http(s), file, about, data; a path to a local file; else https.
export function pageUrl(target) {
  if (typeof target !== 'string' || !target.trim()) throw new ToolError('url must be a non-empty string');
  const t = target.trim();
  if (/^(https?|file|about|data):/i.test(t)) return t;
  if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^[a-z]:[\\/]/i.test(t) && !/^localhost:\d/i.test(t)) {
    throw new ToolError(`unsupported URL scheme in ${t} (http, https, file, about or data)`);
  }
  if (t.startsWith('/') || t.startsWith('.') || existsSync(t)) {
    const file = resolve(t);
    if (!existsSync(file)) throw new ToolError(`no such file: ${t}`);
    return pathToFileURL(file).href;
  }
  return /^(localhost|127\.|\[::1\])/i.test(t) ? `http://${t}` : `https://${t}`;
}

export class Browsing {
  constructor(options) {
    this.options = options;
    this.opened = null;
    this.tabs = [];
    this.current = null;
    this.notices = [];
    this.stateOptions = { viewport: false, maxTokens: 0 };
    this.opening = 0;  // tabs being opened by the driver itself
  }

  async start() {
    if (this.opened) return;
    this.opened = await openBrowser(this.options);
    const context = this.opened.context;
    // Only in a browser of our own: a browser reached over CDP may be the user's, whose every page
    // should not start with dehydra in it.
    if (this.opened.kind === 'chromium') await preload(context);
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
      if (this.opening > 0) return;  // one of ours (newTab), announced by its caller
      this.current = tab;  // as a browser focuses a tab a link opened
      this.notices.push(`A new tab opened (tab ${this.tabs.indexOf(tab)}) and is now the current tab.`);
    });
    if (!this.current) this.current = await this.newTab();
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
    const tab = new Tab(page);
    this.tabs.push(tab);
    page.on('close', () => {
      const i = this.tabs.indexOf(tab);
      if (i >= 0) this.tabs.splice(i, 1);
      if (this.current === tab) this.current = this.tabs[this.tabs.length - 1] || null;
    });
    return tab;
  }

  async close() {
    if (!this.opened) return;
    const opened = this.opened;
    this.opened = null;
    await opened.close().catch(() => {});
  }

  async tab() {
    await this.start();
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
  answer(ours, pageText) {
    const head = [...this.takeNotices(), ...ours].filter(Boolean).join('\n');
    if (!pageText) return { text: head };
    return { text: head ? `${head}\n${untrusted(pageText)}` : untrusted(pageText) };
  }

  async readState(tab, options) {
    const r = await tab.call(inPage.readState, options);
    if (r.interrupted) return this.interrupted(tab, r, null);
    tab.shown = { url: r.value.state.url, title: r.value.state.title };
    return r.value;
  }

  // An action's changed lines; the header (URL, title, scroll position) and footer only when they
  // moved since the state the agent last read. The action tools say that their answers hold the
  // changed lines, so the diff's own note saying so is left out.
  changedText(tab, state, scrolled) {
    const moved = scrolled || !tab.shown || tab.shown.url !== state.url || tab.shown.title !== state.title;
    tab.shown = { url: state.url, title: state.title };
    const changed = { ...state, content: state.content.replace(/^\(changes since the previous state[^\n]*\)\n/, '') };
    return moved ? stateText(changed) : changed.content;
  }

  // A call stopped by a dialog, a chooser or a navigation: what to tell the agent.
  async interrupted(tab, r, verbLine, pageMessage) {
    if (r.interrupted === 'dialog') {
      const d = tab.dialog;
      return { answer: this.answer([verbLine, `A ${d.type()} dialog is open and the page waits on it. Answer it with the dialog tool (accept or dismiss). Its message:`], d.message() || '(empty)') };
    }
    if (r.interrupted === 'filechooser') {
      return { answer: this.answer([verbLine, 'A file chooser opened. Give it files with the upload tool (the same index and the file paths).']) };
    }
    if (r.interrupted === 'closed') return { answer: this.answer([verbLine, 'The tab closed.']) };
    const problem = await tab.settleNavigation(WAITS.loadMs);
    const s = await this.loadedState(tab);
    if (s.answer) return s;
    const shown = pageMessage ? `${pageMessage}\n${stateText(s.state)}` : stateText(s.state);
    return { answer: this.answer([verbLine, `The page navigated to ${tab.url()}.`, problem, ...s.lines], shown) };
  }

  // The state of the document the tab just loaded, once it settled: the requests it started
  // ended (the browser's view, every frame), then the page quiet; read again when requests it
  // started meanwhile are still in flight; all within WAITS.afterLoad. Resolves {state, lines}
  // (our lines on the wait), or {answer} when a dialog or a navigation interrupted.
  async loadedState(tab) {
    const since = tab.documentRequests;
    const deadline = Date.now() + WAITS.afterLoad.timeoutMs;
    let s;
    do {
      await tab.requestsDone(since, deadline);
      s = await this.readState(tab, { ...this.stateOptions, settle: until(WAITS.afterLoad, deadline) });
      if (s.answer) return s;
    } while (tab.inFlightSince(since).length && Date.now() < deadline);
    // A page that settled needs no word on it; one that did not is told what still moved.
    const calm = s.settle && s.settle.stable;
    return { state: s.state, lines: [calm ? '' : settleLine(s.settle), stillLoading(tab.inFlightSince(since), WAITS.afterLoad.timeoutMs)] };
  }

  async loadedAnswer(tab, ours) {
    const s = await this.loadedState(tab);
    if (s.answer) return s.answer;
    return this.answer([...ours, ...s.lines], stateText(s.state));
  }

  async navigate(url) {
    const target = pageUrl(url);
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    let problem = null;
    try {
      await tab.page.goto(target, { waitUntil: 'load', timeout: WAITS.loadMs });
    } catch (e) {
      const message = e.message.split('\n')[0];
      if (/Timeout/i.test(message)) problem = `The page did not finish loading within ${WAITS.loadMs} ms; this is what it shows so far.`;
      else throw new ToolError(`could not open ${target}: ${message.replace(/^page\.goto: /, '')}`);
    }
    return this.loadedAnswer(tab, [problem]);
  }

  async back() {
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    const response = await tab.page.goBack({ waitUntil: 'load', timeout: WAITS.loadMs }).catch((e) => e);
    if (response instanceof Error) throw new ToolError(`could not go back: ${response.message.split('\n')[0]}`);
    if (response === null && tab.page.url() === 'about:blank') throw new ToolError('there is no earlier page in this tab');
    return this.loadedAnswer(tab, []);
  }

  async stateAnswer(tab, extra, ours) {
    const s = await this.readState(tab, { ...this.stateOptions, ...extra });
    if (s.answer) return s.answer;
    return this.answer([...ours, extra.settle ? settleLine(s.settle) : ''], stateText(s.state));
  }

  async state(args) {
    this.stateOptions = { viewport: !!args.viewport, maxTokens: args.maxTokens || 0 };
    const tab = await this.tab();
    return this.stateAnswer(tab, { changes: !!args.changes }, []);
  }

  // A PageController action by index; answers with its effect and the state's changed lines.
  // `index` names the target in our words (undefined: the page or the focused element).
  async act(verb, index, method, args, then) {
    const tab = await this.tab();
    const before = { navigations: tab.navigations, requests: tab.requestCount, at: Date.now() };
    const r = await tab.call(inPage.act, { method, args, then });
    const what = index === undefined ? verb : `${verb} [${index}]`;
    if (r.interrupted) {
      if (r.interrupted === 'dialog') tab.pendingAction = { pending: r.pending, verb, index, before };
      return (await this.interrupted(tab, r, `${what}.`)).answer;
    }
    if (r.value.refused) throw new ToolError(`${what} refused: ${r.value.refused}. Read the state (state tool) and use its indices.`);
    if (r.value.opensTab && r.value.result.success) await this.waitForNewTab(tab, WAITS.navigationStartMs);
    // Typed text left in a field with suggestions (not submitted: Enter's own request is waited for).
    const debounced = r.value.suggests && verb === 'type' && !then;
    return this.afterAction(tab, verb, index, r.value.result, before, false, debounced ? WAITS.afterTypingSuggestions : WAITS.afterAction);
  }

  async waitForNewTab(from, timeoutMs) {
    const end = Date.now() + timeoutMs;
    while (this.current === from && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // What an action did, once the page settled from it: the requests it started (as the browser
  // sees them, any frame) finished, then the page quiet, all within one bound; then the changed
  // lines, or the new page when it navigated.
  async afterAction(tab, verb, index, result, before, afterDialog, wait = WAITS.afterAction) {
    // An action held up by a dialog measured its effect while the page was blocked.
    const what = index === undefined ? verb : `${verb} [${index}]`;
    const line = afterDialog ? `${what} finished once the dialog was answered.` : effectLine(verb, index, result);
    if (!result.success && !result.effect) return { ...this.answer([line], result.message), failed: true };
    if (result.effect && result.effect.navigation === 'leaving the page') await tab.waitForNavigation(before.navigations, WAITS.navigationStartMs);
    const deadline = before.at + WAITS.afterAction.timeoutMs;
    await tab.requestsDone(before.requests, deadline);
    if (this.current !== tab && this.current) return this.openedTab(line, result.message);
    // The action itself waited until the page went quiet from it (frames with no change, its
    // animations done). When it started no request either, a second wait would only add time
    // (except where a request may follow a pause: `wait` is longer than the action's own).
    const quiet = !!(result.effect && result.effect.settled) && tab.requestCount === before.requests && !afterDialog &&
      wait === WAITS.afterAction && !tab.networkEventLagMs;
    const announced = Date.now() + tab.networkEventLagMs;
    const r = await tab.call(inPage.settleAndDiff, { settle: quiet ? null : until(wait, deadline), state: this.stateOptions });
    if (r.interrupted === 'dialog') tab.pendingAction = null;
    if (r.interrupted) return (await this.interrupted(tab, r, line)).answer;
    if (r.value.replaced) return (await this.interrupted(tab, { interrupted: 'navigated' }, line, result.message)).answer;
    if (this.current !== tab && this.current) return this.openedTab(line, result.message);
    const scrolled = !!(result.effect && result.effect.scrolled) || verb.startsWith('scroll');
    let settle = quiet ? { stable: true } : r.value.settle;
    let shown = this.changedText(tab, r.value.state, scrolled);
    // A request the page started after the first requests ended (one answer asking for more): once
    // it ended too, the whole state, since the changed lines were already taken.
    if (tab.networkEventLagMs) await sleepUntil(announced);
    while (tab.inFlightSince(before.requests).length && Date.now() < deadline) {
      await tab.requestsDone(before.requests, deadline);
      const s = await this.readState(tab, { ...this.stateOptions, settle: until(wait, deadline) });
      if (s.answer) return s.answer;
      settle = s.settle;
      shown = stateText(s.state);
    }
    const loading = tab.inFlightSince(before.requests);
    const calm = !loading.length && settle && settle.stable;
    const ours = calm ? [line.replace(/\.$/, ` (settled in ${Math.round(Date.now() - before.at)} ms).`)]
      : [line, stillLoading(loading, WAITS.afterAction.timeoutMs) || settleLine(settle)];
    const answer = this.answer(ours, `${result.message}\n${shown}`);
    return result.success ? answer : { ...answer, failed: true };
  }

  // The action opened a tab, which is now current: its page once loaded.
  async openedTab(line, message) {
    const tab = this.current;
    const problem = await tab.settleNavigation(WAITS.loadMs);
    const s = await this.loadedState(tab);
    if (s.answer) return s.answer;
    return this.answer([line, problem, ...s.lines, `Its page (${tab.url()}):`], `${message}\n${stateText(s.state)}`);
  }

  async dialog(args) {
    const tab = await this.tab();
    const d = tab.dialog;
    if (!d) throw new ToolError('no dialog is open');
    const kind = d.type();
    tab.dialog = null;
    if (args.accept) await d.accept(args.text === undefined ? undefined : String(args.text));
    else await d.dismiss();
    const ours = `The ${kind} dialog was ${args.accept ? 'accepted' : 'dismissed'}.`;
    const action = tab.pendingAction;
    tab.pendingAction = null;
    if (action) {
      const done = await Promise.race([action.pending, new Promise((r) => setTimeout(() => r(null), WAITS.afterAction.timeoutMs))]);
      if (tab.dialog) return this.answer([ours, `Another ${tab.dialog.type()} dialog opened. Its message:`], tab.dialog.message());
      if (done && done.value && done.value.result) {
        this.notices.push(ours);
        return this.afterAction(tab, action.verb, action.index, done.value.result, action.before, true);
      }
    }
    await tab.settleNavigation(WAITS.loadMs);
    return this.stateAnswer(tab, { changes: true, settle: WAITS.afterLoad }, [ours]);
  }

  async upload(index, paths) {
    const files = paths.map((p) => resolve(p));
    for (const f of files) if (!existsSync(f) || !statSync(f).isFile()) throw new ToolError(`no such file: ${f}`);
    const tab = await this.tab();
    if (tab.fileChooser) {
      const chooser = tab.fileChooser;
      tab.fileChooser = null;
      await chooser.setFiles(files);
    } else {
      const r = await tab.call(inPage.describeIndex, index);
      if (!r.value) throw new ToolError(`upload [${index}] refused: no element with that index in the last state (read the state again)`);
      if (r.value.tag === 'input' && r.value.type.toLowerCase() === 'file') {
        const handle = await tab.page.evaluateHandle(inPage.elementAt, index);
        await handle.asElement().setInputFiles(files);
        await handle.dispose();
      } else {
        // A button that opens a chooser: click it as a user would, then answer the chooser.
        const chooser = tab.page.waitForEvent('filechooser', { timeout: 3000 }).catch(() => null);
        await tab.call(inPage.act, { method: 'clickElement', args: [index] });
        const c = tab.fileChooser || await chooser;
        tab.fileChooser = null;
        if (!c) throw new ToolError(`upload [${index}] failed: element [${index}] is not a file input and clicking it opened no file chooser`);
        await c.setFiles(files);
      }
    }
    await tab.call(inPage.read, { what: 'wait', options: WAITS.afterAction });
    return this.stateAnswer(tab, { changes: true }, [`upload [${index}]: ${files.length} file(s) given.`]);
  }

  // What the page answered, as {value}; or, when a dialog or a file chooser interrupted the call,
  // {answer}: the tool's answer saying so.
  async read(what, options) {
    const tab = await this.tab();
    const r = await tab.call(inPage.read, { what, options: options || {} });
    if (r.interrupted) return { answer: (await this.interrupted(tab, r, null)).answer };
    if (r.value.error) throw new ToolError(r.value.error);
    return { value: r.value.value };
  }

  async pageTools(call) {
    const tab = await this.tab();
    const r = await tab.call(inPage.pageTools, call || null);
    if (r.interrupted) return (await this.interrupted(tab, r, null)).answer;
    const v = r.value;
    if (v.unavailable) throw new ToolError('this browser exposes no page tools (document.modelContext is missing; Chromium needs --enable-features=WebMCP, which dehydra sets when it launches Chromium)');
    if (v.error) throw new ToolError(v.error);
    if (!call) return this.answer([`The page declares ${v.tools.length} tool(s):`], JSON.stringify(v.tools));
    return this.answer([`The page's tool ${call.name} answered:`], v.value);
  }

  // The agent's own JavaScript in the page (the evaluate tool), bounded in time; a dialog or a
  // navigation it causes is reported as an action's would be.
  async evaluate(args) {
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    if (args.index !== undefined) {
      const known = await tab.call(inPage.describeIndex, args.index);
      if (!known.interrupted && !known.value) throw new ToolError(`evaluate: no element [${args.index}] in the last state (read the state and use its numbers)`);
    }
    let timer;
    const bound = new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new ToolError(`evaluate: the function did not finish within ${EVALUATE_MS / 1000} s`)), EVALUATE_MS);
    });
    const work = tab.page.evaluate(inPage.scriptExpression(args.function, args.index));
    let r;
    try {
      r = await Promise.race([tab.race(work, tab.navigations), bound]);
    } catch (e) {
      if (e instanceof ToolError) throw e;
      throw new ToolError(`evaluate: ${e.message.split('\n')[0].replace(/^[a-zA-Z.]+: /, '')}`);
    } finally {
      clearTimeout(timer);
    }
    if (r.interrupted) return (await this.interrupted(tab, r, 'evaluate was interrupted.')).answer;
    const v = r.value;
    if (v.noElement) throw new ToolError(`evaluate: element [${args.index}] left the page (read the state again)`);
    if (v.threw !== undefined) return { ...this.answer(['The function threw:'], v.threw), failed: true };
    const shown = v.json.length > EVALUATE_CHARS ? `${v.json.slice(0, EVALUATE_CHARS)}\n… (${v.json.length} characters in all)` : v.json;
    return this.answer(['The function returned:'], shown);
  }

  async resize(args) {
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    const size = { width: args.width, height: args.height };
    await tab.page.setViewportSize(size);
    this.options.viewport = size;
    return this.stateAnswer(tab, { settle: until(WAITS.afterAction, Date.now() + WAITS.afterAction.timeoutMs) }, [`The viewport is now ${size.width}×${size.height} CSS pixels.`]);
  }

  async wait(args) {
    const timeoutMs = args.timeoutMs ?? 10000;
    const tab = await this.tab();
    if (args.for === 'text') {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const r = await tab.call(inPage.hasText, args.value);
        if (r.value === true) return this.stateAnswer(tab, { changes: true }, ['The text is on the page.']);
        if (Date.now() > end) throw new ToolError(`the text did not appear within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const options = { network: args.for === 'stable', timeoutMs, quietMs: args.for === 'selector' ? 0 : 500 };
    if (args.for === 'selector') options.selector = args.value;
    const { answer, value: settle } = await this.read('wait', options);
    if (answer) return answer;
    if (!settle.stable && args.for === 'selector') throw new ToolError(`no visible element matched ${args.value} within ${timeoutMs} ms`);
    return this.stateAnswer(tab, { changes: true }, [settleLine(settle)]);
  }

  async screenshot(args) {
    const tab = await this.tab();
    const why = tab.blocked();
    if (why) throw new ToolError(why);
    if (args.labels) {
      const r = await tab.call(inPage.highlights, true);
      if (r.value === false) {
        const s = await this.readState(tab, this.stateOptions);
        if (s.answer) return s.answer;
        await tab.call(inPage.highlights, true);
      }
    }
    try {
      const png = await tab.page.screenshot({ fullPage: !!args.fullPage, type: 'png' });
      return { text: `Screenshot of ${args.fullPage ? 'the whole page' : 'the viewport'}${args.labels ? ', indexed elements boxed with their numbers' : ''}.`, image: png };
    } finally {
      if (args.labels) await tab.call(inPage.highlights, false).catch(() => {});
    }
  }

  async tabsTool(args) {
    await this.start();
    const action = args.action || 'list';
    if (action === 'new') {
      this.current = await this.newTab();
      if (args.url) return this.navigate(args.url);
    } else if (action === 'select' || action === 'close') {
      const tab = this.tabs[args.index];
      if (args.index === undefined || !tab) throw new ToolError(`no tab ${args.index} (there are ${this.tabs.length}: 0 to ${this.tabs.length - 1})`);
      if (action === 'select') {
        this.current = tab;
        await tab.page.bringToFront().catch(() => {});
        return this.stateAnswer(tab, {}, [`Tab ${args.index} is the current tab.`]);
      }
      await tab.page.close();
    } else if (action !== 'list') {
      throw new ToolError(`unknown tabs action ${action} (list, new, select or close)`);
    }
    const lines = [];
    for (let i = 0; i < this.tabs.length; i++) {
      const t = this.tabs[i];
      const title = await t.page.title().catch(() => '');
      lines.push(`${t === this.current ? '*' : ' '} ${i}: ${t.url()}${title ? ` — ${title}` : ''}`);
    }
    return this.answer([`${this.tabs.length} tab(s); * marks the current one.`], lines.join('\n'));
  }
}
