// Every option reachable: web-component selects from npm (Material Web's md-outlined-select, whose
// options are slotted into its listbox with role=option on an <li> in each option's own shadow
// root; Shoelace's sl-select, role=option on slotted hosts) and a native <datalist>. selectOption
// chooses by text and the component's value changes; the content names each option on its own line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act } from './helpers/act_setup.mjs';

const FIXTURE = '/tests/fixtures/act/act_web_components.html';
const env = useActServer();

async function open() {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.waitForFunction(() => document.getElementById('state').textContent);
  await installController(page, ['#md', '#sl', '#city', 'label:has(#city)']);
  return page;
}
const state = async (page) => JSON.parse(await page.textContent('#state'));

test('Material Web md-outlined-select: the slotted option is chosen by text', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 0, 'PayPal');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).md, 'paypal');
  assert.equal((await act(page, 'selectOption', 0, 'bank TRANSFER')).success, true);
  assert.equal((await state(page)).md, 'transfer');
  const missing = await act(page, 'selectOption', 0, 'Cash');
  assert.equal(missing.message, '❌ Failed to select option: Error: Option with text "Cash" not found in the dropdown. ' +
    'Available options: "Card", "PayPal", "Bank transfer"');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('Shoelace sl-select: the slotted option is chosen by text', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 1, 'Medium');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).sl, 'medium');
  const missing = await act(page, 'selectOption', 1, 'Huge');
  assert.match(missing.message, /Available options: "Small", "Medium", "Large"$/);
  assert.equal((await state(page)).sl, 'medium');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a datalist: a suggestion is chosen by value or label, with the events of a user\'s pick', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 2, 'Berlin');
  assert.equal(r.success, true, r.message);
  assert.deepEqual(await state(page), { md: '', sl: '', city: 'Berlin', cityEvents: ['input:insertReplacementText', 'change'] });
  assert.equal((await act(page, 'selectOption', 3, "germany's capital")).success, true, 'by its label, through the <label>');
  const missing = await act(page, 'selectOption', 2, 'Oslo');
  assert.equal(missing.message, '❌ Failed to select option: Error: Option with text "Oslo" not found in the suggestions. ' +
    'Available options: "Paris", "Berlin", "Rome"');
  await page.closeAll();
});

test('the content: each open Material option is one line that carries its own name', async () => {
  const page = await open();
  await page.click('#md');
  await page.waitForFunction(() => document.getElementById('md').open === true);
  await page.waitForTimeout(500);
  const content = await page.evaluate(async () => (await new dehydra.PageController({ highlight: false }).getBrowserState()).content);
  for (const name of ['Card', 'PayPal', 'Bank transfer']) {
    assert.match(content, new RegExp(`\\[\\d+\\]<li role=option id=item>${name} />`), content);
  }
  // The option's inner boxes inherit its pointer cursor across its shadow root and slot: no line of their own.
  assert.doesNotMatch(content, /\[\d+\]<div >PayPal \/>/, content);
  await page.closeAll();
});
