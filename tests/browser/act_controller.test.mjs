// The actions installed on dehydra.PageController, by the indices its own updateTree assigned:
// messages carry the same lines as the reference's after the same updates, stale indices are
// refused after the page changes, and the custom select works by index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, openReferencePage } from './helpers/act_setup.mjs';

const env = useActServer();

// Runs `steps` ([method, selector, ...args]) after two updates (so lines are no longer `*` new)
// on a controller held in window[name]; indices are looked up by element.
function runSteps(page, name, steps) {
  return page.evaluate(async ({ name, steps }) => {
    const pc = window[name];
    await pc.updateTree();
    await pc.updateTree();
    const indexOf = (el) => {
      if (pc.selectorMap) { for (const [i, node] of pc.selectorMap) if (node.ref === el) return i; return -1; }
      for (const i of pc.indexes()) if (pc.elementAt(i) === el) return i;
      return -1;
    };
    const out = [];
    for (const [method, selector, ...args] of steps) {
      const i = indexOf(document.querySelector(selector));
      out.push(await pc[method](i, ...args));
    }
    return out;
  }, { name, steps });
}

test('same messages as the reference, lines included, by the controller\'s own indices', async () => {
  const steps = [['clickElement', '#btn'], ['inputText', '#name', 'Ada'], ['selectOption', '#fruit', 'Banana'],
    ['clickElement', '#agree'], ['clickElement', '#ext']];
  const ref = await openReferencePage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  const refResults = await runSteps(ref, '__ref', steps);
  const ours = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  // Compat mode prints the reference's lines; the default prints its own (no type=button).
  await ours.evaluate(() => { window.__pc = new dehydra.PageController({ highlight: false, pageAgentCompat: true }); });
  const ourResults = await runSteps(ours, '__pc', steps);
  assert.deepEqual(ourResults, refResults);
  assert.match(ourResults[0].message, /^✅ Clicked element \(\[\d+\]<button type=button id=btn>Save \/>\)\.$/);
  // The default mode: its own line (no type=button), then what the page did, and the effect as data.
  const fresh = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  await fresh.evaluate(() => { window.__pc = new dehydra.PageController({ highlight: false }); });
  const defaults = await runSteps(fresh, '__pc', steps);
  for (let i = 0; i < steps.length; i++) {
    assert.match(defaults[i].message, /^✅ .* Effect: /, defaults[i].message);
    assert.equal(typeof defaults[i].effect.changed, 'boolean');
  }
  assert.match(defaults[0].message, /^✅ Clicked element \(\[\d+\]<button id=btn>Save \/>\)\. Effect: /);
  assert.match(defaults[3].message, /Effect: checked false → true\.$/);
  await fresh.closeAll();
  assert.deepEqual(ours.errors, []);
  await ref.closeAll();
  await ours.closeAll();
});

test('before the first update, and after the page replaced an element', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  const r = await page.evaluate(async () => {
    const pc = new dehydra.PageController({ highlight: false });
    const early = await pc.clickElement(0);
    await pc.updateTree();
    const btn = document.getElementById('btn');
    let index = -1;
    for (const i of pc.indexes()) if (pc.elementAt(i) === btn) index = i;
    btn.replaceWith(btn.cloneNode(true));
    let clicks = 0;
    document.getElementById('btn').addEventListener('click', () => { clicks += 1; });
    const stale = await pc.clickElement(index);
    await pc.updateTree();
    const fresh = await pc.clickElement(index);
    return { early, stale, fresh, clicks };
  });
  assert.deepEqual(r.early, { success: false, message: '❌ Failed to click element: Error: DOM tree not indexed yet. Can not perform actions on elements.' });
  assert.equal(r.stale.success, false);
  assert.match(r.stale.message, /is stale .* refresh the browser state and use the new index\.$/);
  assert.equal(r.fresh.success, true);
  assert.equal(r.clicks, 1, 'only the click after the refresh reached the new button');
  await page.closeAll();
});

test('Headless UI Listbox by the controller\'s index', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_react.html');
  await page.waitForSelector('#state');
  const r = await page.evaluate(async () => {
    const pc = new dehydra.PageController({ highlight: false });
    await pc.updateTree();
    const button = document.getElementById('person-button');
    let index = -1;
    for (const i of pc.indexes()) if (pc.elementAt(i) === button) index = i;
    return { index, result: await pc.selectOption(index, 'Devon Webb') };
  });
  assert.ok(r.index >= 0, 'the listbox button is indexed');
  assert.equal(r.result.success, true, r.result.message);
  assert.equal(JSON.parse(await page.textContent('#state')).person, 'Devon Webb');
  await page.closeAll();
});

test('the controller\'s mask (enableMask) keeps the user\'s pointer off the page, not the agent\'s: a click is not refused for it', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_events.html');
  const r = await page.evaluate(async () => {
    const pc = new dehydra.PageController({ highlight: false, enableMask: true });
    await pc.showMask();
    await pc.updateTree();
    const btn = document.getElementById('btn');
    const i = pc.indexes().find((n) => pc.elementAt(n) === btn);
    let clicked = 0;
    btn.addEventListener('click', () => clicked++);
    const result = await pc.clickElement(i);
    const stillBlocks = document.elementFromPoint(5, 5).localName;
    await pc.hideMask();
    return { result, clicked, stillBlocks };
  });
  assert.equal(r.result.success, true, r.result.message);
  assert.doesNotMatch(r.result.message, /covered/);
  assert.equal(r.clicked, 1);
  assert.equal(r.stillBlocks, 'dehydra-mask', 'the mask is back after the action');
  await page.closeAll();
});
