// antd's pickers, whose popups take a choice their own way (bundled from npm at test time): a
// DatePicker takes typed text only when the field is left or Enter is pressed, a Cascader's items
// are role=menuitemcheckbox rows whose parents open the next menu without being checked, and a
// TreeSelect's popup is a tree of treeitems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage } from './act_setup.mjs';

const env = useActServer();

async function open() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act_antd_pickers.html');
  await page.waitForSelector('#state');
  await page.evaluate(() => { window.__c = new globalThis.dehydra.PageController(); });
  return page;
}
const content = (page) => page.evaluate(async () => (await window.__c.getBrowserState()).content);
const act = (page, method, ...args) => page.evaluate(({ method, args }) => window.__c[method](...args), { method, args });
const state = async (page) => JSON.parse(await page.textContent('#state'));
function indexOf(text, pattern) {
  const m = new RegExp(String.raw`\[(\d+)\]<${pattern}`).exec(text);
  assert.ok(m, `no line matches ${pattern} in:\n${text}`);
  return Number(m[1]);
}

test('a date typed into a picker is committed as a user commits it, and the answer says so', async () => {
  const page = await open();
  const r = await act(page, 'inputText', indexOf(await content(page), 'input placeholder=Delivery date'), '2024-06-15');
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /Left the field to commit it, as a user does: it kept "2024-06-15"(, and what the typing opened closed)?\.$/);
  assert.deepEqual((await state(page)).date, '2024-06-15');
  assert.deepEqual((await state(page)).events, ['change']);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a date the picker does not take is a failure, not a ✅ over an empty model', async () => {
  const page = await open();
  const r = await act(page, 'inputText', indexOf(await content(page), 'input placeholder=Delivery date'), '2024-13-45');
  assert.equal(r.success, false);
  assert.match(r.message, /the component emptied it: it did not take the text/);
  assert.equal((await state(page)).date, null);
  await page.closeAll();
});

test('text that is no date is typed and left in the field (a search box keeps focus and suggestions)', async () => {
  const page = await open();
  const index = indexOf(await content(page), 'input placeholder=Delivery date');
  const r = await act(page, 'inputText', index, 'next friday');
  assert.equal(r.success, true, r.message);
  assert.doesNotMatch(r.message, /Left the field/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'date');
  await page.closeAll();
});

test('a cascader\'s parent item opens the next menu: ✅ though it never becomes checked; the leaf is chosen', async () => {
  const page = await open();
  assert.equal((await act(page, 'clickElement', indexOf(await content(page), 'input role=combobox aria-expanded=false id=place'))).success, true);
  const first = await act(page, 'clickElement', indexOf(await content(page), 'li role=menuitemcheckbox aria-checked=false>Zhejiang'));
  assert.equal(first.success, true, first.message);
  assert.match(first.message, /elements added/);
  assert.equal((await act(page, 'clickElement', indexOf(await content(page), 'li role=menuitemcheckbox aria-checked=false>Hangzhou'))).success, true);
  const leaf = await act(page, 'clickElement', indexOf(await content(page), 'li role=menuitemcheckbox aria-checked=false>West Lake'));
  assert.equal(leaf.success, true, leaf.message);
  assert.deepEqual((await state(page)).place, ['zhejiang', 'hangzhou', 'xihu']);
  await page.closeAll();
});

test('a TreeSelect: the tree is its popup, the option is chosen by text, and an unknown one closes the popup', async () => {
  const page = await open();
  const index = indexOf(await content(page), 'input role=combobox aria-expanded=false id=node');
  const r = await act(page, 'selectOption', index, 'Leaf one');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).node, 'leaf1');
  const missing = await act(page, 'selectOption', index, 'Nothing');
  assert.equal(missing.success, false);
  assert.match(missing.message, /Option with text "Nothing" not found in the dropdown\. Available options: "Parent", "Leaf one", "Leaf two", "Other"/);
  assert.equal(await page.getAttribute('#node', 'aria-expanded'), 'false');
  await page.closeAll();
});
