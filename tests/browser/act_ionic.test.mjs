// Ionic's ion-select (from npm, served as the package ships it): its popup is a dialog holding a
// group of radios, in each of its three interfaces. A popover and an action sheet take the choice
// and close; an alert takes it only when its "OK" is pressed, as a user does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, agentState, agentAct, pageState, indexOnLine } from './helpers/act_setup.mjs';

const env = useActServer();

async function open() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/act/act_ionic.html');
  // Ionic shows its components once each is hydrated.
  await page.waitForFunction(() => [...document.querySelectorAll('*')].every((e) => !e.localName.startsWith('ion-') || e.classList.contains('hydrated')));
  return page;
}
const openOverlays = (page) => page.evaluate(() =>
  [...document.querySelectorAll('ion-popover, ion-alert, ion-action-sheet')].filter((e) => !e.classList.contains('overlay-hidden')).length);

for (const [label, wanted, value, how] of [['Fruit', 'Banana', 'banana', 'popover'], ['Size', 'Large', 'l', 'alert'],
  ['Color', 'Blue', 'blue', 'action sheet']]) {
  test(`an ion-select ${how}: the option is chosen by text, the component takes it and its popup is closed`, async () => {
    const page = await open();
    const index = indexOnLine(await agentState(page), `button aria-label=${label}`);
    const r = await agentAct(page, 'selectOption', index, wanted);
    assert.equal(r.success, true, r.message);
    assert.equal(/Pressed "OK" in its dialog to commit it/.test(r.message), how === 'alert', r.message);
    const state = await pageState(page);
    assert.equal(state[label.toLowerCase()], value);
    assert.equal(state.events.length, 1);
    assert.equal(await openOverlays(page), 0);
    assert.deepEqual(page.errors, []);
    await page.closeAll();
  });
}

test('an ion-select option that is not there fails, names the options, and leaves no popup open', async () => {
  const page = await open();
  const r = await agentAct(page, 'selectOption', indexOnLine(await agentState(page), 'button aria-label=Fruit'), 'Mango');
  assert.equal(r.success, false);
  assert.match(r.message, /not found in the dropdown\. Available options: .*Apple.*Banana.*Cherry/);
  await page.waitForFunction(() => !document.querySelector('ion-popover:not(.overlay-hidden)'), null, { timeout: 5000 });
  assert.equal((await pageState(page)).events.length, 0);
  await page.closeAll();
});
