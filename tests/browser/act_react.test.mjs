// React 18 controlled fields and Headless UI's Listbox (bundled from npm at test time): actions
// change what React believes (mirrored into #state), not just the DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act, openReferencePage } from './helpers/act_setup.mjs';

const FIXTURE = '/tests/fixtures/act/act_react.html';
const FIELDS = ['#counter', '#name', '#bio', '#fruit', '#agree', '#person-button', '#city-input'];
const env = useActServer();

// ✅ with the reference's message, then what the page did (the default mode's `effect`).
async function assertTook(result, message) {
  const r = await result;
  assert.equal(r.success, true, r.message);
  assert.ok(r.message.startsWith(message + ' Effect: '), r.message);
  assert.equal(r.effect.changed, true);
}

async function open() {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.waitForSelector('#state');
  await installController(page, FIELDS);
  return page;
}
const state = async (page) => {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  return JSON.parse(await page.textContent('#state'));
};

test('controlled input, textarea, select and checkbox change React state; clicks run handlers', async () => {
  const page = await open();
  assert.equal((await act(page, 'clickElement', 0)).success, true);
  assert.equal((await act(page, 'inputText', 1, 'Ada Lovelace')).success, true);
  assert.equal((await act(page, 'inputText', 2, 'Analyst\nof engines')).success, true);
  assert.equal((await act(page, 'selectOption', 3, 'Cherry')).success, true);
  assert.equal((await act(page, 'clickElement', 4)).success, true);
  assert.deepEqual(await state(page), { name: 'Ada Lovelace', bio: 'Analyst\nof engines', fruit: 'c', agree: true,
    person: 'Wade Cooper', clicks: 1, city: null });
  // A second input replaces the value, and React still follows.
  await act(page, 'inputText', 1, 'Grace');
  await act(page, 'clickElement', 4);
  const s = await state(page);
  assert.equal(s.name, 'Grace');
  // Keys typed into the controlled input reach React too.
  await act(page, 'sendKeys', 1, 'Backspace Backspace y');
  assert.equal((await state(page)).name, 'Gray');
  assert.equal(s.agree, false);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('Headless UI Listbox: selectOption opens it, picks the option by text, and the state changes', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 5, 'Tom Cook');
  await assertTook(r, '✅ Selected option (Tom Cook) in element (5).');
  assert.equal((await state(page)).person, 'Tom Cook');
  assert.equal(await page.textContent('#person-button'), 'Tom Cook');
  assert.equal(await page.locator('[role="listbox"]').count(), 0, 'the listbox closed');
  // Case-insensitive fallback, with surrounding spaces.
  assert.equal((await act(page, 'selectOption', 5, '  arlene MCCOY ')).success, true);
  assert.equal((await state(page)).person, 'Arlene Mccoy');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('Headless UI Listbox: an unknown option fails with the available ones and leaves the choice alone', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 5, 'Nobody');
  assert.equal(r.success, false);
  assert.equal(r.message, '❌ Failed to select option: Error: Option with text "Nobody" not found in the dropdown. ' +
    'Available options: "Wade Cooper", "Arlene Mccoy", "Devon Webb", "Tom Cook", "Tanya Fox"');
  assert.equal((await state(page)).person, 'Wade Cooper');
  await page.waitForFunction(() => !document.querySelector('[role="listbox"]'));
  await page.closeAll();
});

test('Headless UI Combobox: an option that only renders after typing is found by searching', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 6, 'Florence');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).city, 'Florence');
  assert.equal(await page.inputValue('#city-input'), 'Florence');
  // One of the first options, chosen straight from the opened list.
  assert.equal((await act(page, 'selectOption', 6, 'berlin')).success, true);
  assert.equal((await state(page)).city, 'Berlin');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('the reference cannot choose in the Headless UI Listbox', async () => {
  const page = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const r = await page.evaluate(async () => {
    const el = document.getElementById('person-button');
    let index = -1;
    for (const [i, node] of window.__ref.selectorMap) if (node.ref === el) index = i;
    return window.__ref.selectOption(index, 'Tom Cook');
  });
  assert.equal(r.success, false);
  assert.match(r.message, /Element is not a select element/);
  assert.equal(JSON.parse(await page.textContent('#state')).person, 'Wade Cooper');
  await page.closeAll();
});
