// The one-shot mode: open one page, run one dehydra output in it, print it, close the browser.
import { FORMATS, runInPage, WAIT_UNTIL, settleOptions, waitInPage, describeUnsettled } from './formats.mjs';
import { UsageError } from './options.mjs';

function parse(words) {
  const o = { format: 'text', timings: false, target: null, waitUntil: 'load', waitSelector: null, waitTimeout: 10000 };
  for (let i = 0; i < words.length; i++) {
    const a = words[i];
    const [name, inline] = a.startsWith('--') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= words.length) throw new UsageError(`${name} needs a value`);
      return words[++i];
    };
    if (name === '--format') o.format = value();
    else if (name === '--timings') o.timings = true;
    else if (name === '--wait-until') {
      o.waitUntil = value();
      if (!WAIT_UNTIL.includes(o.waitUntil)) throw new UsageError(`--wait-until takes ${WAIT_UNTIL.join(', ')} (got ${o.waitUntil})`);
    } else if (name === '--wait-selector') {
      o.waitSelector = value();
      if (!o.waitSelector.trim()) throw new UsageError('--wait-selector needs a CSS selector');
    } else if (name === '--wait-timeout') {
      const v = value();
      if (!/^\d+$/.test(v) || +v < 1 || +v > 2147483647) throw new UsageError(`--wait-timeout takes a number of milliseconds (got ${v})`);
      o.waitTimeout = +v;
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a} (dehydra --help lists them)`);
    else if (o.target) throw new UsageError(`one page at a time (got ${o.target} and ${a})`);
    else o.target = a;
  }
  if (!o.target) throw new UsageError('no page given (dehydra --help)');
  if (!FORMATS[o.format]) throw new UsageError(`unknown format ${o.format} (one of ${Object.keys(FORMATS).join(', ')})`);
  return o;
}

export async function runOnce(browserOptions, words, { fail }) {
  const opts = parse(words);
  const { pageUrl } = await import('../driver/browsing.mjs');
  const { openBrowser } = await import('../driver/browsers.mjs');
  const { inject } = await import('../driver/tab.mjs');
  let url;
  try { url = pageUrl(opts.target); } catch (e) { fail(2, e.message); }
  let opened;
  try {
    opened = await openBrowser(browserOptions);
  } catch (e) {
    fail(/not found at/.test(e.message) ? 3 : 1, e.message.split('\n')[0]);
  }
  let code = 0;
  try {
    const page = opened.context.pages()[0] || await opened.context.newPage();
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    const t1 = performance.now();
    await inject(page);
    const t2 = performance.now();
    let wait = settleOptions(opts.waitUntil, opts.waitSelector, opts.waitTimeout);
    if (wait && !browserOptions.javaScript) {
      // Page timers never fire with its JavaScript off, and nothing but loading can change the DOM.
      process.stderr.write('dehydra: --wait-until/--wait-selector ignored with --no-javascript (the page cannot change after load)\n');
      wait = null;
    }
    const settled = wait ? await waitInPage(page, wait) : null;
    if (settled && !settled.stable) process.stderr.write(`dehydra: ${describeUnsettled(settled)}\n`);
    const t3 = performance.now();
    const result = await runInPage(page, opts.format);
    process.stdout.write(result.output.endsWith('\n') ? result.output : result.output + '\n');
    if (opts.timings) {
      process.stderr.write(`timings: load ${(t1 - t0).toFixed(0)} ms, inject ${(t2 - t1).toFixed(0)} ms, ` +
        (settled ? `wait ${(t3 - t2).toFixed(0)} ms (${settled.stable ? 'stable' : 'timed out'}), ` : '') +
        `${opts.format} ${result.ms.toFixed(1)} ms in page\n`);
    }
  } catch (e) {
    process.stderr.write(`dehydra: ${e.message.split('\n')[0].replace(/^page\.goto: /, '')}\n`);
    code = 1;
  } finally {
    await opened.close();
  }
  return code;
}
