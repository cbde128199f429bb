// Parity with Page Agent 1.12.4's controller on the same fixture: the events a click, an input and
// a select produce (recorded by document listeners), and the {success, message} results of click,
// input, select and scroll, including the errors for unknown indices and acting before indexing.
// Deliberate differences are asserted exactly (docs/actions.md lists them). Messages are compared
// in Page Agent compat mode (pageAgentCompat: true), which keeps the reference's messages and shape;
// the default mode adds what the page did (`effect`), pinned at the end of this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act, openReferencePage, referenceIndex } from './helpers/act_setup.mjs';

const FIXTURE = '/tests/fixtures/act/act_events.html';
const env = useActServer();

const events = (page) => page.evaluate(() => window.__events.splice(0));

// The reference sends enter/leave only to the target; a browser (and dehydra) also sends them to
// every ancestor the pointer enters or leaves (the document node too, on entering the page).
// Those extra events, removed, leave the same sequence.
const ANCESTOR_CROSSING = /^(pointer|mouse)(enter|leave)@(document|html|body|btn|box|wide)$/;
const targetOnly = (list, target) => list.filter((e) => !ANCESTOR_CROSSING.test(e) || e.endsWith('@' + target));
// The reference sends no pointer movement and no beforeinput; a mouse and a keyboard do (and dehydra).
const USER_ONLY = /^(pointermove|mousemove|beforeinput)@/;
const asReference = (list, target) => targetOnly(list, target).filter((e) => !USER_ONLY.test(e));
const COMPAT = { pageAgentCompat: true };

// Runs `method(selector, ...args)` on the reference and on dehydra, each on a fresh page.
async function both(selector, method, ...args) {
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const { index, line } = await referenceIndex(ref, selector);
  assert.ok(index >= 0, `the reference indexes ${selector}`);
  await events(ref);
  const refResult = await ref.evaluate(({ method, args }) => window.__ref[method](...args), { method, args: [index, ...args] });
  const refEvents = await events(ref);
  const refState = await ref.evaluate(() => ({ name: document.getElementById('name').value,
    fruit: document.getElementById('fruit').value, agree: document.getElementById('agree').checked,
    active: document.activeElement.id }));

  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  const selectors = Array.from({ length: index + 1 }, (_, i) => (i === index ? selector : 'nothing-here'));
  const lines = Array.from({ length: index + 1 }, (_, i) => (i === index ? line : null));
  await installController(ours, selectors, { lines, config: COMPAT });
  await events(ours);
  const ourResult = await act(ours, method, index, ...args);
  const ourEvents = await events(ours);
  const ourState = await ours.evaluate(() => ({ name: document.getElementById('name').value,
    fruit: document.getElementById('fruit').value, agree: document.getElementById('agree').checked,
    active: document.activeElement.id }));
  assert.deepEqual(ours.errors, []);
  await ref.closeAll();
  await ours.closeAll();
  return { refResult, ourResult, refEvents, ourEvents, refState, ourState };
}

test('click: same events, same message, same effect', async () => {
  const r = await both('#btn', 'clickElement');
  assert.deepEqual(asReference(r.ourEvents, 'btn-label'), r.refEvents);
  assert.deepEqual(r.ourEvents.slice(0, 6), ['pointerover@btn-label', 'pointerenter@document', 'pointerenter@html', 'pointerenter@body',
    'pointerenter@btn', 'pointerenter@btn-label']);
  const down = r.ourEvents.indexOf('pointerdown@btn-label');
  assert.deepEqual(r.ourEvents.slice(down - 2, down), ['pointermove@btn-label', 'mousemove@btn-label'], 'the pointer moves before the press');
  assert.deepEqual(r.refEvents, ['pointerover@btn-label', 'pointerenter@btn-label', 'mouseover@btn-label',
    'mouseenter@btn-label', 'pointerdown@btn-label', 'mousedown@btn-label', 'focus@btn', 'focusin@btn',
    'pointerup@btn-label', 'mouseup@btn-label', 'click@btn-label']);
  assert.deepEqual(r.ourResult, r.refResult);
  assert.match(r.ourResult.message, /^✅ Clicked element \(\d+\)\.$/);
});

test('click on a checkbox and on a target=_blank link: same results', async () => {
  const box = await both('#agree', 'clickElement');
  assert.deepEqual(asReference(box.ourEvents, 'agree'), box.refEvents);
  assert.deepEqual(box.ourResult, box.refResult);
  assert.equal(box.ourState.agree, true);
  assert.deepEqual(box.ourState, box.refState);
  const link = await both('#ext', 'clickElement');
  assert.deepEqual(link.ourResult, link.refResult);
  assert.match(link.ourResult.message, / ⚠️ Link opened in a new tab\.$/);
});

test('input: the reference events plus beforeinput and change (as a paste or autofill), same message and value', async () => {
  const r = await both('#name', 'inputText', 'Grace Hopper');
  assert.deepEqual(asReference(r.ourEvents, 'name'), [...r.refEvents, 'change@name']);
  assert.deepEqual(r.ourEvents.slice(-3), ['beforeinput@name', 'input@name', 'change@name']);
  assert.deepEqual(r.refEvents.slice(-2), ['click@name', 'input@name']);
  assert.deepEqual(r.ourResult, r.refResult);
  assert.equal(r.ourState.name, 'Grace Hopper');
  assert.deepEqual(r.ourState, r.refState);
});

test('select: input then change (as a user\'s choice), same message and value', async () => {
  const r = await both('#fruit', 'selectOption', 'Banana');
  assert.deepEqual(r.refEvents, ['change@fruit']);
  assert.deepEqual(r.ourEvents, ['input@fruit', 'change@fruit']);
  assert.deepEqual(r.ourResult, r.refResult);
  assert.equal(r.ourState.fruit, 'b');
  const missing = await both('#fruit', 'selectOption', 'Durian');
  assert.equal(missing.ourResult.success, false);
  assert.ok(missing.ourResult.message.startsWith(missing.refResult.message), missing.ourResult.message);
  assert.match(missing.ourResult.message, /Available options: "-", "Apple", "Banana", "cherry pie"$/);
});

test('select: case-insensitive fallback where the reference fails', async () => {
  const r = await both('#fruit', 'selectOption', 'CHERRY PIE');
  assert.equal(r.refResult.success, false);
  assert.equal(r.ourResult.success, true);
  assert.equal(r.ourState.fruit, 'c');
});

test('errors: unknown index and acting before the first update, same messages', async () => {
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  await installController(ours, ['#btn']);
  const calls = [['clickElement', 999], ['inputText', 999, 'x'], ['selectOption', 999, 'x'],
    ['scroll', { down: true, numPages: 1, index: 999 }], ['scrollHorizontally', { right: true, pixels: 10, index: 999 }]];
  for (const [method, ...args] of calls) {
    const refR = await ref.evaluate(({ method, args }) => window.__ref[method](...args), { method, args });
    const ourR = await act(ours, method, ...args);
    assert.deepEqual(ourR, refR, method);
    assert.match(ourR.message, /No interactive element found at index 999$/);
  }
  await ref.evaluate(() => { window.__fresh = new globalThis.PageAgentReference.PageController(); });
  await installController(ours, ['#btn'], { indexed: false });
  for (const [method, ...args] of [['clickElement', 0], ['inputText', 0, 'x'], ['selectOption', 0, 'x'], ['scroll', { down: true, numPages: 1 }]]) {
    const refR = await ref.evaluate(({ method, args }) => window.__fresh[method](...args), { method, args });
    const ourR = await act(ours, method, ...args);
    assert.deepEqual(ourR, refR, method);
    assert.match(ourR.message, /DOM tree not indexed yet\. Can not perform actions on elements\.$/);
  }
  await ref.closeAll();
  await ours.closeAll();
});

// Scrolls `calls` in order on both and compares messages and positions (in compat mode: outside
// it, a scroll that cannot move fails, and act_scroll.test.mjs pins that).
async function scrollBoth(calls, where) {
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  const out = [];
  for (const call of calls) {
    let options = call;
    if (call.selector) {
      const { index } = await referenceIndex(ref, call.selector);
      const selectors = Array.from({ length: index + 1 }, (_, i) => (i === index ? call.selector : 'nothing-here'));
      await installController(ours, selectors, { config: COMPAT });
      options = { ...call, index };
      delete options.selector;
    } else {
      await installController(ours, [], { config: COMPAT });
    }
    const method = call.horizontal ? 'scrollHorizontally' : 'scroll';
    const refR = await ref.evaluate(({ method, options }) => window.__ref[method](options), { method, options });
    const ourR = await act(ours, method, options);
    const pos = (p) => p.evaluate((where) => (where ? [document.querySelector(where).scrollTop, document.querySelector(where).scrollLeft] : [scrollY, scrollX]), where);
    out.push({ refR, ourR, refPos: await pos(ref), ourPos: await pos(ours) });
  }
  await ref.closeAll();
  await ours.closeAll();
  return out;
}

test('scroll the page: same messages and positions, down, to the bottom, and back up', async () => {
  const steps = await scrollBoth([
    { down: true, numPages: 0.1 },
    { down: true, pixels: 400 },
    { down: true, numPages: 10 },
    { down: true, numPages: 1 },
    { down: false, pixels: 100000 },
    { down: false, pixels: 50 },
  ]);
  for (const s of steps) {
    assert.deepEqual(s.ourR, s.refR);
    assert.deepEqual(s.ourPos, s.refPos);
  }
  assert.equal(steps[0].ourR.message, '✅ Scrolled page by 80px.');
  assert.match(steps[2].ourR.message, /Reached the bottom of the page\.$/);
  assert.equal(steps[3].ourR.message, '⚠️ Already at the bottom of the page, cannot scroll down further.');
  assert.match(steps[4].ourR.message, /Reached the top of the page\.$/);
});

test('scroll a container by index: same message form, the full distance (the reference moves a third)', async () => {
  const steps = await scrollBoth([{ down: true, pixels: 90, selector: '#inbox' }], '#box');
  const [s] = steps;
  assert.equal(s.refR.message, 'Scrolled container (DIV) by 30px');
  assert.equal(s.ourR.message, 'Scrolled container (DIV) by 90px');
  assert.deepEqual(s.ourPos, [90, 0]);
  const wide = await scrollBoth([{ horizontal: true, right: true, pixels: 300, selector: '#inwide' }], '#wide');
  assert.equal(wide[0].refR.message, 'Scrolled container (DIV) horizontally by 100px');
  assert.equal(wide[0].ourR.message, 'Scrolled container (DIV) horizontally by 300px');
});

test('scroll the page horizontally: same messages', async () => {
  const steps = await scrollBoth([{ horizontal: true, right: true, pixels: 200 }]);
  assert.deepEqual(steps[0].ourR, steps[0].refR);
});

test('no fixed sleeps: click, input, select and scroll return within a few frames; the reference sleeps', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await installController(page, ['#btn', '#name', '#fruit']);
  const fired = await page.evaluate(async () => {
    const calls = [() => window.__ctl.clickElement(0), () => window.__ctl.inputText(1, 'quick'),
      () => window.__ctl.selectOption(2, 'Apple'), () => window.__ctl.scroll({ down: true, pixels: 50 })];
    const out = [];
    for (const call of calls) {
      let timerRan = false;
      setTimeout(() => { timerRan = true; }, 300);
      const r = await call();
      out.push([r.success, timerRan]);
    }
    return out;
  });
  assert.deepEqual(fired, [[true, false], [true, false], [true, false], [true, false]]);
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const { index } = await referenceIndex(ref, '#btn');
  const refFired = await ref.evaluate(async (index) => {
    let timerRan = false;
    setTimeout(() => { timerRan = true; }, 300);
    await window.__ref.clickElement(index);
    return timerRan;
  }, index);
  assert.equal(refFired, true, 'the reference sleeps inside a click');
  await ref.closeAll();
  await page.closeAll();
});

test('messages name the element by its line when the controller has one', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  const lines = ['[0]<button >Save />', '[1]<input />', '[2]<select >Apple />'];
  await installController(page, ['#btn', '#name', '#fruit'], { lines, config: COMPAT });
  assert.deepEqual(await act(page, 'clickElement', 0), { success: true, message: '✅ Clicked element ([0]<button >Save />).' });
  assert.deepEqual(await act(page, 'inputText', 1, 'hi'), { success: true, message: '✅ Input text (hi) into element ([1]<input />).' });
  assert.deepEqual(await act(page, 'selectOption', 2, 'apple'), { success: true, message: '✅ Selected option (apple) in element ([2]<select >Apple />).' });
  // The default mode says what the page did after the same message.
  await installController(page, ['#btn', '#name', '#fruit'], { lines });
  assert.equal((await act(page, 'inputText', 1, 'ho')).message,
    '✅ Input text (ho) into element ([1]<input />). Effect: value "hi" → "ho".');
  await page.closeAll();
});

test('a second click: the pointer leaves the first element in Chromium\'s order, then focus moves at mousedown (the reference blurs first)', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await installController(page, ['#name', '#btn']);
  await act(page, 'clickElement', 0);
  await events(page);
  await act(page, 'clickElement', 1);
  assert.deepEqual(await events(page), ['pointerout@name', 'pointerleave@name', 'pointerover@btn-label', 'pointerenter@btn',
    'pointerenter@btn-label', 'mouseout@name', 'mouseleave@name', 'mouseover@btn-label', 'mouseenter@btn', 'mouseenter@btn-label',
    'pointermove@btn-label', 'mousemove@btn-label', 'pointerdown@btn-label', 'mousedown@btn-label', 'blur@name', 'focusout@name', 'focus@btn', 'focusin@btn',
    'pointerup@btn-label', 'mouseup@btn-label', 'click@btn-label']);
  await page.closeAll();
});

test('scroll by index outside any container scrolls the page (the reference finds no container)', async () => {
  const [s] = await scrollBoth([{ down: true, pixels: 90, selector: '#bottom' }]);
  assert.equal(s.refR.message, 'No scrollable container found for element (BUTTON)');
  assert.equal(s.ourR.message, '✅ Scrolled page by 90px.');
  assert.deepEqual(s.ourPos, [90, 0]);
});

test('scroll without index on a scrollable page with a large scrollable panel: the page scrolls', async () => {
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  await installController(ours, []);
  const grow = () => { document.getElementById('box').style.height = '500px'; };
  await ref.evaluate(grow);
  await ours.evaluate(grow);
  const refR = await ref.evaluate(() => window.__ref.scroll({ down: true, pixels: 100 }));
  const ourR = await act(ours, 'scroll', { down: true, pixels: 100 });
  // The reference picks the panel; how far its smooth scroll got after 100 ms depends on the machine.
  assert.match(refR.message, /The document is not scrollable\. Falling back to container scroll\. .*\(DIV\)/);
  assert.equal(ourR.message, '✅ Scrolled page by 100px.');
  assert.equal(await ours.evaluate(() => scrollY), 100);
  await ref.closeAll();
  await ours.closeAll();
});

test('a covered element: clicked directly as the reference does, and the message names the cover', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.evaluate(() => {
    const veil = document.createElement('div');
    veil.id = 'veil';
    veil.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.2)';
    document.body.appendChild(veil);
  });
  await installController(page, ['#btn'], { config: COMPAT });
  const r = await act(page, 'clickElement', 0);
  assert.deepEqual(r, { success: true, message: '✅ Clicked element (0). ⚠️ It is covered by <div id=veil> (a user would click that); ' +
    'the events went to the element directly.' });
  assert.ok((await events(page)).includes('click@btn'));
  await page.closeAll();
});

test('a link wrapped over two lines is pressed on one of its lines, not at the centre of its box', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.evaluate(() => {
    // The link's box spans both lines; its centre lies on the text after it.
    const p = document.createElement('p');
    p.style.cssText = 'width:260px;font:16px/20px monospace;margin:0';
    p.innerHTML = '<span style="display:inline-block;width:120px">Before</span> <a id="wrapped" href="#wrapped-target">wrapped link go</a> and after it, long enough.';
    document.body.insertBefore(p, document.body.firstChild);
  });
  const rects = await page.evaluate(() => document.getElementById('wrapped').getClientRects().length);
  assert.equal(rects, 2, 'the fixture link spans two lines');
  await page.evaluate(() => document.getElementById('wrapped').addEventListener('mousedown', (e) => {
    window.__pressPoint = [e.clientX, e.clientY];
  }));
  await installController(page, ['#wrapped'], { config: COMPAT });
  const r = await act(page, 'clickElement', 0);
  assert.deepEqual(r, { success: true, message: '✅ Clicked element (0).' });
  assert.ok((await events(page)).includes('click@wrapped'));
  const onLink = await page.evaluate(() => {
    const [x, y] = window.__pressPoint;
    return [...document.getElementById('wrapped').getClientRects()].some((q) => x >= q.left && x <= q.right && y >= q.top && y <= q.bottom);
  });
  assert.ok(onLink, 'the press lies on one of the link\'s lines');
  await page.closeAll();
});

test('selectOption through a wrapper around a native select', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.evaluate(() => {
    const wrap = document.createElement('div');
    wrap.id = 'wrap';
    document.getElementById('fruit').replaceWith(wrap);
    wrap.append('Fruit: ', Object.assign(document.createElement('select'), { id: 'fruit', innerHTML: '<option>Apple</option><option>Banana</option>' }));
  });
  await installController(page, ['#wrap']);
  assert.equal((await act(page, 'selectOption', 0, 'banana')).success, true);
  assert.equal(await page.inputValue('#fruit'), 'Banana');
  await page.closeAll();
});

test('warnings: a field that reformats the text, an element without a box; a field that rejects it fails', async () => {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('afterbegin', '<input id="num" type="number"><input id="short" maxlength="3"><button id="gone" style="display:none">x</button>');
  });
  await installController(page, ['#num', '#short', '#gone'], { config: COMPAT });
  assert.deepEqual(await act(page, 'inputText', 0, 'twelve'), { success: false,
    message: '❌ Failed to input text: Error: The field holds "" after the page\'s turn: it did not take the text; it takes a number' });
  assert.deepEqual(await act(page, 'inputText', 0, '12'), { success: true, message: '✅ Input text (12) into element (0).' });
  assert.equal((await act(page, 'inputText', 1, 'abcdef')).message,
    '✅ Input text (abcdef) into element (1). ⚠️ The field holds "abc" (it rejected or reformatted the text).', 'cut at maxlength, as typing would');
  assert.deepEqual(await act(page, 'clickElement', 2), { success: true,
    message: '✅ Clicked element (2). ⚠️ It is not visible (no box on screen); the events went to the element directly.' });
  await page.closeAll();
});

test('scroll by index in a list that scrolls itself on wheel events (virtual lists): the wheel moves it', async () => {
  const setup = () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="wheeler" style="height:100px;overflow:hidden">' +
      '<div id="wheel-content" style="height:1000px"><button id="inwheel">in wheel</button></div></div>');
    const box = document.getElementById('wheeler');
    let y = 0;
    box.addEventListener('wheel', (e) => {
      e.preventDefault();
      y = Math.min(900, Math.max(0, y + e.deltaY));
      document.getElementById('wheel-content').style.transform = `translateY(${-y}px)`;
      box.dataset.y = String(y);
    }, { passive: false });
  };
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  await ref.evaluate(setup);
  await ref.evaluate(() => window.__ref.updateTree());
  const { index } = await referenceIndex(ref, '#inwheel');
  const refR = await ref.evaluate((index) => window.__ref.scroll({ down: true, pixels: 120, index }), index);
  assert.equal(refR.message, 'No scrollable container found for element (BUTTON)');
  assert.equal(await ref.evaluate(() => document.getElementById('wheeler').dataset.y), undefined);
  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  await ours.evaluate(setup);
  await installController(ours, ['#inwheel'], { config: COMPAT });
  const r = await act(ours, 'scroll', { down: true, pixels: 120, index: 0 });
  assert.deepEqual(r, { success: true, message: 'Scrolled (BUTTON) with a 120px wheel: the page scrolls it itself' });
  assert.equal(await ours.evaluate(() => document.getElementById('wheeler').dataset.y), '120');
  assert.equal(await ours.evaluate(() => scrollY), 0, 'the page did not move as well');
  await ref.closeAll();
  await ours.closeAll();
});

test('scroll under CSS scroll-behavior: smooth moves at once (the reference reports it cannot scroll)', async () => {
  const smooth = () => { document.documentElement.style.scrollBehavior = 'smooth'; document.getElementById('box').style.scrollBehavior = 'smooth'; };
  const ref = await openReferencePage(env.browser, env.server.origin, FIXTURE);
  await ref.evaluate(smooth);
  const refR = await ref.evaluate(() => window.__ref.scroll({ down: true, pixels: 300 }));
  assert.equal(refR.message, '⚠️ Already at the bottom of the page, cannot scroll down further.');
  const ours = await openActPage(env.browser, env.server.origin, FIXTURE);
  await ours.evaluate(smooth);
  await installController(ours, ['#inbox']);
  assert.equal((await act(ours, 'scroll', { down: true, pixels: 300 })).message, '✅ Scrolled page by 300px.');
  assert.equal((await act(ours, 'scroll', { down: true, pixels: 60, index: 0 })).message, 'Scrolled container (DIV) by 60px');
  await ref.closeAll();
  await ours.closeAll();
});
