// antd's pickers, whose popups take a choice their own way (bundled from npm at test time): a
// DatePicker takes typed text only when the field is left or Enter is pressed, a Cascader's items
// are role=menuitemcheckbox rows whose parents open the next menu without being checked, and a
// TreeSelect's popup is a tree of treeitems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, agentState, agentAct, pageState, indexOnLine } from './helpers/act_setup.mjs';

const env = useActServer();

async function open() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_antd_pickers.html');
  await page.waitForSelector('#state');
  return page;
}
const state = pageState;
// The action on the element whose line matches `pattern`, as the state shows it now.
const actOn = async (page, method, pattern, ...args) => agentAct(page, method, indexOnLine(await agentState(page), pattern), ...args);

test('a date typed into a picker is committed as a user commits it, and the answer says so', async () => {
  const page = await open();
  const r = await actOn(page, 'inputText', 'input placeholder=Delivery date', '2024-06-15');
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /Left the field to commit it, as a user does: it kept "2024-06-15"(, and what the typing opened closed)?\.$/);
  assert.deepEqual((await state(page)).date, '2024-06-15');
  assert.deepEqual((await state(page)).events, ['change']);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a date the picker does not take is a failure, not a ✅ over an empty model', async () => {
  const page = await open();
  const r = await actOn(page, 'inputText', 'input placeholder=Delivery date', '2024-13-45');
  assert.equal(r.success, false);
  assert.match(r.message, /the component emptied it: it did not take the text/);
  assert.equal((await state(page)).date, null);
  await page.closeAll();
});

test('text that is no date is typed and left in the field (a search box keeps focus and suggestions)', async () => {
  const page = await open();
  const r = await actOn(page, 'inputText', 'input placeholder=Delivery date', 'next friday');
  assert.equal(r.success, true, r.message);
  assert.doesNotMatch(r.message, /Left the field/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'date');
  await page.closeAll();
});

test('a cascader\'s parent item opens the next menu: ✅ though it never becomes checked; the leaf is chosen', async () => {
  const page = await open();
  assert.equal((await actOn(page, 'clickElement', 'input role=combobox aria-expanded=false id=place')).success, true);
  const first = await actOn(page, 'clickElement', 'li role=menuitemcheckbox aria-checked=false>Zhejiang');
  assert.equal(first.success, true, first.message);
  assert.match(first.message, /elements added/);
  assert.equal((await actOn(page, 'clickElement', 'li role=menuitemcheckbox aria-checked=false>Hangzhou')).success, true);
  const leaf = await actOn(page, 'clickElement', 'li role=menuitemcheckbox aria-checked=false>West Lake');
  assert.equal(leaf.success, true, leaf.message);
  assert.deepEqual((await state(page)).place, ['zhejiang', 'hangzhou', 'xihu']);
  await page.closeAll();
});

test('a TreeSelect: the tree is its popup, the option is chosen by text, and an unknown one closes the popup', async () => {
  const page = await open();
  const index = indexOnLine(await agentState(page), 'input role=combobox aria-expanded=false id=node');
  const r = await agentAct(page, 'selectOption', index, 'Leaf one');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).node, 'leaf1');
  const missing = await agentAct(page, 'selectOption', index, 'Nothing');
  assert.equal(missing.success, false);
  assert.match(missing.message, /Option with text "Nothing" not found in the dropdown\. Available options: "Parent", "Leaf one", "Leaf two", "Other"/);
  assert.equal(await page.getAttribute('#node', 'aria-expanded'), 'false');
  await page.closeAll();
});
