// A scroll returns once the page has settled from it (the scroll events handled, intersection
// observers and virtualizers given their frames), fails when what it aims at cannot move instead of
// moving another scroller, and says which part of a list or grid that declares its size is shown.
// Page Agent compat mode keeps the reference's messages (act_parity.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, installController, act } from './helpers/act_setup.mjs';

const FIXTURE = '/tests/fixtures/act/act_scroll.html';
const env = useActServer();
// A generous bound: a loaded machine draws frames late; the default is 500 ms.
const CONFIG = { actionSettleMs: 3000 };

async function open(config = CONFIG) {
  const page = await openActPage(env.browser, env.server.origin, FIXTURE);
  await installController(page, ['#feed', '#grid', '#set', '#in-ended'], { config });
  return page;
}

test('a feed that loads on scroll: the result comes after the observer showed its loading row', async () => {
  const page = await open();
  const { r, after } = await page.evaluate(async () => {
    const r = await window.__ctl.scroll({ down: true, pixels: 1000, index: 0 });
    // Read in the same task as the result arrives: nothing of the page ran in between.
    return { r, after: { loading: !!document.getElementById('loading'), rows: document.querySelectorAll('#feed-rows .row').length } };
  });
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /^Scrolled container \(DIV\) by \d+px Effect: the page changed \(1 element added/);
  assert.equal(r.effect.settled, true);
  assert.ok(after.loading || after.rows > 20, JSON.stringify(after));
  await page.closeAll();
});

test('a virtualized grid: the rows of the new position are drawn when the scroll returns, and the message says which', async () => {
  const page = await open();
  const { r, first } = await page.evaluate(async () => {
    const r = await window.__ctl.scroll({ down: true, pixels: 400, index: 1 });
    return { r, first: document.querySelector('#grid-space [role=row]').getAttribute('aria-rowindex') };
  });
  assert.equal(first, '21');
  assert.equal(r.success, true, r.message);
  assert.match(r.message, /^Scrolled container \(DIV\) by 400px Shown: rows 21–30 of 1,000\. Effect: the page changed/);
  await page.closeAll();
});

test('a list with aria-setsize / aria-posinset: the items shown, out of the declared size', async () => {
  const page = await open();
  const r = await act(page, 'scroll', { down: true, pixels: 200, index: 2 });
  assert.equal(r.message, 'Scrolled container (UL) by 200px Shown: items 111–120 of 2,500.');
  await page.closeAll();
});

test('a container already at its end: the scroll fails and the page does not move in its place', async () => {
  const page = await open();
  await page.evaluate(() => { const e = document.getElementById('ended'); e.scrollTop = e.scrollHeight; });
  const r = await act(page, 'scroll', { down: true, pixels: 300, index: 3 });
  assert.equal(r.success, false);
  assert.equal(r.message, '❌ Failed to scroll: Error: Already at the bottom of container (DIV), cannot scroll down further; ' +
    'no other scroller was moved');
  assert.equal(await page.evaluate(() => scrollY), 0);
  const up = await act(page, 'scroll', { down: false, pixels: 50, index: 3 });
  assert.equal(up.success, true, 'the other way it moves');
  await page.closeAll();
});

test('the page at its end fails too; compat mode keeps the reference\'s warning and its fallback to the page', async () => {
  const page = await open();
  const bottom = await act(page, 'scroll', { down: true, numPages: 100 });
  assert.match(bottom.message, /Reached the bottom of the page\.$/);
  const again = await act(page, 'scroll', { down: true, pixels: 100 });
  assert.deepEqual([again.success, again.message], [false, '❌ Failed to scroll: Error: Already at the bottom of the page, cannot scroll down further.']);
  await page.evaluate(() => { scrollTo(0, 0); const e = document.getElementById('ended'); e.scrollTop = e.scrollHeight; });
  await installController(page, ['#feed', '#grid', '#set', '#in-ended'], { config: { pageAgentCompat: true } });
  const compat = await act(page, 'scroll', { down: true, pixels: 300, index: 3 });
  assert.deepEqual(compat, { success: true, message: '✅ Scrolled page by 300px.' });
  await page.closeAll();
});
