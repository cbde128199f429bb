// The browser options every mode of the CLI takes: their table for the one parser
// (command_line.mjs), their help, and the options object browsers.mjs opens a browser with. A bad
// value is a usage error before any browser starts.
import { resolve } from 'node:path';
import { UsageError } from './command_line.mjs';
import { readSecrets } from './secrets.mjs';
import { originScope } from './origin_scope.mjs';

export const BROWSER_OPTIONS = {
  browser: { type: 'string' },
  'browser-path': { type: 'string' },
  chromium: { type: 'string' },
  headed: { type: 'boolean' },
  'cdp-endpoint': { type: 'string' },
  viewport: { type: 'string' },
  'user-agent': { type: 'string' },
  cookies: { type: 'string' },
  'no-javascript': { type: 'boolean' },
  'browser-arg': { type: 'string', multiple: true },
  'max-answer-tokens': { type: 'string' },
  'output-dir': { type: 'string' },
  'user-data-dir': { type: 'string' },
  'storage-state': { type: 'string' },
  secrets: { type: 'string' },
  'allowed-origins': { type: 'string' },
  'blocked-origins': { type: 'string' },
  record: { type: 'string' },
  codegen: { type: 'string' },
  extension: { type: 'boolean' },
  'extension-port': { type: 'string' },
};

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
                               (repeatable), e.g. --browser-arg=--lang=de
  --max-answer-tokens N        the most page text one answer of the MCP server or the session
                               carries, in tokens (default 20000; 0: no bound); past it the
                               answer says what was left out (more, find, state --within)
  --output-dir DIR             where downloads are saved (default ~/.cache/dehydra/downloads)
  --user-data-dir DIR          a browser profile that stays (signed in) from one run to the next;
                               default a clean profile thrown away at the end
  --storage-state FILE         start from saved cookies and local storage (Playwright's
                               storageState JSON, as the save_state tool writes it)
  --secrets FILE               NAME=value lines: the agent writes {{NAME}} in a tool's arguments,
                               the page receives the value, and no answer shows it
  --allowed-origins LIST       only these origins are reached (comma-separated, * for any part of
                               a host or port, e.g. https://*.example.org); others are refused
  --blocked-origins LIST       these origins are refused (Chromium; both name the refused origin)
  --record FILE                write each step that acts on the page as a JSON line (its element by
                               locator, the effect seen), for dehydra replay FILE
  --codegen FILE               keep a Playwright Test of the same steps in FILE
  --extension                  work in your own running Chromium-based browser, through dehydra's
                               extension paired over 127.0.0.1 (no debugger): the token to pair
                               is printed on stderr and in the first answer
  --extension-port PORT        the loopback port the extension connects to (default 9333)`;

// The field of the options object each option sets.
export const OPTION_FIELDS = { browser: 'browser', 'browser-path': 'browserPath', chromium: 'browserPath',
  headed: 'headed',
  'cdp-endpoint': 'cdpEndpoint', viewport: 'viewport', 'user-agent': 'userAgent', cookies: 'cookies',
  'no-javascript': 'javaScript', 'browser-arg': 'browserArgs', 'max-answer-tokens': 'maxAnswerTokens',
  'output-dir': 'outputDir', 'user-data-dir': 'userDataDir', 'storage-state': 'storageState', secrets: 'secrets',
  'allowed-origins': 'allowedOrigins', 'blocked-origins': 'blockedOrigins', record: 'record', codegen: 'codegen',
  extension: 'extension', 'extension-port': 'extensionPort' };

// The browser options among parsed `values`, by their option names: what the user gave.
export function givenBrowserOptions(values) {
  return Object.fromEntries(Object.keys(BROWSER_OPTIONS).filter((k) => values[k] !== undefined)
    .map((k) => [k, values[k]]));
}

function viewportSize(text) {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(text);
  if (!m) throw new UsageError('--viewport takes WIDTHxHEIGHT, e.g. 1280x800');
  return { width: +m[1], height: +m[2] };
}

// The secrets file, checked now (a bad file is bad usage); only its path travels in the options
// (to a session process's command line too), and the process that runs the tools reads it.
function secretsOf(file) {
  try {
    readSecrets(file);
  } catch (e) {
    throw new UsageError(e.message);
  }
  return file;
}

function answerTokens(text) {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw new UsageError(`--max-answer-tokens takes a whole number of tokens, 0 for no bound (got ${text})`);
  return Number(text);
}

function extensionPort(given) {
  const text = given['extension-port'];
  if (text === undefined) return null;
  if (!given.extension) throw new UsageError('--extension-port goes with --extension');
  if (!/^\d+$/.test(text) || +text > 65535) throw new UsageError(`--extension-port takes a port number (got ${text})`);
  return Number(text);
}

// The options that shape a browser dehydra launches or reaches over CDP mean nothing for the
// user's own browser, whose profile, window and network are theirs.
const NOT_WITH_EXTENSION = ['browser', 'browser-path', 'chromium', 'headed', 'cdp-endpoint', 'viewport', 'user-agent',
  'cookies', 'no-javascript', 'browser-arg', 'user-data-dir', 'storage-state', 'allowed-origins', 'blocked-origins'];

function refuseWithExtension(given) {
  const clash = NOT_WITH_EXTENSION.filter((k) => given[k] !== undefined);
  if (!clash.length) return;
  throw new UsageError(`--extension works in your own browser as it is: --${clash.join(', --')} do not go with it`);
}

// The options object of browsers.mjs from the given browser options, defaults filled in.
export function browserOptions(given) {
  const o = { browser: given.browser ?? 'chromium', browserPath: given['browser-path'] ?? given.chromium ?? null,
    headed: !!given.headed, cdpEndpoint: given['cdp-endpoint'] ?? null,
    viewport: given.viewport === undefined ? { width: 1280, height: 800 } : viewportSize(given.viewport),
    userAgent: given['user-agent'] ?? null, cookies: given.cookies ?? null, javaScript: !given['no-javascript'],
    browserArgs: given['browser-arg'] ?? [], maxAnswerTokens: answerTokens(given['max-answer-tokens']),
    outputDir: given['output-dir'] === undefined ? undefined : resolve(given['output-dir']),
    userDataDir: given['user-data-dir'] === undefined ? null : resolve(given['user-data-dir']),
    storageState: given['storage-state'] === undefined ? null : resolve(given['storage-state']),
    secrets: given.secrets === undefined ? null : secretsOf(resolve(given.secrets)),
    allowedOrigins: given['allowed-origins'] ?? null, blockedOrigins: given['blocked-origins'] ?? null,
    record: given.record === undefined ? null : resolve(given.record),
      codegen: given.codegen === undefined ? null : resolve(given.codegen) };
  Object.assign(o, { extension: !!given.extension, extensionPort: extensionPort(given) });
  originScope(o.allowedOrigins, o.blockedOrigins);  // a bad list is refused now
  if (o.extension) refuseWithExtension(given);
  if ((o.allowedOrigins || o.blockedOrigins) && o.browser === 'firefox') {
    throw new UsageError('--allowed-origins and --blocked-origins need Chromium: Firefox over WebDriver BiDi is not ' +
      'given the interception they use');
  }
  if (!['chromium', 'firefox'].includes(o.browser))
    throw new UsageError(`--browser takes chromium or firefox (got ${o.browser})`);
  if (o.cdpEndpoint !== null && !/^(https?|wss?):\/\//i.test(o.cdpEndpoint)) {
    throw new UsageError(`--cdp-endpoint takes an http://, https://, ws:// or wss:// URL (got ${o.cdpEndpoint})`);
  }
  if (o.userAgent !== null && !o.userAgent.trim()) throw new UsageError('--user-agent needs a non-empty string');
  const bad = o.browserArgs.find((arg) => !arg.startsWith('-'));
  if (bad !== undefined) throw new UsageError(`--browser-arg takes a switch such as --lang=de (got ${bad})`);
  if (o.cdpEndpoint && o.browserArgs.length)
    throw new UsageError('--browser-arg is for a browser dehydra launches, not one reached with --cdp-endpoint');
  if (o.cdpEndpoint && (o.userDataDir || o.storageState)) {
    throw new UsageError('--user-data-dir and --storage-state are for a browser dehydra launches; one reached with ' +
      '--cdp-endpoint keeps its own profile');
  }
  if (o.cdpEndpoint && o.browser === 'firefox')
    throw new UsageError('--cdp-endpoint reaches a Chromium; it does not go with --browser firefox');
  return o;
}
