// An <input list=…> with a <datalist>: by default the input's line lists its suggestions (capped),
// worded as selectOption takes them; compat mode prints what Page Agent prints (no suggestions).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openHtml, browserContent } from './helpers/harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const CITIES = ['Paris', 'Lyon', 'Nice', 'Lille', 'Nantes', 'Rennes', 'Dijon', 'Metz', 'Brest', 'Tours', 'Caen', 'Pau'];

const PAGE = `<form>
  <label>City <input id="city" name="city" list="cities"></label>
  <datalist id="cities">${CITIES.map((c) => `<option value="${c}"></option>`).join('')}</datalist>
  <label>Airport <input id="airport" list="airports"></label>
  <datalist id="airports"><option value="BER">Berlin Brandenburg</option><option value="CDG" label="Paris Charles de Gaulle"></option>
    <option value="ORY" disabled>Orly</option><option value="">Nowhere</option><option>  Lisbon   Humberto  </option></datalist>
  <input id="secret" type="password" list="cities">
  <input id="dangling" list="no-such-list" placeholder="Dangling">
  <div id="host"></div>
</form>`;

async function open() {
  const page = await openHtml(browser, server.origin, PAGE);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.evaluate(() => {
    // A datalist resolves in the input's own tree: one inside a shadow root serves only its inputs.
    const root = document.getElementById('host').attachShadow({ mode: 'open' });
    root.innerHTML = '<input id="inner" list="cities"><datalist id="cities"><option value="Inner"></option></datalist>';
    window.__events = [];
    for (const id of ['city', 'airport']) {
      const el = document.getElementById(id);
      el.addEventListener('input', (e) => window.__events.push(`${id} input:${e.inputType}:${el.value}`));
      el.addEventListener('change', () => window.__events.push(`${id} change:${el.value}`));
    }
  });
  return page;
}

const content = browserContent;

// The line (without its `*` mark) that shows `text`.
function lineWith(content, text) {
  return content.split('\n').map((l) => l.trim().replace(/^\*/, '')).find((l) => l.includes(text));
}

test('an input\'s suggestions are on its line: as the popup lists them, capped; compat mode prints none', async () => {
  const page = await open();
  try {
    const ours = await content(page);
    assert.match(lineWith(ours, 'City'), /^\[\d+\]<input name=city id=city>City; suggestions: "Paris", "Lyon", "Nice", "Lille", "Nantes", "Rennes", "Dijon", "Metz", "Brest", "Tours", … \(\+2 more\) \/>$/);
    // The label beside the value when it differs; disabled and empty-valued options are not offered.
    assert.match(lineWith(ours, 'Airport'), /^\[\d+\]<input id=airport>Airport; suggestions: "BER" \(Berlin Brandenburg\), "CDG" \(Paris Charles de Gaulle\), "Lisbon Humberto" \/>$/);
    assert.doesNotMatch(ours, /Orly|Nowhere/);
    // A password field ignores `list`; a list that names no datalist suggests nothing.
    assert.match(ours, /\[\d+\]<input type=password id=secret \/>/);
    assert.match(ours, /\[\d+\]<input placeholder=Dangling id=dangling \/>/);
    assert.match(ours, /\[\d+\]<input id=inner>suggestions: "Inner" \/>/);
    assert.equal(ours.match(/suggestions:/g).length, 3, ours);

    const compat = await content(page, { pageAgentCompat: true });
    assert.doesNotMatch(compat, /suggestions|Inner/);
    assert.match(compat, /\[\d+\]<input name=city id=city \/>/);
    assert.deepEqual(page.errors, []);
  } finally { await page.closeAll(); }
});

test('a suggestion as its line words it is what selectOption takes: the value is set with a pick\'s events', async () => {
  const page = await open();
  try {
    const r = await page.evaluate(async () => {
      const c = new dehydra.PageController({ highlight: false });
      const s = await c.getBrowserState();
      const index = (label) => +s.content.split('\n').find((l) => l.includes(label)).match(/\[(\d+)\]/)[1];
      const results = [];
      for (const [label, wanted] of [['City', 'Tours'], ['Airport', 'CDG'], ['Airport', 'Berlin Brandenburg'], ['Airport', 'Lisbon Humberto']]) {
        const r = await c.selectOption(index(label), wanted);
        results.push([wanted, r.success, document.getElementById(label === 'City' ? 'city' : 'airport').value]);
      }
      const missing = await c.selectOption(index('City'), 'Oslo');
      c.dispose();
      return { results, missing: missing.message, events: window.__events };
    });
    assert.deepEqual(r.results, [['Tours', true, 'Tours'], ['CDG', true, 'CDG'], ['Berlin Brandenburg', true, 'BER'],
      ['Lisbon Humberto', true, 'Lisbon Humberto']]);
    assert.deepEqual(r.events, ['city input:insertReplacementText:Tours', 'city change:Tours',
      'airport input:insertReplacementText:CDG', 'airport change:CDG',
      'airport input:insertReplacementText:BER', 'airport change:BER',
      'airport input:insertReplacementText:Lisbon Humberto', 'airport change:Lisbon Humberto']);
    assert.match(r.missing, /Option with text "Oslo" not found in the suggestions\. Available options: "Paris", "Lyon",/);
    assert.deepEqual(page.errors, []);
  } finally { await page.closeAll(); }
});
