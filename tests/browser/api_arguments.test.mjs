// Every public API answers bad arguments (wrong types, null, undefined, symbols, cyclic objects,
// arrays, documents without a window, detached elements) with a clear Error naming the API and the
// argument — {success: false, message} for actions — never an internal TypeError, and changes
// nothing: the same normal calls give the same answers afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, inject, root } from './helpers/harness.mjs';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Arguments</title></head><body>
<h1>Order</h1><form toolname="order" tooldescription="Order"><label>Name <input name="who"></label>
<select name="size"><option>S</option><option>M</option></select><button>Send</button></form>
<a href="/x">Help</a><iframe srcdoc="<p>framed</p>"></iframe></body></html>`;

let server, browser;
before(async () => {
  server = await startServer({ '/args.html': { body: PAGE } });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

// Runs in the page: every export and method with every bad value.
async function walkEveryApi() {
  const d = globalThis.dehydra;
  await d.ready;
  const cyclic = { a: 1 }; cyclic.self = cyclic;
  const detached = document.createElement('div');
  const parsed = new DOMParser().parseFromString('<p>x</p>', 'text/html');
  const BAD = {
    number: 5, string: 'nonsense', boolean: true, null: null, undefined: undefined, symbol: Symbol('s'),
    cyclic, array: [1, 2], function: () => 1, 'parsed document': parsed, 'detached element': detached, NaN: NaN,
    'negative': -1, 'fraction': 1.5, 'huge object': { length: 1e9 },
  };
  const c = new d.PageController();
  await c.getBrowserState();
  const input = /\[(\d+)\]<input/.exec(c.simplifiedHTML)[1] * 1;
  const baseline = async () => ({ md: d.markdown(), tree: await d.accessibilityTree({ refs: false }),
    tools: JSON.stringify(d.formTools()), state: (await c.getBrowserState()).content });
  const before = await baseline();
  const value = () => document.querySelector('input[name=who]').value;
  // [api, argument name, call, values that are fine]
  const OPTIONS_OK = ['undefined', 'cyclic', 'huge object'];
  const CASES = [
    ['snapshot', 'document', (v) => d.snapshot(v), ['undefined']],
    ['snapshot', 'options', (v) => d.snapshot(undefined, v), OPTIONS_OK],
    ['dehydrate', 'config', (v) => d.dehydrate(v), OPTIONS_OK],
    ['dehydrate', 'options.document', (v) => d.dehydrate({ document: v }), ['undefined']],
    ['markdown', 'options', (v) => d.markdown(v), OPTIONS_OK],
    ['markdown', 'options.document', (v) => d.markdown({ document: v }), ['undefined']],
    ['markdown', 'options.root', (v) => d.markdown({ root: v }), ['undefined', 'null']],
    ['markdown', 'mode', (v) => d.markdown({ mode: v }), ['undefined']],
    ['accessibilityTree', 'options', (v) => d.accessibilityTree(v), OPTIONS_OK],
    ['accessibilityTree', 'options.document', (v) => d.accessibilityTree({ document: v }), ['undefined']],
    ['accessibilityTree', 'options.controller', (v) => d.accessibilityTree({ controller: v }), ['undefined']],
    ['accessibilityTreeSync', 'options', (v) => d.accessibilityTreeSync(v), OPTIONS_OK],
    ['accessibilityTreeSync', 'options.document', (v) => d.accessibilityTreeSync({ document: v }), ['undefined']],
    ['formTools', 'options', (v) => d.formTools(v), OPTIONS_OK],
    ['formTools', 'options.document', (v) => d.formTools({ document: v }), ['undefined']],
    ['fillForm', 'first argument', (v) => d.fillForm(v, {}), ['string']],
    ['fillForm', 'input', (v) => d.fillForm('order', v), []],
    ['fillForm', 'options', (v) => d.fillForm('order', {}, v), OPTIONS_OK],
    ['registerFormTools', 'options', (v) => d.registerFormTools(v), OPTIONS_OK],
    ['registerFormTools', 'signal', (v) => d.registerFormTools({ signal: v }), ['undefined']],
    ['waitForStable', 'options', (v) => d.waitForStable(v), ['undefined', 'null', 'cyclic', 'parsed document', 'huge object']],
    ['waitForStable', 'quietMs', (v) => d.waitForStable({ quietMs: v, timeoutMs: 3000 }), ['undefined', 'number', 'fraction']],
    ['geometry', 'ind', (v) => d.geometry(v), ['number', 'array']],
    ['geometry', 'PageController', (v) => d.geometry([0], v), ['undefined']],
    ['PageController', 'config', (v) => new d.PageController(v), OPTIONS_OK],
    ['getBrowserState', 'option', (v) => c.getBrowserState(v), ['undefined', 'null']],
    ['clickElement', 'index', (v) => c.clickElement(v), ['number']],
    ['hover', 'index', (v) => c.hover(v), ['number']],
    ['inputText', 'index', (v) => c.inputText(v, 'x'), ['number']],
    ['inputText', 'text', (v) => (typeof v === 'string' ? undefined : c.inputText(input, v)), ['string']],
    ['selectOption', 'optionText', (v) => c.selectOption(input + 1, v), ['string']],
    ['sendKeys', 'keys', (v) => c.sendKeys(input, v), ['string']],
    ['scroll', 'options', (v) => c.scroll(v), ['cyclic', 'huge object']],
    ['scrollHorizontally', 'options', (v) => c.scrollHorizontally(v), ['cyclic', 'huge object']],
    ['executeJavascript', 'script', (v) => c.executeJavascript(v), ['string']],
  ];
  const problems = [];
  const seen = [];
  for (const [api, arg, call, fine] of CASES) {
    for (const label of Object.keys(BAD)) {
      const v = BAD[label];
      let outcome;
      try {
        const r = await call(v);
        outcome = r && typeof r === 'object' && r.success === false && typeof r.message === 'string' ? { failed: r.message } : { ok: true };
      } catch (e) {
        outcome = { threw: e instanceof Error ? e.message : 'a non-Error: ' + typeof e };
      }
      const message = outcome.threw ?? outcome.failed;
      // Values in `fine` may be taken, or refused for what they mean (no element at index 5).
      if (fine.includes(label)) continue;
      if (outcome.ok) { problems.push(`${api}(${arg} = ${label}) was accepted`); continue; }
      seen.push(message);
      if (!/dehydra/.test(message) || !message.includes(arg.split('.').pop())) {
        problems.push(`${api}(${arg} = ${label}): ${message}`);
      }
    }
  }
  if (value() !== '') problems.push('a refused call typed into the input: ' + JSON.stringify(value()));
  const after = await baseline();
  for (const k of Object.keys(before)) if (before[k] !== after[k]) problems.push(`${k} differs after the bad calls`);
  const typed = await c.inputText(input, 'ann');
  if (!typed.success || value() !== 'ann') problems.push('a normal inputText failed afterwards: ' + typed.message);
  return { problems, sample: seen.slice(0, 12) };
}

test('every public API names a bad argument and keeps working', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.origin}/args.html`, { waitUntil: 'load' });
  await inject(p);
  const r = await p.evaluate(walkEveryApi);
  assert.deepEqual(r.problems, []);
  await p.closeAll();
});

test('every export of index.js, controller_api.js and dehydra.d.ts is covered by the walk', () => {
  const source = readFileSync(join(root, 'tests', 'browser', 'api_arguments.test.mjs'), 'utf8');
  const dts = readFileSync(join(root, 'js-shim', 'dehydra.d.ts'), 'utf8');
  const names = new Set([...dts.matchAll(/export declare (?:function|class) (\w+)/g)].map((m) => m[1]));
  const index = ['index.js', 'controller_api.js'].map((f) => readFileSync(join(root, 'js-shim', f), 'utf8')).join('\n');
  for (const m of index.matchAll(/export (?:function|const) (\w+)|export \{([^}]+)\}/g)) {
    for (const n of (m[1] || m[2]).split(',')) names.add(n.trim().split(' ').pop());
  }
  // Not functions taking arguments: the ready promise, internals, the default controller getter, dispose(),
  // createWebTree (its methods answer with the 网页文树 specification's own errors, tested in webtree_api).
  for (const n of ['ready', 'coreInfo', 'getDefaultController', 'createWebTree', 'dispose']) names.delete(n); // no arguments to check
  const missing = [...names].filter((n) => !source.includes(`['${n}',`));
  assert.deepEqual(missing, []);
});
