// The browser options every mode of the CLI takes, parsed from argv. Parsing only (nothing heavier
// is imported, so a shell session command starts fast): a bad value is a usage error before any
// browser starts. driver/browsers.mjs reads the result.

function defaultBrowserOptions() {
  return { browser: 'chromium', browserPath: null, headed: false, cdpEndpoint: null,
    viewport: { width: 1280, height: 800 }, userAgent: null, cookies: null, javaScript: true, browserArgs: [] };
}

export const BROWSER_USAGE = `browser options (every mode):
  --browser chromium|firefox   which browser to launch (default chromium; firefox is Firefox ESR
                               over WebDriver BiDi)
  --browser-path PATH          its executable (default: $CHROMIUM or /usr/bin/chromium,
                               /usr/bin/firefox-esr for firefox); --chromium PATH is the same
  --headed                     show the browser window (default headless)
  --cdp-endpoint URL           use a running Chromium instead of launching one: the URL of its
                               --remote-debugging-port (http://127.0.0.1:9222) or a ws:// endpoint
                               of a remote browser service
  --viewport WxH               viewport size (default 1280x800)
  --user-agent STRING          the User-Agent header and navigator.userAgent
  --cookies FILE               cookies to load first: a JSON list (Playwright's format) or a
                               Netscape cookies.txt file
  --no-javascript              load pages with their own JavaScript disabled
  --browser-arg ARG            one more command-line switch for the browser it launches
                               (repeatable), e.g. --browser-arg=--lang=de`;

export class UsageError extends Error {}

// Takes the browser options out of argv; returns {browser, rest} with the other words in order.
export function parseBrowserOptions(argv) {
  const o = defaultBrowserOptions();
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [name, inline] = a.startsWith('--') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value`);
      return argv[++i];
    };
    if (name === '--browser') {
      o.browser = value();
      if (!['chromium', 'firefox'].includes(o.browser)) throw new UsageError(`--browser takes chromium or firefox (got ${o.browser})`);
    } else if (name === '--browser-path' || name === '--chromium') o.browserPath = value();
    else if (name === '--headed') o.headed = true;
    else if (name === '--cdp-endpoint') {
      o.cdpEndpoint = value();
      if (!/^(https?|wss?):\/\//i.test(o.cdpEndpoint)) throw new UsageError(`--cdp-endpoint takes an http://, https://, ws:// or wss:// URL (got ${o.cdpEndpoint})`);
    } else if (name === '--viewport') {
      const m = /^(\d{2,5})x(\d{2,5})$/.exec(value());
      if (!m) throw new UsageError('--viewport takes WIDTHxHEIGHT, e.g. 1280x800');
      o.viewport = { width: +m[1], height: +m[2] };
    } else if (name === '--user-agent') {
      o.userAgent = value();
      if (!o.userAgent.trim()) throw new UsageError('--user-agent needs a non-empty string');
    } else if (name === '--cookies') o.cookies = value();
    else if (name === '--no-javascript') o.javaScript = false;
    else if (name === '--browser-arg') {
      const arg = value();
      if (!arg.startsWith('-')) throw new UsageError(`--browser-arg takes a switch such as --lang=de (got ${arg})`);
      o.browserArgs.push(arg);
    }
    else rest.push(a);
  }
  if (o.cdpEndpoint && o.browserArgs.length) throw new UsageError('--browser-arg is for a browser dehydra launches, not one reached with --cdp-endpoint');
  if (o.cdpEndpoint && o.browser === 'firefox') throw new UsageError('--cdp-endpoint reaches a Chromium; it does not go with --browser firefox');
  return { browser: o, rest };
}
