// dragElement: HTML drag and drop between board columns, a pointer-driven splitter moved by an
// offset, and two sortable-list libraries as pages use them — SortableJS (HTML drag and drop) and
// dnd-kit (pointer events with an activation distance). A drag nothing reacts to fails; a covered
// source is refused; draggable elements have an index outside compat mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act } from './helpers/act_setup.mjs';

const env = useActServer();
const BOARD = ['#c1', '#c2', '#c3', '#splitter', '#still', '#left', '#volume'];

async function board() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_drag.html');
  await installController(page, BOARD);
  return page;
}

const log = (page, id = 'log') => page.evaluate((id) => document.getElementById(id).textContent, id);

test('HTML drag and drop: a card dragged onto a card of another column moves there, with the data it set', async () => {
  const page = await board();
  const r = await act(page, 'dragElement', 0, 2);
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /^✅ Dragged element \(0\) onto element \(2\)\. Effect: the page changed \(/);
  assert.equal(await log(page), 'drop c1 on done\ndragend c1 move\n');
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#done .card')].map((c) => c.id)), ['c3', 'c1']);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a pointer-driven splitter dragged by an offset: the document sees the moves with the button held', async () => {
  const page = await board();
  const r = await act(page, 'dragElement', 3, { dx: 100 });
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /^✅ Dragged element \(3\) by 100, 0 px\. Effect: /);
  const [, width, moves] = (await log(page)).match(/resized to (\d+) in (\d+) moves/);
  assert.equal(Number(width), 300);
  assert.ok(Number(moves) >= 4, `moved in steps: ${moves}`);
  await page.closeAll();
});

test('a native slider dragged by an offset takes the value under the end point, rounded to its step', async () => {
  const page = await board();
  await page.evaluate(() => {
    window.__events = [];
    for (const type of ['input', 'change']) document.getElementById('volume').addEventListener(type, () => window.__events.push(type));
  });
  // From the middle (x = 100 of 200: 25) by 62 px: 162 / 200 of 0–50 is 40.5, and the step is 5.
  const r = await act(page, 'dragElement', 6, { dx: 62 });
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /Effect: value "10" → "40"/);
  assert.deepEqual(await page.evaluate(() => [document.getElementById('volume').value, window.__events]), ['40', ['input', 'change']]);
  await page.closeAll();
});

test('a drag nothing accepts fails and says why; a covered source is refused and nothing is sent', async () => {
  const page = await board();
  const r = await act(page, 'dragElement', 4, { dx: 150, dy: 40 });
  assert.equal(r.success, false);
  assert.match(r.message, /^❌ Failed to drag element: Error: Nothing on the page changed after the drag: .*nothing at the drop point accepted it/);
  await page.evaluate(() => {
    document.getElementById('veil').style.display = 'block';
    window.__events = 0;
    document.getElementById('c1').addEventListener('pointerdown', () => window.__events++);
  });
  const covered = await act(page, 'dragElement', 0, 2);
  assert.equal(covered.success, false);
  assert.match(covered.message, /is covered by <div id=veil>.*a user's (drag|drop) would land there, so nothing was sent/);
  assert.equal(await page.evaluate(() => window.__events), 0);
  await page.closeAll();
});

test('bad targets are clear errors that change nothing', async () => {
  const page = await board();
  for (const [to, pattern] of [
    ['x', /to must be an index or \{dx, dy\} \(got the string "x"\)/],
    [{ dx: 0, dy: 0 }, /to must be an offset other than \{dx: 0, dy: 0\}/],
    [{ dx: 'far' }, /to\.dx must be a finite number of CSS pixels/],
    [99, /No interactive element found at index 99/],
  ]) {
    const r = await act(page, 'dragElement', 0, to);
    assert.equal(r.success, false);
    assert.match(r.message, pattern);
  }
  assert.equal(await log(page), '');
  await page.closeAll();
});

test('SortableJS (HTML drag and drop), dnd-kit (pointer events, 5 px activation) and @hello-pangea/dnd (mouse events, moves in frames): an item dragged onto another moves there', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_drag_libraries.html');
  await page.waitForFunction(() => document.querySelectorAll('#dndkit li').length === 4 && document.querySelectorAll('#pangea li').length === 4);
  await installController(page, ['#sortable li:nth-child(1)', '#sortable li:nth-child(3)', '#dndkit li:nth-child(1)', '#dndkit li:nth-child(3)']);
  let r = await act(page, 'dragElement', 0, 1);
  assert.equal(r.success, true, r.message);
  assert.equal(await log(page, 'sortable-log'), 'Beta,Gamma,Alpha,Delta');
  r = await act(page, 'dragElement', 2, 3);
  assert.equal(r.success, true, r.message);
  await page.waitForFunction(() => document.getElementById('dndkit-log').textContent !== 'One,Two,Three,Four', null, { timeout: 2000 }).catch(() => {});
  assert.equal(await log(page, 'dndkit-log'), 'Two,Three,One,Four');
  await installController(page, ['#pangea li:nth-child(1)', '#pangea li:nth-child(3)']);
  r = await act(page, 'dragElement', 0, 1);
  assert.equal(r.success, true, r.message);
  await page.waitForFunction(() => document.getElementById('pangea-log').textContent !== 'Red,Green,Blue,Black', null, { timeout: 2000 }).catch(() => {});
  assert.equal(await log(page, 'pangea-log'), 'Green,Blue,Red,Black');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('draggable elements have an index outside compat mode, none in it (as Page Agent)', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_drag.html');
  const lines = await page.evaluate(async () => {
    const read = async (config) => (await new globalThis.dehydra.PageController(config).getBrowserState()).content;
    return { ours: await read({}), compat: await read({ pageAgentCompat: true }) };
  });
  assert.match(lines.ours, /\[\d+\]<div >Write specs \/>/);
  assert.match(lines.ours, /\[\d+\]<div id=still[^\n]*>Dragging me does nothing \/>/);
  assert.doesNotMatch(lines.compat, /\[\d+\]<div id=still/);
  await page.closeAll();
});
