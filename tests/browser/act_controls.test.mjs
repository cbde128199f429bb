// A control's own parts are not its cover: Shoelace's and Material Web's checkboxes and switches
// (a styled box over a hidden native input in the shadow root), a label drawn over its input, and a
// hidden input under its styled sibling are clicked through the part a user presses, and their
// state changes; a hint bubble over a field beside another control still refuses the click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage } from './helpers/act_setup.mjs';
import { clickOwnParts, assertOwnPartsClicked } from './helpers/own_parts_page.mjs';

const env = useActServer();

async function open() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_controls.html');
  await page.waitForFunction(() => document.getElementById('state').textContent);
  return page;
}

test('checkboxes and switches drawn over their inputs: each click lands on its own part and toggles it', async () => {
  const page = await open();
  assertOwnPartsClicked(assert, await page.evaluate(clickOwnParts));
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a link inside a label over a checkbox is the link\'s, not the checkbox\'s: refused', async () => {
  const page = await open();
  const r = await page.evaluate(async () => {
    document.querySelector('label[for=plain-check]').innerHTML = '<a href="#terms" style="display:block;height:100%">Terms</a>';
    const controller = new globalThis.dehydra.PageController();
    const line = (await controller.getBrowserState()).content.split('\n').find((l) => l.includes('id=plain-check'));
    return { click: await controller.clickElement(Number(/\[(\d+)\]/.exec(line)[1])), checked: document.getElementById('plain-check').checked };
  });
  assert.equal(r.click.success, false);
  assert.match(r.click.message, /is covered by .*Terms/);
  assert.equal(r.checked, false);
  await page.closeAll();
});
