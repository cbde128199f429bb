// Opening a browser for the driver: Chromium launched here (headless unless asked), an existing
// Chromium reached over CDP (a local one started with --remote-debugging-port, or a remote browser
// service), or Firefox ESR over WebDriver BiDi. Every kind answers with the same small surface: a
// browser {kind, firstContext(), newContext(), close(), onGone(f)} whose contexts are
// {context, close()}; `context` is a Playwright BrowserContext, or an object with the same methods
// for Firefox (firefox_context.mjs). The first context of a browser reached over CDP is the user's.
import { existsSync, readFileSync } from 'node:fs';
import { ToolError } from './tool_error.mjs';
import { readStorageState } from './storage_state.mjs';

const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--enable-features=WebMCP'];

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

// Reads a cookie file: Playwright's JSON list ([{name, value, domain, path, ...}]) or the
// Netscape cookies.txt format that browser extensions and curl export.
function readCookies(file) {
  if (!existsSync(file)) throw new ToolError(`no such cookie file: ${file}`);
  const text = readFileSync(file, 'utf8');
  if (/^\s*\[/.test(text)) {
    let list;
    try { list = JSON.parse(text); } catch (e) { throw new ToolError(`${file}: not valid JSON (${e.message})`); }
    for (const c of list) {
      if (!c || typeof c.name !== 'string' || typeof c.value !== 'string' || (!c.url && !c.domain)) {
        throw new ToolError(`${file}: each cookie needs name, value and url or domain`);
      }
    }
    return list.map((c) => (c.domain && !c.path ? { ...c, path: '/' } : c));
  }
  const cookies = [];
  for (const raw of text.split('\n')) {
    const httpOnly = raw.startsWith('#HttpOnly_');
    const line = httpOnly ? raw.slice(10) : raw;
    if (!line.trim() || line.startsWith('#')) continue;
    const f = line.replace(/\r$/, '').split('\t');
    if (f.length < 7)
      throw new ToolError(`${file}: a cookies.txt line needs 7 tab-separated fields: ${line.slice(0, 80)}`);
    const expires = Number(f[4]);
    cookies.push({ domain: f[0], path: f[2] || '/', secure: f[3] === 'TRUE', expires: expires > 0 ? expires : -1,
      name: f[5], value: f[6], httpOnly });
  }
  return cookies;
}

async function loadPlaywright() {
  try {
    return (await import('playwright-core')).chromium;
  } catch (e) {
    throw new ToolError('cannot load playwright-core, the browser driver dehydra depends on ' +
      `(${e.message.split('\n')[0]}): reinstall dehydra with its dependencies`);
  }
}

function contextOptions(o) {
  const options = { viewport: o.viewport, javaScriptEnabled: o.javaScript, bypassCSP: true };
  if (o.userAgent) options.userAgent = o.userAgent;
  if (o.storageState) options.storageState = readStorageState(o.storageState);
  return options;
}

// A context of `browser` (Playwright's) and its closing.
const closable = (context) => ({ context, close: () => context.close().catch(() => {}) });

async function launchChromium(o) {
  const path = o.browserPath || process.env.CHROMIUM || DEFAULT_CHROMIUM;
  if (!existsSync(path))
    throw new ToolError(`Chromium not found at ${path} (install it: apt-get install chromium, or pass ` +
    `--browser-path PATH)`);
  const chromium = await loadPlaywright();
  const args = [...(o.headed ? [] : ['--headless']), ...CHROMIUM_FLAGS, ...(o.browserArgs || [])];
  if (o.userDataDir) {
    // A profile that stays: one context, the profile's own, shared by every caller.
    const context = await chromium.launchPersistentContext(o.userDataDir,
      { executablePath: path, headless: !o.headed, args, ...contextOptions(o) });
    const first = async () => ({ context, close: async () => {} });
    return { kind: 'chromium', firstContext: first, newContext: first, close: () => context.close(),
      onGone: (f) => context.on('close', f) };
  }
  const browser = await chromium.launch({ executablePath: path, headless: !o.headed, args });
  const newContext = async () => closable(await browser.newContext(contextOptions(o)));
  return { kind: 'chromium', firstContext: newContext, newContext, close: () => browser.close(),
    onGone: (f) => browser.on('disconnected', f) };
}

// An existing browser: its first context (the user's profile) is used as it is; the viewport and
// user agent stay the browser's own unless asked. Closing the connection leaves the browser and
// its pages running.
async function connectCdp(o) {
  const chromium = await loadPlaywright();
  let browser;
  try {
    browser = await chromium.connectOverCDP(o.cdpEndpoint, { timeout: 15000 });
  } catch (e) {
    throw new ToolError(`cannot reach a browser at ${o.cdpEndpoint}: ${e.message.split('\n')[0]}`);
  }
  const newContext = async () => closable(await browser.newContext(contextOptions(o)));
  const firstContext = async () => (browser.contexts()[0] ? { context: browser.contexts()[0], close: async () => {} }
    : newContext());
  return { kind: 'cdp', firstContext, newContext, close: () => browser.close(),
    onGone: (f) => browser.on('disconnected', f) };
}

// The browser `o` asks for, launched or reached; its contexts start with the cookies of `o`.
export async function launchBrowser(o) {
  const cookies = o.cookies ? readCookies(o.cookies) : null;  // a bad file fails before any launch
  if (o.storageState) readStorageState(o.storageState);
  let browser;
  if (o.cdpEndpoint) browser = await connectCdp(o);
  else if (o.browser === 'firefox') browser = await (await import('./firefox_context.mjs')).launchFirefox(o);
  else if (o.browser === 'chromium') browser = await launchChromium(o);
  else throw new ToolError(`unknown browser ${o.browser} (chromium or firefox)`);
  const withCookies = (open) => async () => {
    const opened = await open();
    if (cookies) await opened.context.addCookies(cookies);
    return opened;
  };
  return { ...browser, firstContext: withCookies(browser.firstContext), newContext: withCookies(browser.newContext) };
}

// One browser with one context, closed together: {kind, context, close()}.
export async function openBrowser(o) {
  const browser = await launchBrowser(o);
  const { context } = await browser.firstContext();
  return { kind: browser.kind, context, close: () => browser.close() };
}

// One browser, launched on first need, whose every caller gets a context of its own
// ({kind, context, close()} closes only that context); launched again after it went away.
export function sharedBrowser(o) {
  let launching = null;
  return {
    async open() {
      if (!launching) {
        launching = launchBrowser(o);
        launching.then((browser) => browser.onGone(() => { launching = null; }), () => { launching = null; });
      }
      const browser = await launching;
      const { context, close } = await browser.newContext();
      return { kind: browser.kind, context, close };
    },
    async close() {
      const browser = launching && await launching.catch(() => null);
      launching = null;
      if (browser) await browser.close().catch(() => {});
    },
  };
}
