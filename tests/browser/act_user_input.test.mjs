// Actions as a real user's hand and keyboard: the events of a click and of typing compared event by
// event with what Chromium itself delivers for Playwright's page.mouse / page.keyboard, and
// components that read pointer movement or beforeinput (React Aria's DateField, Radix Select,
// Lexical; Headless UI and ProseMirror in act_react / act_input) taking the input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act } from './helpers/act_setup.mjs';

const COMPARE = '/tests/fixtures/act/act_compare.html';
const env = useActServer();

const log = (page) => page.evaluate(() => window.__log.splice(0));
const centre = (page, sel) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}, sel);

test('two clicks: the same events as Chromium\'s own mouse, field by field, from where the pointer was', async () => {
  const chromium = await openActPage(env.browser, env.server.origin, COMPARE);
  for (const sel of ['#btn', '#other']) {
    await chromium.mouse.move(...await centre(chromium, sel));
    await chromium.mouse.down();
    await chromium.mouse.up();
  }
  const theirs = await log(chromium);
  const ours = await openActPage(env.browser, env.server.origin, COMPARE);
  await installController(ours, ['#btn', '#other']);
  await act(ours, 'clickElement', 0);
  await act(ours, 'clickElement', 1);
  const mine = await log(ours);
  assert.ok(theirs.length > 40, 'Chromium reported the pointer crossing, pressing and clicking');
  assert.deepEqual(mine, theirs);
  await chromium.closeAll();
  await ours.closeAll();
});

test('a double click: the same events as Chromium\'s own (each press counted in detail, then dblclick)', async () => {
  const chromium = await openActPage(env.browser, env.server.origin, COMPARE);
  await chromium.mouse.dblclick(...await centre(chromium, '#btn'));
  const theirs = await log(chromium);
  const ours = await openActPage(env.browser, env.server.origin, COMPARE);
  await installController(ours, ['#btn']);
  const r = await act(ours, 'clickElement', 0, { count: 2 });
  assert.equal(r.message, '✅ Double-clicked element (0). Effect: no visible change yet');
  const mine = await log(ours);
  assert.deepEqual(theirs.filter((e) => /^(mouse(down|up)|click|dblclick)@/.test(e)).map((e) => e.split(' ')[0] + ' ' + /detail=\d/.exec(e)[0]),
    ['mousedown@label detail=1', 'mouseup@label detail=1', 'click@label detail=1', 'mousedown@label detail=2', 'mouseup@label detail=2',
      'click@label detail=2', 'dblclick@label detail=2']);
  assert.deepEqual(mine, theirs);
  const bad = await act(ours, 'clickElement', 0, { count: 3 });
  assert.deepEqual(bad, { success: false, message: '❌ Failed to click element: Error: dehydra.clickElement: options.count must be 1 or 2 (got number 3)' });
  await chromium.closeAll();
  await ours.closeAll();
});

test('typing into a contenteditable: the same key and input events as Chromium\'s own keyboard', async () => {
  const chromium = await openActPage(env.browser, env.server.origin, COMPARE);
  await chromium.click('#ce');
  await log(chromium);
  await chromium.keyboard.type('aB 7.');
  const theirs = await log(chromium);
  const ours = await openActPage(env.browser, env.server.origin, COMPARE);
  await installController(ours, ['#ce']);
  await act(ours, 'clickElement', 0);
  await log(ours);
  assert.equal((await act(ours, 'inputText', 0, 'aB 7.')).success, true);
  const mine = await log(ours);
  // Ours clicks the field first (the pointer is already there: no movement), then types.
  const typed = mine.slice(mine.findIndex((e) => e.startsWith('keydown@')));
  assert.deepEqual(mine.slice(0, mine.length - typed.length).map((e) => e.split(' ')[0]),
    ['pointerdown@ce', 'mousedown@ce', 'pointerup@ce', 'mouseup@ce', 'click@ce']);
  assert.equal(theirs.length, 25);
  assert.deepEqual(typed, theirs);
  assert.equal(await ours.textContent('#ce'), await chromium.textContent('#ce'));
  await chromium.closeAll();
  await ours.closeAll();
});

test('a text field takes the text as one edit, as Playwright\'s fill does; ours clicks first and adds change', async () => {
  const chromium = await openActPage(env.browser, env.server.origin, COMPARE);
  await chromium.fill('#field', 'hi');
  const theirs = await log(chromium);
  const ours = await openActPage(env.browser, env.server.origin, COMPARE);
  await installController(ours, ['#field']);
  await act(ours, 'inputText', 0, 'hi');
  const mine = await log(ours);
  assert.deepEqual(theirs.map((e) => e.split(' ')[0]), ['focus@field', 'focusin@field', 'beforeinput@field', 'input@field']);
  assert.deepEqual(mine.slice(-3, -1), theirs.slice(-2));
  assert.equal(mine[mine.length - 1], 'change@field');
  assert.ok(mine.some((e) => e.startsWith('click@field')), 'a user clicks the field first');
  await chromium.closeAll();
  await ours.closeAll();
});

test('a page that cancels beforeinput handled the text: nothing is written twice', async () => {
  const page = await openActPage(env.browser, env.server.origin, COMPARE);
  await page.evaluate(() => {
    // A masked field: it writes upper case itself and cancels the browser's edit.
    for (const el of [document.getElementById('field'), document.getElementById('ce')]) {
      el.addEventListener('beforeinput', (e) => {
        e.preventDefault();
        const add = (e.data || '').toUpperCase();
        if (el.id === 'field') el.value = (e.inputType === 'insertText' && e.data.length > 1 ? '' : el.value) + add;
        else el.textContent += add;
      });
    }
  });
  await installController(page, ['#field', '#ce']);
  const field = await act(page, 'inputText', 0, 'abc');
  assert.equal(await page.inputValue('#field'), 'ABC');
  assert.match(field.message, /^✅ Input text \(abc\) into element \(0\)\. ⚠️ The field holds "ABC" \(it rejected or reformatted the text\)\./);
  const ce = await act(page, 'inputText', 1, 'xyz');
  assert.equal(await page.textContent('#ce'), 'XYZ');
  assert.equal(ce.success, true, ce.message);
  assert.match(ce.message, /⚠️ The field shows "XYZ" \(the page handled the typing\)\./);
  await page.closeAll();
});

const UI = '/tests/fixtures/act/act_user_input.html';
async function openUi() {
  const page = await openActPage(env.browser, env.server.origin, UI);
  await page.waitForSelector('#state');
  await installController(page, ['[data-segment=month]', '[data-segment=day]', '[data-segment=year]', '#radix-trigger', '#lexical']);
  return page;
}
const state = async (page) => JSON.parse(await page.textContent('#state'));

test('React Aria DateField: each segment takes the digits from beforeinput, and the value is set', async () => {
  const page = await openUi();
  for (const [i, text] of [[0, '4'], [1, '12'], [2, '2024']]) {
    const r = await act(page, 'inputText', i, text);
    assert.equal(r.success, true, r.message);
  }
  assert.equal((await state(page)).due, '2024-04-12');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('Radix Select: clicking the trigger, then an option, chooses it (the pointer moved between)', async () => {
  const page = await openUi();
  const open = await act(page, 'clickElement', 3);
  assert.match(open.message, /Effect: aria-expanded "false" → "true"/);
  await page.waitForSelector('#radix-cherry');
  await installController(page, ['#radix-cherry']);
  const r = await act(page, 'clickElement', 0);
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).fruit, 'Cherry');
  assert.equal(await page.locator('#radix-content').count(), 0, 'the list closed');
  assert.match(r.message, /Effect: .*the page changed/);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('Lexical: typed text reaches the editor\'s model (it applies every beforeinput itself)', async () => {
  const page = await openUi();
  const r = await act(page, 'inputText', 4, 'Hello, editor');
  assert.equal(r.success, true, r.message);
  assert.equal((await state(page)).lexical, 'Hello, editor');
  assert.equal((await act(page, 'inputText', 4, 'Replaced')).success, true);
  assert.equal((await state(page)).lexical, 'Replaced');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});
