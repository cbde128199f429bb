// The one-shot mode: a session of one call. A Browsing opens the browser (a tab of its own, also in
// a browser reached over CDP), loads the page, runs one dehydra output in it through the driver's
// in-page path, prints it, and closes what it opened.
import { parseWords, UsageError } from '../driver/command_line.mjs';
import { BROWSER_OPTIONS, browserOptions, givenBrowserOptions } from '../driver/browser_options.mjs';

export const ONE_SHOT_OPTIONS = {
  format: { type: 'string' }, timings: { type: 'boolean' }, 'wait-until': { type: 'string' },
  'wait-selector': { type: 'string' }, 'wait-timeout': { type: 'string' },
};
const FORMATS = ['text', 'json', 'markdown', 'webtree', 'aria', 'tools'];
// Before reading: the load event, then also no DOM mutation for 500 ms (domstable), or no DOM
// mutation and no request for 500 ms (networkidle).
const WAIT_UNTIL = ['load', 'domstable', 'networkidle'];

// The one-shot mode's words: {format, timings, waitUntil, waitSelector, waitTimeout, target, browser}.
export function parseOneShot(words) {
  const { values, positionals } = parseWords(words, { ...BROWSER_OPTIONS, ...ONE_SHOT_OPTIONS }, 'dehydra URL');
  const o = { format: values.format ?? 'text', timings: !!values.timings, waitUntil: values['wait-until'] ?? 'load',
    waitSelector: values['wait-selector'] ?? null, waitTimeout: 10000, target: positionals[0] };
  if (!WAIT_UNTIL.includes(o.waitUntil))
    throw new UsageError(`--wait-until takes ${WAIT_UNTIL.join(', ')} (got ${o.waitUntil})`);
  if (o.waitSelector !== null && !o.waitSelector.trim()) throw new UsageError('--wait-selector needs a CSS selector');
  const t = values['wait-timeout'];
  if (t !== undefined) {
    if (!/^\d+$/.test(t) || +t < 1 || +t > 2147483647)
      throw new UsageError(`--wait-timeout takes a number of milliseconds (got ${t})`);
    o.waitTimeout = +t;
  }
  if (positionals.length > 1) throw new UsageError(`one page at a time (got ${positionals.join(' and ')})`);
  if (!o.target) throw new UsageError('no page given (dehydra --help)');
  if (!FORMATS.includes(o.format)) throw new UsageError(`unknown format ${o.format} (one of ${FORMATS.join(', ')})`);
  if (values.extension)
    throw new UsageError('--extension goes with dehydra mcp and dehydra open, which wait to be paired');
  return { ...o, browser: browserOptions(givenBrowserOptions(values)) };
}

// What dehydra.waitForStable is asked before the output runs, or null: the load event is enough.
export function settleOptions(o) {
  if (o.waitUntil === 'load' && !o.waitSelector) return null;
  const options = { timeoutMs: o.waitTimeout, network: o.waitUntil === 'networkidle' };
  if (o.waitUntil === 'load') options.quietMs = 0;  // the selector alone
  if (o.waitSelector) options.selector = o.waitSelector;
  return options;
}

// One line naming what was still moving when the wait gave up.
function describeUnsettled(result) {
  const parts = (result.pending || []).map((p) => {
    if (p.kind === 'mutation') return `${p.path} (${p.count} mutations)`;
    if (p.kind === 'request')
      return `${p.inFlight ? 'in flight' : 'loaded'}: ${p.method ? p.method + ' ' : ''}${p.url}`;
    if (p.kind === 'document') return `document ${p.readyState}`;
    if (p.kind === 'selector') return `no visible ${p.selector}`;
    return JSON.stringify(p);
  });
  return `page not stable after ${Math.round(result.waitedMs)} ms; ` +
    `still moving: ${parts.join('; ') || 'nothing named'}`;
}

// A call in the tab whose answer is a value; an interruption (a dialog) is a failure said plainly.
async function inTab(tab, fn, arg) {
  const r = await tab.call(fn, arg);
  if (r.interrupted) {
    throw new Error(r.interrupted === 'dialog' ? `the page opened a ${tab.dialog.type()} dialog`
      : `the page was ${r.interrupted}`);
  }
  if (r.value.error) throw new Error(r.value.error);
  return r.value;
}

async function readPage(tab, url, opts) {
  const inPage = await import('../driver/page_calls.mjs');
  const t0 = performance.now();
  await tab.page.goto(url, { waitUntil: 'load' });
  const t1 = performance.now();
  let wait = settleOptions(opts);
  if (wait && !opts.browser.javaScript) {
    // Page timers never fire with its JavaScript off, and nothing but loading can change the DOM.
    process.stderr.write('dehydra: --wait-until/--wait-selector ignored with --no-javascript (the page cannot ' +
      'change after load)\n');
    wait = null;
  }
  const settled = wait ? (await inTab(tab, inPage.read, { what: 'wait', options: wait })).value : null;
  if (settled && !settled.stable) process.stderr.write(`dehydra: ${describeUnsettled(settled)}\n`);
  const t2 = performance.now();
  const result = await inTab(tab, inPage.outputFormat, opts.format);
  process.stdout.write(result.value.endsWith('\n') ? result.value : result.value + '\n');
  if (opts.timings) {
    process.stderr.write(`timings: load ${(t1 - t0).toFixed(0)} ms, ` +
      (settled ? `wait ${(t2 - t1).toFixed(0)} ms (${settled.stable ? 'stable' : 'timed out'}), ` : '') +
      `${opts.format} ${result.ms.toFixed(1)} ms in page\n`);
  }
}

export async function runOnce(words, { fail }) {
  const opts = parseOneShot(words);
  const { pageUrl } = await import('../driver/page_url.mjs');
  const { Browsing } = await import('../driver/browsing.mjs');
  let url;
  try { url = pageUrl(opts.target); } catch (e) { fail(2, e.message); }
  const browsing = new Browsing(opts.browser);
  let tab;
  try {
    tab = await browsing.tab();
  } catch (e) {
    fail(/not found at/.test(e.message) ? 3 : 1, e.message.split('\n')[0]);
  }
  let code = 0;
  try {
    await readPage(tab, url, opts);
  } catch (e) {
    process.stderr.write(`dehydra: ${e.message.split('\n')[0].replace(/^page\.goto: /, '')}\n`);
    code = 1;
  } finally {
    await tab.page.close().catch(() => {});
    await browsing.close();
  }
  return code;
}
