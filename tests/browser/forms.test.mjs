// Form tools against Chromium's own WebMCP mapping (document.modelContext.getTools() with
// --enable-features=WebMCP), and fillForm / registerFormTools behaviour in real Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { launchBrowser, newPage, startServer, inject } from './helpers/harness.mjs';
import { chromiumTools, ourDeclarativeNames, compareToolNames } from './helpers/webmcp_oracle.mjs';

const FIXTURES = ['forms_real.html', ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `forms_mapping_${i}.html`)];
// Deliberate differences (docs/aria-differences.md, "Form tools"): label text inside <script>/<style>
// is not in the snapshot.
const KNOWN = new Set(['forms_mapping_4.html e1 lb2']);

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser(['--enable-features=WebMCP']);
});
after(async () => { await browser?.close(); await server?.close(); });

async function open(fixture) {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/forms/${fixture}`);
  await inject(page);
  return page;
}

test('schemas equal Chromium\'s getTools() for every declarative form of the fixtures', async () => {
  let compared = 0, properties = 0;
  const problems = [];
  for (const fixture of FIXTURES) {
    const page = await open(fixture);
    const theirs = await chromiumTools(page);
    const ours = await page.evaluate(() => dehydra.formTools());
    assert.ok(theirs.length > 0, `${fixture}: Chromium exposes no tools (is WebMCP enabled?)`);
    problems.push(...compareToolNames(fixture, await ourDeclarativeNames(page), theirs.map((t) => t.name)));
    for (const t of theirs) {
      const o = ours.find((x) => x.name === t.name);
      if (!o) { problems.push(`${fixture}: no tool ${t.name}`); continue; }
      compared++;
      assert.equal(o.description, t.description, `${fixture} ${t.name} description`);
      assert.equal(o.title || '', t.title || '', `${fixture} ${t.name} title`);
      assert.deepEqual(o.inputSchema.required, t.inputSchema.required, `${fixture} ${t.name} required`);
      assert.deepEqual(Object.keys(o.inputSchema.properties), Object.keys(t.inputSchema.properties), `${fixture} ${t.name} property names and order`);
      for (const k of Object.keys(t.inputSchema.properties)) {
        properties++;
        if (isDeepStrictEqual(o.inputSchema.properties[k], t.inputSchema.properties[k])) continue;
        if (KNOWN.has(`${fixture} ${t.name} ${k}`)) continue;
        problems.push(`${fixture} ${t.name}.${k}: ours ${JSON.stringify(o.inputSchema.properties[k])} theirs ${JSON.stringify(t.inputSchema.properties[k])}`);
      }
    }
    await page.closeAll();
  }
  console.log(`forms oracle: ${compared} tools, ${properties} properties compared with Chromium's getTools(), ${KNOWN.size} known difference`);
  assert.deepEqual(problems, []);
  // 25 tools, 239 properties measured 2026-12-04 (node --test tests/browser/forms.test.mjs): fixed fixtures, so every run.
  assert.ok(compared >= 25 && properties >= 239, `compared ${compared} tools, ${properties} properties`);
});

test('forms without a toolname get stable derived names and a description', async () => {
  const page = await open('forms_real.html');
  const names = await page.evaluate(() => dehydra.formTools().map((t) => t.name));
  assert.deepEqual(names, ['login', 'site_search', 'checkout', 'form_newsletter', 'form_feedback', 'form']);
  assert.deepEqual(await page.evaluate(() => dehydra.formTools().map((t) => t.name)), names);
  const newsletter = await page.evaluate(() => dehydra.formTools().find((t) => t.name === 'form_newsletter'));
  assert.match(newsletter.description, /email.*\/subscribe/);
  assert.deepEqual(newsletter.inputSchema.properties.email, { type: 'string', description: 'Your email' });
  for (const n of names) assert.match(n, /^[A-Za-z0-9_.-]{1,128}$/);
  await page.closeAll();
});

// Records the events each control receives.
async function recordEvents(page) {
  await page.evaluate(() => {
    window.__events = [];
    for (const type of ['input', 'change', 'click', 'submit']) {
      document.addEventListener(type, (e) => {
        window.__events.push(`${type}:${e.target.name || e.target.id || e.target.localName}`);
        if (type === 'submit') e.preventDefault();
      }, true);
    }
  });
}

test('fillForm sets values like a user and never echoes a password', async () => {
  const page = await open('forms_real.html');
  await recordEvents(page);
  const result = await page.evaluate(() => dehydra.fillForm('login', { email: 'ann@example.com', password: 'hunter22', remember: ['yes'].length === 1 }));
  assert.deepEqual(result, { tool: 'login', changed: ['email', 'password', 'remember'], submitted: false });
  assert.doesNotMatch(JSON.stringify(result), /hunter22/);
  const state = await page.evaluate(() => ({
    email: document.querySelector('#user').value, pw: document.querySelector('#pw').value,
    remember: document.querySelector('[name=remember]').checked, events: window.__events,
    focused: document.activeElement.textContent }));
  assert.equal(state.email, 'ann@example.com');
  assert.equal(state.pw, 'hunter22');
  assert.equal(state.remember, true);
  assert.deepEqual(state.events, ['input:email', 'change:email', 'input:password', 'change:password', 'click:remember', 'input:remember', 'change:remember']);
  assert.equal(state.focused, 'Sign in', 'without toolautosubmit the submit button gets focus, nothing is submitted');
  await page.closeAll();
});

test('fillForm rejects a bad input as a whole and changes nothing', async () => {
  const page = await open('forms_real.html');
  await recordEvents(page);
  const bad = [
    [{ shipping: 'express', bogus: 1 }, /unknown parameter 'bogus'/],
    [{ qty: '3' }, /'qty' must be a number/],
    [{ qty: 11 }, /'qty' must be between 1 and 10/],
    [{ shipping: 'pickup' }, /'shipping' must be one of "standard", "express"/],
    [{ extras: ['gift', 'gift'] }, /twice/],
    [{ extras: 'gift' }, /array/],
    [{ date: '31/12/2026' }, /'date' must match the date format/],
    [{ colours: ['blue', 'green'] }, /"green"/],
    [{ postcode: 12345 }, /must be a string/],
    [{ postcode: '1234' }, /'postcode' must match the pattern \[0-9\]\{5\}/],
  ];
  for (const [input, message] of bad) {
    const error = await page.evaluate((i) => { try { dehydra.fillForm('checkout', i, { submit: false }); return null; } catch (e) { return e.message; } }, input);
    assert.match(error || '', message, JSON.stringify(input));
  }
  const several = await page.evaluate(() => { try { dehydra.fillForm('checkout', { qty: 0, zzz: 1, notes: 'x' }, { submit: false }); } catch (e) { return e.message; } });
  assert.match(several, /unknown parameter 'zzz'.*'qty' must be between/);
  const withPattern = await page.evaluate(() => { try { dehydra.fillForm('checkout', { qty: 0, postcode: 'abcde' }, { submit: false }); } catch (e) { return e.message; } });
  assert.match(withPattern, /'qty' must be between 1 and 10; 'postcode' must match the pattern/);
  assert.match(await page.evaluate(() => { try { dehydra.fillForm('nope', {}); } catch (e) { return e.message; } }), /no form tool named 'nope'.*'checkout'/);
  assert.match(await page.evaluate(() => { try { dehydra.fillForm('login', [1]); } catch (e) { return e.message; } }), /must be an object/);
  const state = await page.evaluate(() => ({ events: window.__events, notes: document.querySelector('[name=notes]').value, qty: document.querySelector('[name=qty]').value }));
  assert.deepEqual(state, { events: [], notes: '', qty: '1' });
  await page.closeAll();
});

test('toolautosubmit forms are submitted through the normal path; required fields are then enforced', async () => {
  const page = await open('forms_real.html');
  await recordEvents(page);
  const missing = await page.evaluate(() => { try { dehydra.fillForm('checkout', { qty: 2 }); } catch (e) { return e.message; } });
  assert.match(missing, /'date' is required.*'postcode' is required/);
  const result = await page.evaluate(() => dehydra.fillForm('checkout', {
    shipping: 'express', extras: ['gift', 'card'], qty: 3, tip: 1.5, date: '2026-05-04', slot: '10:15',
    colours: ['red', 'blue'], postcode: '75001', notes: 'Ring twice', rating: 4 }));
  assert.equal(result.submitted, true);
  const state = await page.evaluate(() => {
    const f = document.querySelector('#checkout');
    return { data: [...new FormData(f)].map(([k, v]) => `${k}=${v}`), events: window.__events.filter((e) => e.startsWith('submit')) };
  });
  assert.deepEqual(state.events, ['submit:checkout']);
  assert.deepEqual(state.data, ['shipping=express', 'extras=gift', 'extras=card', 'qty=3', 'tip=1.5', 'date=2026-05-04', 'slot=10:15',
    'colours=red', 'colours=blue', 'postcode=75001', 'notes=Ring twice', 'csrf=t0k3n', 'coupon=WELCOME', 'rating=4']);
  await page.closeAll();
});

test('registerFormTools registers undeclared forms with the model context and unregisters on abort', async () => {
  const page = await open('forms_real.html');
  const result = await page.evaluate(async () => {
    const controller = new AbortController();
    const r = dehydra.registerFormTools({ signal: controller.signal });
    const names = (await document.modelContext.getTools()).map((t) => t.name);
    controller.abort();
    await new Promise((res) => setTimeout(res, 50));
    const after = (await document.modelContext.getTools()).map((t) => t.name);
    return { r, names, after };
  });
  assert.equal(result.r.available, true);
  assert.deepEqual(result.r.registered, ['form_newsletter', 'form_feedback', 'form']);
  assert.deepEqual(result.r.skipped.map((s) => s.name), ['login', 'site_search', 'checkout']);
  for (const n of ['login', 'site_search', 'checkout', 'form_newsletter', 'form_feedback', 'form']) assert.ok(result.names.includes(n), n);
  assert.deepEqual(result.after.sort(), ['checkout', 'login', 'site_search']);
  await page.closeAll();
});

test('registerFormTools without a model context registers nothing and says so', async () => {
  const plain = await launchBrowser();
  try {
    const page = await newPage(plain);
    await page.goto(`${server.origin}/tests/fixtures/forms/forms_real.html`);
    await inject(page);
    const r = await page.evaluate(() => dehydra.registerFormTools());
    assert.deepEqual(r, { registered: [], skipped: [], available: false });
  } finally { await plain.close(); }
});
