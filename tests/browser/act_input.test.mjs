// Typing into editables (plain contenteditable and ProseMirror, bundled from npm at test time),
// sendKeys with real key/code values and default actions, hover, and shadow DOM targets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act } from './helpers/act_setup.mjs';

const KEYS = '/tests/fixtures/act/act_keys.html';
const env = useActServer();

const SELECTORS = ['#q', '#second', '#area', '#plain', '#keytarget', '#hover-zone', '#shadow-host >>> #shadow-btn', '#menu-item',
  '#tick', '#press'];
async function open() {
  const page = await openActPage(env.browser, env.server.origin, KEYS);
  await installController(page, SELECTORS);
  return page;
}
const keys = (page) => page.evaluate(() => window.__keys.splice(0));

test('plain contenteditable: the text replaces the content, through the editing pipeline', async () => {
  const page = await open();
  const inputs = await page.evaluate(() => {
    const seen = [];
    document.getElementById('plain').addEventListener('input', (e) => seen.push(e.inputType + ':' + e.isTrusted));
    window.__inputs = seen;
  });
  const r = await act(page, 'inputText', 3, 'new words here');
  assert.equal(r.success, true);
  assert.match(r.message, /^✅ Input text \(new words here\) into element \(3\)\. Effect: the page changed \(.*\)\.$/);
  assert.equal(await page.evaluate(() => document.getElementById('plain').innerText.trim()), 'new words here');
  // A character at a time, each through the browser's editing pipeline (trusted input events).
  assert.deepEqual(await page.evaluate(() => window.__inputs), Array(14).fill('insertText:true'));
  void inputs;
  await page.closeAll();
});

test('ProseMirror: typed text reaches the editor state', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_prosemirror.html');
  await page.waitForFunction(() => window.pmView);
  await installController(page, ['.ProseMirror']);
  assert.equal(await page.textContent('#pm-state'), 'initial words');
  const r = await act(page, 'inputText', 0, 'Typed by dehydra');
  assert.equal(r.success, true, r.message);
  await page.waitForFunction(() => document.getElementById('pm-state').textContent === 'Typed by dehydra');
  assert.equal(await page.evaluate(() => window.pmView.state.doc.textContent), 'Typed by dehydra');
  // The editor keeps its own structure: one paragraph, no stray nodes from a raw innerText write.
  assert.equal(await page.evaluate(() => window.pmView.state.doc.childCount), 1);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

// 10 MB of prose in lines of 80 characters.
const BIG = () => ('A line of prose that an agent pastes into a field, long enough to wrap twice.....\n').repeat(131072);

test('10 MB into a contenteditable: one paste (paste, beforeinput, input), checked, answered before its layout', async (t) => {
  const page = await open();
  const r = await page.evaluate(async (big) => {
    const text = (0, eval)(big)();
    const plain = document.getElementById('plain');
    const seen = [];
    for (const type of ['paste', 'beforeinput', 'input', 'keydown']) {
      plain.addEventListener(type, (e) => seen.push(type + (e.inputType ? ':' + e.inputType : '') +
        (e.clipboardData ? ':' + e.clipboardData.getData('text/plain').length : '')));
    }
    const started = performance.now();
    const result = await window.__ctl.inputText(3, text);
    // Read in the same task: the browser lays the text out afterwards.
    return { result, ms: performance.now() - started, seen, length: plain.textContent.length, want: text.length };
  }, BIG.toString());
  assert.equal(r.result.success, true, r.result.message);
  assert.deepEqual(r.seen, ['paste:' + r.want, 'beforeinput:insertFromPaste', 'input:insertFromPaste']);
  assert.equal(r.length, r.want);
  // One paste (not typed key by key) and the layout not awaited: what made it fast. How fast is
  // reported (0.3 s on a quiet machine, 1.6 s at a load average of 35: docs/actions.md).
  assert.equal(r.result.effect.settled, false, 'the layout of 10 MB is not awaited');
  t.diagnostic('10 MB into a contenteditable: ' + Math.round(r.ms) + ' ms');
  await page.closeAll();
});

test('10 MB into a textarea: one edit, the value checked', async (t) => {
  const page = await open();
  const r = await page.evaluate(async (big) => {
    const text = (0, eval)(big)();
    const started = performance.now();
    const result = await window.__ctl.inputText(2, text);
    return { result, ms: performance.now() - started, same: document.getElementById('area').value === text };
  }, BIG.toString());
  assert.equal(r.result.success, true, r.result.message);
  assert.ok(r.same);
  // Most of it is Chromium's own value setter (1.3–3.9 s alone for 10 MB of lines, measured on a loaded 2-core machine).
  t.diagnostic('10 MB into a textarea: ' + Math.round(r.ms) + ' ms');
  await page.closeAll();
});

test('ProseMirror: a text over the typing limit arrives as a paste the editor applies itself', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_prosemirror.html');
  await page.waitForFunction(() => window.pmView);
  await installController(page, ['.ProseMirror']);
  const text = 'Pasted words '.repeat(40).trim();
  const r = await act(page, 'inputText', 0, text);
  assert.equal(r.success, true, r.message);
  assert.equal(await page.evaluate(() => window.pmView.state.doc.textContent), text);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('sendKeys: key, code and keyCode for named keys, letters and modifier chords', async () => {
  const page = await open();
  await act(page, 'sendKeys', 4, 'Escape');
  assert.deepEqual(await keys(page), [['keydown', 'Escape', 'Escape', 27, false, false, 'keytarget'],
    ['keyup', 'Escape', 'Escape', 27, false, false, 'keytarget']]);
  assert.equal(await page.textContent('#keytarget'), 'escaped');
  await act(page, 'sendKeys', 4, 'ArrowDown ArrowUp ArrowLeft ArrowRight');
  const arrows = (await keys(page)).filter((k) => k[0] === 'keydown').map((k) => [k[1], k[2], k[3]]);
  assert.deepEqual(arrows, [['ArrowDown', 'ArrowDown', 40], ['ArrowUp', 'ArrowUp', 38], ['ArrowLeft', 'ArrowLeft', 37], ['ArrowRight', 'ArrowRight', 39]]);
  await act(page, 'sendKeys', 4, 'Control+Shift+a');
  assert.deepEqual(await keys(page), [
    ['keydown', 'Control', 'ControlLeft', 17, true, false, 'keytarget'],
    ['keydown', 'Shift', 'ShiftLeft', 16, true, true, 'keytarget'],
    ['keydown', 'A', 'KeyA', 65, true, true, 'keytarget'],
    ['keyup', 'A', 'KeyA', 65, true, true, 'keytarget'],
    ['keyup', 'Shift', 'ShiftLeft', 16, true, false, 'keytarget'],
    ['keyup', 'Control', 'ControlLeft', 17, false, false, 'keytarget']]);
  const bad = await act(page, 'sendKeys', 4, 'Hyper+x');
  assert.equal(bad.success, false);
  assert.equal(bad.message, '❌ Failed to send keys: Error: Unknown key "Hyper" (key names like Enter, Tab, ArrowDown, Control+a; type text with inputText)');
  const notModifier = await act(page, 'sendKeys', 4, 'a+b');
  assert.equal(notModifier.message, '❌ Failed to send keys: Error: "a" is not a modifier (Control, Shift, Alt, Meta) in "a+b"');
  assert.equal(await keys(page).then((k) => k.length), 0, 'a bad chord sends nothing');
  await page.closeAll();
});

test('sendKeys: characters type, Control+a selects, Backspace deletes, Tab moves focus, Enter submits', async () => {
  const page = await open();
  await act(page, 'inputText', 0, 'hello');
  await keys(page);
  const r = await act(page, 'sendKeys', 0, 'x');
  assert.equal(r.success, true);
  assert.equal(r.message, '✅ Sent keys (x) to element (0). Effect: value "hello" → "hellox".');
  assert.deepEqual((await keys(page)).map((k) => k[0]), ['keydown', 'keypress', 'keyup']);
  assert.equal(await page.inputValue('#q'), 'hellox');
  await act(page, 'sendKeys', 0, 'Control+a Backspace');
  assert.equal(await page.inputValue('#q'), '');
  await act(page, 'sendKeys', 0, 'Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'second');
  await act(page, 'sendKeys', 1, 'Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'q');
  await act(page, 'sendKeys', 0, 'Enter');
  assert.equal(await page.evaluate(() => window.__submits), 1);
  await act(page, 'sendKeys', 2, 'End Enter c');
  assert.equal(await page.inputValue('#area'), 'ab\nc');
  await act(page, 'sendKeys', 2, 'Home ArrowRight Delete');
  assert.equal(await page.inputValue('#area'), 'a\nc');
  await act(page, 'sendKeys', 8, 'Space');
  assert.equal(await page.isChecked('#tick'), true, 'Space toggles a checkbox');
  await act(page, 'sendKeys', 9, 'Enter');
  assert.equal(await page.textContent('#press'), 'pressed', 'Enter activates a button');
  await page.closeAll();
});

test('hover: enter, over and move reach the element; moving on sends leave; a hover menu opens', async () => {
  const page = await open();
  const r = await act(page, 'hover', 5);
  assert.equal(r.success, true);
  assert.match(r.message, /^✅ Hovered element \(5\)\. Effect: the page changed \(/);
  assert.deepEqual(await page.evaluate(() => window.__hover.splice(0)), ['mouseover@hover-zone', 'mouseenter', 'mousemove']);
  assert.equal(await page.isVisible('#menu-item'), true);
  assert.equal((await act(page, 'clickElement', 7)).success, true);
  assert.deepEqual(await page.evaluate(() => window.__hover.splice(0)), ['mouseover@menu-item', 'mousemove']);
  assert.equal(await page.isVisible('#menu-item'), true, 'still inside the hover zone');
  await act(page, 'clickElement', 4);
  assert.deepEqual(await page.evaluate(() => window.__hover.splice(0)), ['mouseleave']);
  assert.equal(await page.isVisible('#menu-item'), false, 'the menu closed when the pointer left');
  await page.closeAll();
});

test('shadow DOM: the hit target inside the shadow root gets the click, composed to the document', async () => {
  const page = await open();
  const r = await act(page, 'clickElement', 6);
  assert.equal(r.success, true);
  assert.deepEqual(await page.evaluate(() => window.__shadowClicks), ['shadow-label', 'document saw host']);
  await page.closeAll();
});

test('sliders and colour pickers take their value as the gesture would leave it; a rejected text says what the field takes', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/blank.html');
  await page.evaluate(() => {
    document.body.innerHTML = '<input type="range" id="vol" min="0" max="10"><label>Tint <input type="color" id="tint"></label><input type="date" id="day">';
    window.__events = [];
    for (const type of ['pointerdown', 'click', 'input', 'change']) document.addEventListener(type, (e) => window.__events.push(`${type}:${e.target.id}=${e.target.value}`), true);
  });
  await installController(page, ['#vol', 'label', '#day']);
  assert.equal((await act(page, 'inputText', 0, '7')).message, '✅ Input text (7) into element (0). Effect: value "5" → "7".');
  // No click first: a click at the slider's centre would have moved it to 5 before the value.
  assert.deepEqual(await page.evaluate(() => window.__events.splice(0)), ['input:vol=7', 'change:vol=7']);
  const tint = await act(page, 'inputText', 1, '#336699');
  assert.equal(tint.success, true, tint.message);
  assert.equal(await page.evaluate(() => document.getElementById('tint').value), '#336699');
  const over = await act(page, 'inputText', 0, '70');
  assert.match(over.message, /holds "10" \(it rejected or reformatted the text; it takes a number within its min, max and step\)/);
  const day = await act(page, 'inputText', 2, '31/12/2026');
  assert.equal(day.success, false);
  assert.equal(day.message, '❌ Failed to input text: Error: The field holds "" after the page\'s turn: it did not take the text; it takes YYYY-MM-DD');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});
