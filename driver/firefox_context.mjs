// Firefox ESR over WebDriver BiDi, through puppeteer-core (Playwright's BiDi Firefox needs commands
// that ESR does not have yet). The browser is given the small part of Playwright's BrowserContext
// and Page surface the driver uses, so tab.mjs and browsing.mjs stay one code path.
import { existsSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { spawn } from 'node:child_process';
import { ToolError } from './tool_error.mjs';
import { readStorageState } from './storage_state.mjs';

const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';

// Polls the document's readyState, which BiDi answers from the page itself.
async function waitForLoad(page, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(() => document.readyState).catch(() => 'loading');
    if (state === 'complete') return;
    if (Date.now() > end) throw new Error(`Timeout ${timeoutMs}ms exceeded waiting for load`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

class FirefoxPage extends EventEmitter {
  constructor(page) {
    super();
    this.inner = page;
    // BiDi's network events come from the parent process: a request a script started may be
    // announced after the script's own answer. How long to allow for it to be seen.
    this.networkEventLagMs = 150;
    for (const event of ['dialog', 'framenavigated', 'close', 'request', 'requestfinished', 'requestfailed', 'response',
      'console', 'pageerror']) {
      page.on(event, (value) => this.emit(event, value));
    }
  }

  mainFrame() { return this.inner.mainFrame(); }
  // puppeteer's own frames: frames.mjs reads and acts in them through what both drivers share.
  frames() { return this.inner.frames(); }
  url() { return this.inner.url(); }
  title() { return this.inner.title(); }
  evaluate(fn, arg) { return arg === undefined ? this.inner.evaluate(fn) : this.inner.evaluate(fn, arg); }
  async evaluateHandle(fn, arg) {
    const handle = await this.inner.evaluateHandle(fn, arg);
    return {
      asElement: () => ({ setInputFiles: (files) => handle.asElement().uploadFile(...files) }),
      dispose: () => handle.dispose(),
    };
  }
  goto(url, o) { return this.inner.goto(url, { waitUntil: 'load', timeout: o.timeout }); }
  goBack(o) { return this.inner.goBack({ waitUntil: 'load', timeout: o.timeout }); }
  goForward(o) { return this.inner.goForward({ waitUntil: 'load', timeout: o.timeout }); }
  reload(o) { return this.inner.reload({ waitUntil: 'load', timeout: o.timeout }); }
  waitForLoadState(state, o) { return waitForLoad(this.inner, o.timeout); }
  screenshot(o) { return this.inner.screenshot({ fullPage: o.fullPage, type: 'png' }); }
  setViewportSize(size) { return this.inner.setViewport(size); }
  bringToFront() { return this.inner.bringToFront(); }
  close() { return this.inner.close(); }
  // Firefox over BiDi gives no file chooser event: a button that opens one is reported as such.
  waitForEvent() { return Promise.resolve(null); }
}

// One of puppeteer's browser contexts (the default one, or one of its own), as the driver uses a
// Playwright BrowserContext.
class FirefoxContext extends EventEmitter {
  // `own`: a context made for one caller, closed with it (the default one lives with the browser).
  constructor(browserContext, options, own) {
    super();
    this.inner = browserContext;
    this.own = own;
    this.options = options;
    this.wrapped = new Map();
    browserContext.on('targetcreated', async (target) => {
      if (target.type() !== 'page') return;
      const page = await target.page().catch(() => null);
      // BiDi gives each frame a target of type page too: a tab is a top-level page.
      const tabs = await browserContext.pages().catch(() => []);
      if (page && tabs.includes(page)) this.emit('page', await this.wrap(page));
    });
    browserContext.browser().on('disconnected', () => this.emit('close'));
  }

  async wrap(page) {
    if (!this.wrapped.has(page)) {
      const w = new FirefoxPage(page);
      this.wrapped.set(page, w);
      await page.setViewport(this.options.viewport).catch(() => {});
      if (this.options.userAgent) await page.setUserAgent(this.options.userAgent).catch(() => {});
      if (!this.options.javaScript) await page.setJavaScriptEnabled(false).catch(() => {});
    }
    return this.wrapped.get(page);
  }

  pages() { return [...this.wrapped.values()]; }

  async newPage() {
    const page = await this.inner.newPage();
    return this.wrap(page);
  }

  async close() {
    if (this.own) await this.inner.close();
    this.emit('close');
  }

  cookies() { return this.inner.cookies(); }

  async addCookies(cookies) {
    await this.inner.setCookie(...cookies.map((c) => {
      if (!c.url) return c;
      const { hostname } = new URL(c.url);
      const { url, ...rest } = c;
      return { domain: hostname, path: '/', ...rest };
    }));
  }
}

// Firefox, unlike a Chromium on Playwright's pipe, outlives a driver that was killed: a small
// watcher kills it when this process is gone (and is itself ended by a normal close).
function outlivesNoOne(child) {
  if (!child || !child.pid) return null;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
    `grep -q firefox /proc/${child.pid}/cmdline 2>/dev/null && kill -9 ${child.pid}`;
  const watcher = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watcher.unref();
  return watcher;
}

export async function launchFirefox(o) {
  const path = o.browserPath || process.env.FIREFOX || DEFAULT_FIREFOX;
  if (!existsSync(path))
    throw new ToolError(`Firefox not found at ${path} (install it: apt-get install firefox-esr, or pass ` +
    `--browser-path PATH)`);
  let puppeteer;
  try {
    puppeteer = (await import('puppeteer-core')).default;
  } catch (e) {
    throw new ToolError('cannot load puppeteer-core, which drives Firefox over WebDriver BiDi ' +
      `(${e.message.split('\n')[0]}): npm install puppeteer-core`);
  }
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: path, headless: !o.headed,
    protocol: 'webDriverBiDi', defaultViewport: o.viewport, args: o.browserArgs || [],
    ...(o.userDataDir ? { userDataDir: o.userDataDir } : {}),
    extraPrefsFirefox: { 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false } });
  // Firefox over BiDi takes a saved state's cookies; its local storage is Chromium's alone here.
  const saved = o.storageState ? readStorageState(o.storageState) : null;
  const contextOf = async (browserContext, own) => {
    const context = new FirefoxContext(browserContext, o, own);
    for (const page of await browserContext.pages()) await context.wrap(page);
    if (saved && saved.cookies.length) await context.addCookies(saved.cookies);
    return { context, close: () => context.close().catch(() => {}) };
  };
  const reaper = outlivesNoOne(browser.process());
  // A content process that runs a script without end may not let the browser close: then it is killed.
  const close = async () => {
    reaper?.kill();
    const closed = browser.close().then(() => true, () => false);
    if (!(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 5000))])))
      browser.process()?.kill('SIGKILL');
  };
  return { kind: 'firefox', firstContext: () => contextOf(browser.defaultBrowserContext(), false),
    newContext: async () => contextOf(await browser.createBrowserContext(), true), close,
      onGone: (f) => browser.on('disconnected', f) };
}
