// The one-shot CLI: every --format, any URL (not only loopback), the browser options a user needs to
// reach real sites (user agent, cookies, viewport), and clear errors for bad input.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDehydra, startShop } from './helpers/driver_harness.mjs';

const cli = (...args) => runDehydra(args);

let shop;
before(async () => { shop = await startShop(); });
after(async () => { await shop?.close(); });

test('every --format answers on the shop; json carries the index table by name', async () => {
  const expected = {
    text: /\*\[0\]<input name=q placeholder=Search tools \/>/,
    markdown: /^# Tool shop/m,
    aria: /- combobox "Size" \[ref=\d+\]/,
    tools: /"name": "form_order"/,
    webtree: /"tag": "body"|"tag":"body"|"body"/,
  };
  for (const [format, pattern] of Object.entries(expected)) {
    const r = await cli('--format', format, shop.shop);
    assert.equal(r.code, 0, `${format}: ${r.err}`);
    assert.match(r.out, pattern, format);
  }
  const r = await cli('--format', 'json', shop.shop);
  assert.equal(r.code, 0, r.err);
  const json = JSON.parse(r.out);
  assert.match(json.content, /Place order/);
  const place = json.indexes.find((e) => e.tag === 'button' && /Place order/.test(json.content.split('\n').find((l) => l.includes(`[${e.index}]`))));
  assert.ok(place, 'the Place order button is in the table');
  assert.equal(place.isNew, true);
  assert.ok('line' in place);
  assert.ok(place.rect.width > 0 && place.rect.height > 0 && place.rect.y > 0, JSON.stringify(place.rect));
});

test('--user-agent, --cookies (JSON and cookies.txt) and --viewport reach the page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-cli-'));
  const json = join(dir, 'cookies.json');
  writeFileSync(json, JSON.stringify([{ name: 'session', value: 'abc123', url: shop.origin }]));
  let r = await cli('--user-agent', 'AgentBrowser/1.0', '--cookies', json, '--viewport', '800x600', '--browser-arg=--lang=de', shop.shop);
  assert.equal(r.code, 0, r.err);
  assert.equal(shop.seen.userAgents.at(-1), 'AgentBrowser/1.0');
  assert.equal(shop.seen.cookies.at(-1), 'session=abc123');
  assert.match(r.out, /800x600px viewport/);
  const txt = join(dir, 'cookies.txt');
  writeFileSync(txt, `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\ttheme\tdark\n`);
  r = await cli('--cookies', txt, shop.shop);
  assert.equal(r.code, 0, r.err);
  assert.equal(shop.seen.cookies.at(-1), 'theme=dark');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '[{"name": "x"}]');
  r = await cli('--cookies', bad, shop.shop);
  assert.equal(r.code, 1);
  assert.match(r.err, /each cookie needs name, value and url or domain/);
});

test('any URL is opened: a host beyond loopback is tried, not refused (this machine has no route there)', async () => {
  const r = await cli('--wait-timeout', '2000', 'https://unreachable.invalid/');
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.err, /only local files and loopback/);
  assert.match(r.err, /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_NAME_RESOLUTION_FAILED|ERR_CONNECTION|ERR_ADDRESS_UNREACHABLE|ERR_TUNNEL/);
});

test('bad usage is exit 2 with the reason; a missing browser is exit 3', async () => {
  for (const [args, pattern] of [
    [['--format', 'pdf', shop.shop], /unknown format pdf/],
    [['--viewport', 'big', shop.shop], /--viewport takes WIDTHxHEIGHT/],
    [['--browser', 'netscape', shop.shop], /--browser takes chromium or firefox/],
    [['--browser-arg', 'lang=de', shop.shop], /--browser-arg takes a switch/],
    [['--cdp-endpoint', 'localhost:9222', shop.shop], /--cdp-endpoint takes an http/],
    [['gopher://old.example/'], /unsupported URL scheme/],
    [[], /no page given/],
  ]) {
    const r = await cli(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, pattern);
  }
  const r = await cli('--browser-path', '/no/such/chromium', shop.shop);
  assert.equal(r.code, 3);
  assert.match(r.err, /Chromium not found at \/no\/such\/chromium/);
});
