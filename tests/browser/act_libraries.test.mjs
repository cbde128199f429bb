// Component libraries' custom selects (bundled from npm at test time). antd's Select, the
// reference's most reported failure: its rows carry no option role, its role=listbox is a zero-size
// mirror of the active row, and long lists are virtual. MUI's Select opens on mousedown into a
// portal menu; its Autocomplete is an editable combobox. selectOption must change the state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act, openReferencePage } from './helpers/act_setup.mjs';

const FIXTURE = '/tests/fixtures/act/act_antd.html';
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
  // The index lands on antd's outer .ant-select box, as the dehydrated list shows it.
  await installController(page, ['.ant-select:has(#colour)', '.ant-select:has(#city)', '.ant-select:has(#size)']);
  return page;
}

async function openMui() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_mui.html');
  await page.waitForSelector('#state');
  await installController(page, ['#age', '.MuiAutocomplete-root']);
  return page;
}
const state = async (page) => JSON.parse(await page.textContent('#state'));
const popupOpen = (page) => page.evaluate(() => [...document.querySelectorAll('[role="combobox"]')].some((c) => c.getAttribute('aria-expanded') === 'true'));

test('a plain antd Select: the rendered row is clicked and antd\'s value changes', async () => {
  const page = await open();
  await assertTook(await act(page, 'selectOption', 0, 'Blue'), '✅ Selected option (Blue) in element (0).');
  assert.equal((await state(page)).colour, 'blue');
  assert.equal(await popupOpen(page), false);
  assert.equal((await act(page, 'selectOption', 0, 'yellow')).success, true, 'case-insensitive');
  assert.equal((await state(page)).colour, 'yellow');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a searchable antd Select with 200 options: typing filters, the match is chosen', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 1, 'City 150');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).city, 'c150');
  await page.closeAll();
});

test('a long antd Select that cannot be searched: the keyboard walks the virtual list to the option', async () => {
  const page = await open();
  const r = await act(page, 'selectOption', 2, 'Size 077');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).size, 77);
  assert.equal(await popupOpen(page), false);
  const missing = await act(page, 'selectOption', 2, 'Size 999');
  assert.equal(missing.success, false);
  assert.match(missing.message, /^❌ Failed to select option: Error: Option with text "Size 999" not found in the dropdown\./);
  assert.equal((await state(page)).size, 77);
  await page.waitForFunction(() => ![...document.querySelectorAll('[role="combobox"]')].some((c) => c.getAttribute('aria-expanded') === 'true'));
  await page.closeAll();
});

test('the reference fails on the same antd Select', async () => {
  const page = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  await page.waitForSelector('#state');
  const r = await page.evaluate(async () => {
    await window.__ref.updateTree();
    const results = [];
    for (const [i, node] of window.__ref.selectorMap) {
      if (node.ref.closest && node.ref.closest('.ant-select')) results.push(await window.__ref.selectOption(i, 'Blue'));
    }
    return results;
  });
  assert.ok(r.length > 0, 'the reference indexes part of the antd Select');
  for (const one of r) assert.equal(one.success, false);
  assert.equal((await state(page)).colour, 'red');
  await page.closeAll();
});

test('MUI Select and Autocomplete: chosen by text, state changes, unknown options listed', async () => {
  const page = await openMui();
  await assertTook(await act(page, 'selectOption', 0, 'Thirty'), '✅ Selected option (Thirty) in element (0).');
  assert.equal((await state(page)).age, '30');
  assert.equal((await act(page, 'selectOption', 1, 'Pulp Fiction')).success, true);
  assert.equal((await state(page)).film, 'Pulp Fiction');
  assert.equal((await act(page, 'selectOption', 1, 'inception')).success, true, 'case-insensitive, typed to filter');
  assert.equal((await state(page)).film, 'Inception');
  const missing = await act(page, 'selectOption', 0, 'Forty');
  assert.equal(missing.message, '❌ Failed to select option: Error: Option with text "Forty" not found in the dropdown. ' +
    'Available options: "Ten", "Twenty", "Thirty"');
  assert.equal((await state(page)).age, '30');
  await page.waitForFunction(() => !document.querySelector('[role="listbox"]'));
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('MUI: with the Select menu open, a click on the Autocomplete under its backdrop is refused and reaches nothing', async () => {
  const page = await openMui();
  const opened = await act(page, 'clickElement', 0);
  assert.equal(opened.success, true, opened.message);
  await page.waitForSelector('[role="listbox"]');
  await page.evaluate(() => {
    window.__reached = [];
    const input = document.querySelector('.MuiAutocomplete-root input');
    for (const type of ['pointerdown', 'mousedown', 'click', 'focus']) input.addEventListener(type, () => window.__reached.push(type));
  });
  const r = await act(page, 'clickElement', 1);
  assert.equal(r.success, false);
  // The menu's second row lies over the Autocomplete's centre.
  assert.match(r.message, /^❌ Failed to click element: Error: Element \(1\) is covered by <li class=MuiButtonBase-root>Twenty \(not in the list: no index\): /);
  assert.deepEqual(await page.evaluate(() => window.__reached), []);
  assert.equal(await popupOpen(page), true, 'the menu stays open');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});
