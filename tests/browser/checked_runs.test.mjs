// Checked runs: an action carries the caller's expectation and the answer says met or not (not met
// fails the call); batch runs steps in order and stops at the first surprise, in MCP and in the
// shell. On the loopback shop, whose server records orders.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stdioClient, call, indexOf, startShop, runDehydra, bin } from './helpers/driver_harness.mjs';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

let shop;
let client;
let state;
before(async () => {
  shop = await startShop();
  client = await stdioClient();
});
after(async () => {
  await client?.close();
  await shop?.close();
});

const fresh = async () => { state = (await call(client, 'navigate', { url: shop.shop })).text; };
const at = (pattern) => indexOf(state, pattern);

test('expect met and not met: a text, an element\'s value, a request and its status, a tab, a dialog', async () => {
  await fresh();
  let r = await call(client, 'click', { index: at(/Add hammer/), expect: { text: 'Cart: 1' } });
  assert.ok(r.isError, 'the shop wants a size first: the expectation says so');
  assert.match(r.text, /NOT met: it is not on the page\.\nclick \[\d+\] succeeded[\s\S]*Choose a size first\./);
  await call(client, 'select', { index: at(/role=combobox/), option: 'Small', expect: { element: { index: at(/role=combobox/), expanded: false } } });
  r = await call(client, 'click', { index: at(/Add hammer/), expect: { text: 'Cart: 1' } });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /^Expected the text "Cart: 1" on the page: met\./);
  r = await call(client, 'click', { index: at(/Add hammer/), expect: { text: 'Cart: 5', dialog: false } });
  assert.ok(r.isError, 'an expectation not met fails the call');
  assert.match(r.text, /^Expected the text "Cart: 5" on the page: NOT met: it is not on the page\.\nExpected no dialog: met\./);
  r = await call(client, 'type', { index: at(/name=q/), text: 'saw', expect: { element: { index: at(/name=q/), value: 'saw' } } });
  assert.match(r.text, /^Expected element \[\d+\] value "saw": met\./);
  r = await call(client, 'type', { index: at(/name=name/), text: 'Kim' });
  r = await call(client, 'click', { index: at(/Place order/), expect: { request: { url: '/mcp/order', method: 'POST', status: '2xx' }, text: 'confirmed' } });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /Expected a POST request to "\/mcp\/order" answered 2xx: met\./);
  r = await call(client, 'click', { index: at(/Clear cart/), expect: { dialog: false } });
  assert.ok(r.isError);
  assert.match(r.text, /Expected no dialog: NOT met: a dialog opened\./);
  await call(client, 'dialog', { accept: false });
  r = await call(client, 'click', { index: at(/Catalogue in a new tab/), expect: { newTab: true, url: '/mcp/second' } });
  assert.ok(!r.isError, r.text);
  r = await call(client, 'tabs', {});
  await call(client, 'tabs', { action: 'close', index: Number(/\* (\d):/.exec(r.text)[1]) });
  r = await call(client, 'click', { index: 0, expect: { colour: 'red' } });
  assert.match(r.text, /^click: bad arguments, nothing was done: expect\.colour is not an argument of this tool/);
});

test('batch: steps in order; stops at the first step whose expectation is not met, and runs none after it', async () => {
  await fresh();
  const orders = shop.orders.length;
  let r = await call(client, 'batch', { steps: [
    { tool: 'select', args: { index: at(/role=combobox/), option: 'Small' } },
    { tool: 'click', args: { index: at(/Add hammer/), expect: { text: 'Cart: 1 (Small)' } } },
    { tool: 'type', args: { index: at(/name=name/), text: 'Ana' } },
    { tool: 'click', args: { index: at(/Place order/), expect: { text: 'confirmed for Ana' } } },
  ] });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /^1\. select [^\n]*: select \[\d+\] succeeded[^\n]*\n2\. click [^\n]*: Expected the text "Cart: 1 \(Small\)" on the page: met\./);
  assert.match(r.text, /All 4 step\(s\) done\. The last step's answer:\nExpected the text "confirmed for Ana" on the page: met\./);
  assert.equal(shop.orders.length, orders + 1);
  await fresh();
  r = await call(client, 'batch', { steps: [
    { tool: 'click', args: { index: at(/Add hammer/), expect: { text: 'Cart: 3' } } },
    { tool: 'click', args: { index: at(/Place order/) } },
  ] });
  assert.ok(r.isError);
  assert.match(r.text, /^1\. click [^\n]*: FAILED: Expected the text "Cart: 3" on the page: NOT met[^\n]*\nStopped at step 1 of 2; the steps after it were not run\./);
  assert.equal(shop.orders.length, orders + 1, 'the order was not placed');
  r = await call(client, 'batch', { steps: [{ tool: 'batch', args: { steps: [] } }] });
  assert.match(r.text, /a step cannot be a batch/);
});

test('dehydra batch FILE|-: the same in the shell, the steps from the input; locators as the element words', async () => {
  const env = { ...process.env, XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), 'dehydra-sessions-')) };
  let r = await runDehydra(['open', shop.shop], env);
  const steps = JSON.stringify([{ tool: 'select', args: { index: indexOf(r.out, /role=combobox/), option: 'Small' } },
    { tool: 'click', args: { index: indexOf(r.out, /Add hammer/), expect: { text: 'Cart: 1' } } },
    { tool: 'click', args: { index: indexOf(r.out, /Add hammer/), expect: { text: 'Cart: 9' } } }]);
  r = await new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'batch', '-'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(steps);
  });
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /^1\. select [^\n]*\n2\. click [^\n]*: Expected the text "Cart: 1" on the page: met\.[^\n]*\n3\. click [^\n]*: FAILED/);
  r = await runDehydra(['state', '--locators'], env);
  assert.match(r.out, /\] button "Add hammer to cart"/);
  r = await runDehydra(['hover', 'button "Add hammer to cart"'], env);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /^Locator button "Add hammer to cart" is \[\d+\]\./);
  await runDehydra(['close'], env);
});

test('locators: state prints them, every action takes one instead of a number, a batch runs on them alone', async () => {
  await fresh();
  let r = await call(client, 'state', { locators: true });
  assert.match(r.text, new RegExp(String.raw`\[${at(/Add hammer/)}\] button "Add hammer to cart"`));
  assert.match(r.text, new RegExp(String.raw`\[${at(/role=combobox/)}\] combobox "Size"`));
  r = await call(client, 'batch', { steps: [
    { tool: 'select', args: { locator: 'combobox "Size"', option: 'Medium' } },
    { tool: 'click', args: { locator: 'button "Add hammer to cart"', expect: { text: 'Cart: 1' } } },
    { tool: 'type', args: { locator: 'textbox "Name"', text: 'Ada', expect: { element: { index: at(/name=name/), value: 'Ada' } } } },
  ] });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /^1\. select [^\n]*Locator combobox "Size" is \[\d+\]\./m);
  r = await call(client, 'click', { locator: 'css=#clear', expect: { dialog: true } });
  assert.ok(!r.isError, r.text);
  await call(client, 'dialog', { accept: false });
  r = await call(client, 'click', { locator: 'button "Checkout"' });
  assert.ok(r.isError);
  assert.match(r.text, /^locator button "Checkout" names no element of this page; its button elements: \[\d+\] button "Search", /);
  r = await call(client, 'click', { locator: 'button Save' });
  assert.match(r.text, /^locator button Save is not role "name"/);
  r = await call(client, 'click', {});
  assert.match(r.text, /^click: bad arguments, nothing was done: index \(a number from the state\) or locator is required/);
  r = await call(client, 'click', { index: 1, locator: 'button "Search"' });
  assert.match(r.text, /give index or locator, not both/);
});

test('pages as typed tools: each form is an MCP tool of its own, announced with list_changed, checked before anything is typed', async () => {
  const c = await stdioClient();
  let announced = 0;
  c.setNotificationHandler(ToolListChangedNotificationSchema, () => { announced++; });
  try {
    await call(c, 'navigate', { url: shop.shop });
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(announced >= 1, 'the client was told the tools changed');
    const tools = (await c.listTools()).tools;
    const order = tools.find((t) => t.name === 'page_form_order');
    assert.ok(order, tools.map((t) => t.name).join(', '));
    assert.deepEqual(Object.keys(order.inputSchema.properties), ['name', 'notes', 'submit']);
    assert.deepEqual(order.inputSchema.required, ['name']);
    assert.match(order.description, /^A form of the page: Fill in the form \(name, notes\)\. The input is checked/);
    let r = await call(c, 'page_form_order', { name: 7 });
    assert.ok(r.isError, r.text);
    const s = await call(c, 'state', {});
    assert.doesNotMatch(s.text, /value=7/, 'nothing was typed');
    r = await call(c, 'page_form_order', { name: 'Kim', notes: 'By noon' });
    assert.ok(!r.isError, r.text);
    assert.match(r.text, /^fill_form form_order: set 2 field\(s\)\./);
    const before = announced;
    await call(c, 'navigate', { url: `${shop.origin}/mcp/second` });
    await new Promise((r2) => setTimeout(r2, 100));
    assert.ok(announced > before, 'a page with other forms is announced again');
    assert.ok(!(await c.listTools()).tools.some((t) => t.name === 'page_form_order'));
  } finally {
    await c.close();
  }
  const off = await stdioClient(['--no-page-tools']);
  try {
    await call(off, 'navigate', { url: shop.shop });
    assert.ok(!(await off.listTools()).tools.some((t) => /^page_form/.test(t.name)));
    assert.equal(off.getServerCapabilities().tools.listChanged, undefined);
  } finally {
    await off.close();
  }
});
