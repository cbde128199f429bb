// More faults a server left running must outlive: a navigation whose server never answers (bounded
// as documented, other clients answered meanwhile), a client that goes away mid-call, and the
// one-shot CLI on the user's running browser, which must leave the user's tabs as they were.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { httpServer, call, runDehydra, debuggableChromium } from './helpers/driver_harness.mjs';
import { startServer } from './helpers/harness.mjs';

let site;
const hung = [];
before(async () => {
  site = await startServer({
    '/hang': (req, res) => { hung.push(res); },  // answered only when the test ends
    '/page': { body: '<!doctype html><title>Fine</title><h1>Fine page</h1><button>Go</button>' },
  });
});
after(async () => {
  for (const res of hung) res.destroy();
  await site?.close();
});

test('a navigation that never completes answers at its bound; another client is answered meanwhile; the next call works', async () => {
  const server = await httpServer();
  try {
    const a = await server.connect();
    const b = await server.connect();
    const t0 = Date.now();
    const stuck = call(a, 'navigate', { url: `${site.origin}/hang` });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const t1 = Date.now();
    const other = await call(b, 'navigate', { url: `${site.origin}/page` });
    assert.match(other.text, /Fine page/);
    assert.ok(Date.now() - t1 < 30000, `the other client was answered in ${Date.now() - t1} ms, before the stuck navigation's bound`);
    const r = await stuck;
    const ms = Date.now() - t0;
    assert.match(r.text, /did not finish loading within 30000 ms/);
    assert.ok(ms < 55000, `answered in ${ms} ms (navigate's bound)`);
    const next = await call(a, 'navigate', { url: `${site.origin}/page` });
    assert.match(next.text, /Fine page/);
  } finally {
    await server.close();
  }
});

test('a client that goes away mid-call: the server lives on, its session is closed, other clients are answered', async () => {
  const server = await httpServer();
  try {
    const a = await server.connect();
    await call(a, 'navigate', { url: `${site.origin}/page` });
    const pending = a.callTool({ name: 'evaluate', arguments: { function: '() => new Promise((r) => setTimeout(r, 4000))' } }).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.close();
    await pending;
    const b = await server.connect();
    const r = await call(b, 'navigate', { url: `${site.origin}/page` });
    assert.match(r.text, /Fine page/);
    assert.equal(server.child.exitCode, null, 'the server still runs');
  } finally {
    await server.close();
  }
});

test('the one-shot CLI on a running browser (--cdp-endpoint) reads in a tab of its own and closes it, leaving the user\'s tab', async () => {
  const { port, child: chromium } = await debuggableChromium(`${site.origin}/page?user`);
  try {
    const tabs = async () => (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()).filter((t) => t.type === 'page').map((t) => t.url);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await tabs(), [`${site.origin}/page?user`]);
    const r = await runDehydra(['--cdp-endpoint', `http://127.0.0.1:${port}`, `${site.origin}/page?agent`]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Fine page/);
    assert.deepEqual(await tabs(), [`${site.origin}/page?user`], 'the user\'s tab is where it was, and no tab is left behind');
  } finally {
    chromium.kill('SIGKILL');
  }
});
