// Same-origin frames (hit testing, coordinates, the frame's own event classes), stale indices
// (removed, replaced, frame navigated: refused, nothing else touched) and the demo pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act, openReferencePage } from './helpers/act_setup.mjs';

const FRAMES = '/tests/fixtures/act/act_frames.html';
const env = useActServer();

async function openFrames(config) {
  const page = await openActPage(env.browser, env.server.origin, FRAMES);
  await page.waitForFunction(() => document.getElementById('f1').contentDocument?.getElementById('inner-btn'));
  await installController(page, ['#f1 >>> #inner-btn', '#f1 >>> #inner-input', '#f1', '#f1 >>> #inner-editor'], { config });
  return page;
}

// Where the inner label's centre is, in the frame's viewport, after the action scrolled it in.
const innerCentre = (page) => page.evaluate(() => {
  const r = document.getElementById('f1').contentDocument.getElementById('inner-label').getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
});
const innerLog = (page) => page.evaluate(() => document.getElementById('f1').contentWindow.__log.splice(0));

test('a click inside a frame: the frame\'s hit target, frame coordinates, the frame\'s event classes', async () => {
  const page = await openFrames();
  const r = await act(page, 'clickElement', 0);
  assert.equal(r.success, true, r.message);
  const log = await innerLog(page);
  assert.deepEqual(log.map((e) => e.type + '@' + e.id), ['pointerdown@inner-label', 'mousedown@inner-label', 'focus@inner-btn',
    'mouseup@inner-label', 'click@inner-label']);
  const centre = await innerCentre(page);
  const down = log.find((e) => e.type === 'mousedown');
  assert.ok(Math.abs(down.x - centre.x) <= 1 && Math.abs(down.y - centre.y) <= 1, JSON.stringify({ down, centre }));
  for (const e of log) {
    assert.equal(e.sameRealm, true, e.type + ' is an instance of the frame\'s MouseEvent');
    assert.equal(e.view, true, e.type + ' has the frame\'s window as view');
  }
  // The button really was in view when pressed: the frame's own hit test agrees.
  assert.equal(await page.evaluate(({ x, y }) => document.getElementById('f1').contentDocument.elementFromPoint(x, y).id, centre), 'inner-label');
  assert.equal(await page.evaluate(() => document.getElementById('f1').contentDocument.activeElement.id), 'inner-btn');
  assert.equal((await act(page, 'inputText', 1, 'framed')).success, true);
  assert.equal(await page.evaluate(() => document.getElementById('f1').contentDocument.getElementById('inner-input').value), 'framed');
  assert.equal((await act(page, 'inputText', 3, 'typed in a frame')).success, true);
  assert.equal(await page.evaluate(() => document.getElementById('f1').contentDocument.getElementById('inner-editor').innerText.trim()), 'typed in a frame');
  assert.equal((await act(page, 'sendKeys', 1, 'Control+a Backspace z')).success, true);
  assert.equal(await page.evaluate(() => document.getElementById('f1').contentDocument.getElementById('inner-input').value), 'z');
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('the reference in the same frame: its events are foreign to the frame and miss the hit target', async () => {
  const page = await openReferencePage(env.browser, env.server.origin, FRAMES);
  await page.waitForFunction(() => document.getElementById('f1').contentDocument?.getElementById('inner-btn'));
  await page.evaluate(() => window.__ref.updateTree());
  const r = await page.evaluate(async () => {
    const el = document.getElementById('f1').contentDocument.getElementById('inner-btn');
    for (const [i, node] of window.__ref.selectorMap) if (node.ref === el) return window.__ref.clickElement(i);
    return null;
  });
  assert.equal(r?.success, true);
  const log = await innerLog(page);
  const down = log.find((e) => e.type === 'mousedown');
  assert.equal(down.id, 'inner-btn');
  assert.equal(down.sameRealm, false);
  await page.closeAll();
});

test('stale indices: removed, replaced, or in a navigated frame — refused, and nothing is clicked', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  await page.evaluate(() => {
    window.__clicks = [];
    document.addEventListener('click', (e) => window.__clicks.push(e.target.id), true);
  });
  await installController(page, ['#btn', '#name', '#agree', '#fruit']);
  await page.evaluate(() => {
    document.getElementById('btn').remove();
    const old = document.getElementById('name');
    const fresh = old.cloneNode(true);
    old.replaceWith(fresh);
  });
  for (const [method, index, ...args] of [['clickElement', 0], ['inputText', 1, 'x'], ['hover', 0], ['sendKeys', 1, 'Enter'],
    ['selectOption', 0, 'x'], ['scroll', { down: true, pixels: 10, index: 0 }]]) {
    const r = await act(page, method, index, ...args);
    assert.equal(r.success, false, method);
    assert.match(r.message, /Element at index \d is stale \(it was removed from the page or replaced\)\. The page changed since the last state: refresh the browser state and use the new index\.$/);
  }
  assert.deepEqual(await page.evaluate(() => window.__clicks), []);
  assert.equal(await page.inputValue('#name'), '');
  assert.equal((await act(page, 'clickElement', 2)).success, true, 'live indices still work');
  await page.closeAll();

  const framed = await openFrames();
  await framed.evaluate(() => new Promise((resolve) => {
    const f = document.getElementById('f1');
    f.addEventListener('load', resolve, { once: true });
    f.src = 'act_frame_inner.html?again';
  }));
  const r = await act(framed, 'clickElement', 0);
  assert.equal(r.success, false);
  assert.match(r.message, /is stale \(/);
  assert.deepEqual(await innerLog(framed), []);
  await framed.closeAll();
});

test('pointerAnimation: a visible pointer glides to the press point (frame offset included); off by default', async () => {
  const off = await openFrames();
  await act(off, 'clickElement', 0);
  assert.equal(await off.evaluate(() => document.querySelector('[data-dehydra-ignore]')), null);
  await off.closeAll();

  const page = await openFrames({ pointerAnimation: 40 });
  const r = await act(page, 'clickElement', 0);
  assert.equal(r.success, true);
  const got = await page.evaluate(() => {
    const p = document.querySelector('[data-dehydra-ignore]');
    const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\)/.exec(p.style.transform);
    return { x: Number(m[1]), y: Number(m[2]), events: getComputedStyle(p).pointerEvents, hidden: p.getAttribute('aria-hidden') };
  });
  const want = await page.evaluate(() => {
    const f = document.getElementById('f1');
    const fr = f.getBoundingClientRect();
    const r = f.contentDocument.getElementById('inner-label').getBoundingClientRect();
    return { x: fr.left + f.clientLeft + 5 + r.left + r.width / 2, y: fr.top + f.clientTop + 5 + r.top + r.height / 2 };
  });
  assert.ok(Math.abs(got.x - want.x) <= 1 && Math.abs(got.y - want.y) <= 1, JSON.stringify({ got, want }));
  assert.equal(got.events, 'none');
  assert.equal(got.hidden, 'true');
  assert.equal((await innerLog(page)).filter((e) => e.type === 'click').length, 1);
  await page.closeAll();
});

test('a hostile page that patches built-ins after dehydra loaded does not change what actions do', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  await installController(page, ['#btn', '#name', '#fruit', '#agree', '#notes']);
  // One evaluation: patch, act, restore (the test driver itself needs the built-ins to talk back).
  const { results, state } = await page.evaluate(async () => {
    let clicked = 0;
    document.getElementById('btn').addEventListener('click', () => { clicked += 1; });
    const boom = () => { throw new Error('patched by the page'); };
    const saved = [];
    for (const [proto, names] of [[Array.prototype, ['push', 'indexOf', 'sort', 'concat', 'map']],
      [String.prototype, ['trim', 'replace', 'split', 'indexOf', 'toUpperCase', 'charCodeAt']],
      [RegExp.prototype, ['test']], [EventTarget.prototype, ['dispatchEvent']],
      [HTMLElement.prototype, ['click', 'focus', 'blur']], [Element.prototype, ['getAttribute', 'getBoundingClientRect', 'closest']],
      [Document.prototype, ['elementFromPoint', 'execCommand']]]) {
      for (const name of names) {
        saved[saved.length] = [proto, name, Object.getOwnPropertyDescriptor(proto, name)];
        Object.defineProperty(proto, name, { value: boom, configurable: true, writable: true });
      }
    }
    const ctl = window.__ctl;
    const results = [];
    const record = (r) => { results[results.length] = r; };
    try {
      record(await ctl.clickElement(0));
      record(await ctl.inputText(1, 'still works'));
      record(await ctl.selectOption(2, 'banana'));
      record(await ctl.clickElement(3));
      record(await ctl.sendKeys(4, 'Shift+x'));
    } catch (e) {
      record({ success: false, message: 'threw: ' + e.message });
    } finally {
      for (let i = saved.length - 1; i >= 0; i--) Object.defineProperty(saved[i][0], saved[i][1], saved[i][2]);
    }
    return { results, state: { clicked, name: document.getElementById('name').value,
      fruit: document.getElementById('fruit').value, agree: document.getElementById('agree').checked,
      notes: document.getElementById('notes').value } };
  });
  for (const r of results) assert.equal(r.success, true, r.message);
  assert.equal(results.length, 5);
  assert.deepEqual(state, { clicked: 1, name: 'still works', fruit: 'b', agree: true, notes: 'X' });
  await page.closeAll();
});

test('a frame with padding and a border: boxes, highlights and clicks at the frame\'s content box', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_frame_padded.html');
  await page.waitForFunction(() => document.getElementById('pf').contentDocument?.getElementById('pad-btn'));
  const button = page.frameLocator('#pf').locator('#pad-btn');
  const near = (got, want) => ['x', 'y', 'width', 'height'].every((k) => Math.abs(got[k] - want[k]) <= 1);
  // Boxes are drawn (and re-measured) in the next animation frame.
  const state = await page.evaluate(async () => {
    window.__c = new dehydra.PageController();
    const { content } = await window.__c.getBrowserState({ boxes: true });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { content, shown: dehydra._testing.shownHighlights() };
  });
  const m = /\[(\d+)\]<button id=pad-btn>Padded press \/> box=(-?\d+),(-?\d+),(\d+),(\d+)$/m.exec(state.content);
  assert.ok(m, state.content);
  const index = Number(m[1]);
  const want = await button.boundingBox();
  const box = { x: Number(m[2]), y: Number(m[3]), width: Number(m[4]), height: Number(m[5]) };
  assert.ok(near(box, want), JSON.stringify({ box, want }));
  const drawn = state.shown.find((b) => b.index === index);
  assert.ok(drawn && near(drawn, want), JSON.stringify({ drawn, want }));
  // Scrolling re-measures the boxes from the live layout.
  const shown = await page.evaluate(async () => {
    window.scrollBy(0, 15);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return dehydra._testing.shownHighlights();
  });
  const scrolled = await button.boundingBox();
  const remeasured = shown.find((b) => b.index === index);
  assert.ok(remeasured && near(remeasured, scrolled), JSON.stringify({ remeasured, scrolled }));
  const geo = await page.evaluate((i) => dehydra.geometry(i, window.__c)[i], index);
  assert.ok(near(geo, scrolled) && geo.visibleRatio === 1, JSON.stringify({ geo, scrolled }));
  // A click by index lands on the button, at its centre.
  await page.evaluate(() => {
    window.__clicks = [];
    document.getElementById('pf').contentDocument.addEventListener('click', (e) => window.__clicks.push({ id: e.target.id, x: e.clientX, y: e.clientY }));
  });
  const r = await page.evaluate((i) => window.__c.clickElement(i), index);
  assert.equal(r.success, true, r.message);
  const clicks = await page.evaluate(() => window.__clicks);
  const inner = await page.evaluate(() => {
    const b = document.getElementById('pf').contentDocument.getElementById('pad-btn').getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  });
  assert.equal(clicks.length, 1, JSON.stringify(clicks));
  assert.equal(clicks[0].id, 'pad-btn');
  assert.ok(Math.abs(clicks[0].x - inner.x) <= 1 && Math.abs(clicks[0].y - inner.y) <= 1, JSON.stringify({ clicks, inner }));
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});
