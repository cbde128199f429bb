// `dehydra mcp --extension`: the MCP server pairs with dehydra's extension in a running Chromium
// over 127.0.0.1 (the token from the server's stderr, entered through the extension's pair page),
// then the same tools work in that browser's tabs: list and pick one, state, click and type by
// number, navigate, a new tab, a screenshot; the state is the one a browser dehydra launches gives
// for the same page; what needs a debugger (an expected request among it) is refused with the
// reason. Then, a Chromium started with no automation at all (a plain process without a remote
// debugging port or pipe, and an extension without the debugger permission): its page sees no
// webdriver while the agent reads and acts in it. A page holding a frame of another origin reads
// and acts across it, as the side panel does. A dialog the page opens is told with its text, and
// left to the user. And `dehydra open --extension`, the shell session, pairs the same way, as does
// `dehydra mcp --http`, whose clients share the one browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { root, startServer, chromiumPath } from './helpers/harness.mjs';
import { bin, call, indexOf, runDehydra, stdioClient } from './helpers/driver_harness.mjs';
import { launchWithExtension } from './helpers/extension_harness.mjs';

const extensionDir = join(root, 'dist', 'extension');

// The page checks for itself whether it is automated (navigator.webdriver), each time it loads and
// after each Save.
const PROBE = `<script>
function check() { document.getElementById('probe').textContent = 'webdriver=' + navigator.webdriver; }
</script>`;
const PAGE = `<!doctype html><html><head><title>Orders</title>${PROBE}</head><body onload="check()">
<h1>Orders</h1><p id="probe">unchecked</p>
<label>Customer <input id="customer" name="customer"></label>
<button onclick="out.textContent = 'Saved ' + customer.value; check()">Save</button>
<p id="out">Nothing saved</p><a href="/second">Second page</a></body></html>`;
const SECOND = '<!doctype html><html><head><title>Second</title></head><body><h1>Second page</h1>' +
  '<button>Done</button></body></html>';

let server;
before(async () => {
  server = await startServer({ '/orders': { body: PAGE }, '/second': { body: SECOND } });
});
after(async () => { await server?.close(); });

// `dehydra mcp --extension --extension-port 0` with the SDK's client: {client, port, token}, read
// from the line the server prints on stderr before any call.
async function extensionClient() {
  const args = [bin, 'mcp', '--extension', '--extension-port', '0'];
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' });
  const pairing = new Promise((resolve, reject) => {
    let err = '';
    transport.stderr.setEncoding('utf8');
    transport.stderr.on('data', (d) => {
      err += d;
      const m = /127\.0\.0\.1:(\d+)\..*token ([0-9a-f]{32})/.exec(err);
      if (m) resolve({ port: m[1], token: m[2] });
    });
    setTimeout(() => reject(new Error(`no pairing line: ${err}`)), 15000);
  });
  const client = new Client({ name: 'dehydra-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, ...(await pairing) };
}

const fenceless = (text) => text.replace(/ id=[0-9a-f]+>/g, '>');
const tabNumber = (listing, url) => Number(new RegExp(`(\\d+): ${url.replace(/[.?]/g, '\\$&')}`).exec(listing)[1]);

test('paired through the extension, the tools work in its tabs; the state is a launched browser\'s', async () => {
  const ext = await launchWithExtension();
  const { client, port, token } = await extensionClient();
  const launched = await stdioClient();
  try {
    const refused = await extensionClientUnpaired(port);
    assert.match(refused, /refused: wrong or spent token/, 'a wrong token is refused');
    const url = `${server.origin}/orders`;
    const page = await openAndPair(ext, url, port, token);

    const t0 = performance.now();
    const listing = await call(client, 'tabs', { action: 'list' });
    assert.ok(!listing.isError, listing.text);
    assert.match(listing.text, /chrome-extension:\/\/.*pair\.html/, 'the user\'s tabs are listed');
    const picked = await call(client, 'tabs', { action: 'select', index: tabNumber(listing.text, url) });
    assert.match(picked.text, /Tab \d+ is the current tab/);
    const pickMs = performance.now() - t0;
    const timed = async (c) => {
      const t = performance.now();
      return [await call(c, 'state', {}), performance.now() - t];
    };
    const [state, ownMs] = await timed(client);
    await call(launched, 'navigate', { url });
    const [expected, launchedMs] = await timed(launched);
    assert.equal(fenceless(state.text), fenceless(expected.text), 'the same state as in a browser dehydra launches');
    console.log(`# tabs list + select: ${pickMs.toFixed(0)} ms; state through the extension ${ownMs.toFixed(0)} ms, ` +
      `in a launched browser ${launchedMs.toFixed(0)} ms`);

    const typed = await call(client, 'type', { index: indexOf(state.text, /<input/), text: 'Kim' });
    assert.ok(!typed.isError, typed.text);
    const clicked = await call(client, 'click', { index: indexOf(state.text, /Save/) });
    assert.match(clicked.text, /Saved Kim/, clicked.text);
    assert.equal(await page.textContent('#out'), 'Saved Kim', 'the page itself changed');
    // Playwright's own launch of this browser sets webdriver: the page's check does see it.
    assert.equal(await page.textContent('#probe'), 'webdriver=true');

    const moved = await call(client, 'navigate', { url: `${server.origin}/second` });
    assert.match(moved.text, /\[\d+\]<button[^\n]*Done/, moved.text);
    await page.waitForURL(`${server.origin}/second`);
    const back = await call(client, 'back', {});
    assert.match(back.text, /Orders/, back.text);

    const evaluated = await call(client, 'evaluate', { function: '() => document.title + " " + location.pathname' });
    assert.match(evaluated.text, /Orders \/orders/, evaluated.text);

    const shot = await client.callTool({ name: 'screenshot', arguments: {} });
    const png = Buffer.from(shot.content.find((c) => c.type === 'image').data, 'base64');
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.ok(width >= 400 && height >= 300, `a viewport-sized image (${width}x${height})`);

    const whole = await call(client, 'screenshot', { fullPage: true });
    assert.ok(whole.isError && /DevTools protocol/.test(whole.text), whole.text);
    const upload = await call(client, 'upload', { index: 0, paths: [bin] });
    assert.ok(upload.isError && /^upload refused: .*no debugger attached/.test(upload.text), upload.text);
    const network = await call(client, 'network', {});
    assert.ok(network.isError && /^network refused: /.test(network.text), network.text);
    // An expected request cannot be told without the page's requests: refused before anything
    // runs, a batch whole (its typing step not run either).
    const expecting = await call(client, 'click', { index: indexOf(state.text, /Save/), expect: { request: { url: '/orders' } } });
    assert.ok(expecting.isError && /^click refused: expecting a request .*no debugger attached/.test(expecting.text), expecting.text);
    const steps = [{ tool: 'type', args: { index: indexOf(state.text, /<input/), text: 'Zed' } },
      { tool: 'click', args: { index: indexOf(state.text, /Save/), expect: { request: { url: '/orders', status: '2xx' } } } }];
    const batch = await call(client, 'batch', { steps });
    assert.ok(batch.isError && /^batch refused: step 2: click refused: expecting a request/.test(batch.text), batch.text);
    assert.notEqual(await page.inputValue('#customer'), 'Zed', 'no step of the batch ran');

    const opened = await call(client, 'tabs', { action: 'new', url: `${server.origin}/second` });
    assert.match(opened.text, /Second page/, opened.text);
    const urls = await ext.worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.url));
    assert.equal(urls.filter((u) => u.endsWith('/second')).length, 1, urls.join(' '));
  } finally {
    await client.close();
    await launched.close();
    await ext.close();
  }
});

// A greeting with a wrong token, as another local program might send: the server's refusal.
// Opens `url` in the extension's browser, then pairs through the extension's pair page as a user
// would, with the server's port and token; the page at `url`.
async function openAndPair(ext, url, port, token) {
  const page = await ext.context.newPage();
  await page.goto(url);
  const pair = await ext.context.newPage();
  await pair.goto(`chrome-extension://${ext.extensionId}/pair.html?port=${port}&token=${token}`);
  await pair.waitForFunction(() => document.getElementById('status').dataset.state === 'paired', null,
    { timeout: 10000 });
  return page;
}

async function extensionClientUnpaired(port) {
  const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
  const socket = new WebSocket(`ws://127.0.0.1:${port}/dehydra`, { headers: { origin } });
  return new Promise((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ hello: { token: 'guessed' } }));
    socket.onmessage = (e) => resolve(JSON.parse(e.data).refused ? `refused: ${JSON.parse(e.data).refused}` : e.data);
    socket.onerror = (e) => reject(new Error(`no connection: ${e.message}`));
  }).finally(() => socket.close());
}

// A copy of the extension whose pairing.json pairs it as it starts (bridge.js): a browser that
// nothing drives cannot be given the token through the pair page.
function provisionedExtension(dir, port, token) {
  const copy = join(dir, 'extension');
  cpSync(extensionDir, copy, { recursive: true });
  writeFileSync(join(copy, 'pairing.json'), JSON.stringify({ port: Number(port), token }));
  return copy;
}

test('in a Chromium no one automates, the page sees no webdriver while the agent works', async () => {
  const { client, port, token } = await extensionClient();
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-plain-'));
  const extension = provisionedExtension(dir, port, token);
  const url = `${server.origin}/orders`;
  const chromium = spawn(chromiumPath, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
    `--user-data-dir=${join(dir, 'profile')}`, `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`, url],
  { stdio: 'ignore' });
  try {
    let listing;
    for (const end = Date.now() + 20000; Date.now() < end;) {
      listing = await call(client, 'tabs', { action: 'list' });
      if (!listing.isError && listing.text.includes(url)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.match(listing.text, new RegExp(url), listing.text);
    const state = await call(client, 'tabs', { action: 'select', index: tabNumber(listing.text, url) });
    assert.match(state.text, /webdriver=false/, state.text);
    await call(client, 'type', { index: indexOf(state.text, /<input/), text: 'Ada' });
    const clicked = await call(client, 'click', { index: indexOf(state.text, /Save/) });
    assert.match(clicked.text, /Saved Ada/, clicked.text);
    const after = await call(client, 'state', {});
    assert.match(after.text, /webdriver=false/, 'checked again after the agent acted');
    // Nothing else could reach the browser: no debugging port or pipe, no debugger permission.
    const command = readFileSync(`/proc/${chromium.pid}/cmdline`, 'utf8');
    assert.doesNotMatch(command, /remote-debugging/);
    const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8'));
    assert.ok(!manifest.permissions.includes('debugger'), manifest.permissions.join(' '));
  } finally {
    await client.close();
    chromium.kill('SIGTERM');
    await new Promise((resolve) => { chromium.once('exit', resolve); setTimeout(resolve, 5000); });
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a frame of another origin: its elements in the state at its place, and actions on them run in it', async () => {
  const card = await startServer({ '/card.html': { body: `<!doctype html><html><body>
    <label>Name on card <input id="name"></label>
    <button onclick="out.textContent = 'paid by ' + document.getElementById('name').value">Pay now</button>
    <p id="out"></p></body></html>` } });
  const shop = await startServer({ '/shop.html': (req, res) => res.end(`<!doctype html><html><head><title>Shop</title>
    </head><body><h1>Shop</h1><button>Before</button>
    <iframe src="${card.origin}/card.html" style="width:400px;height:120px"></iframe>
    <button onclick="this.textContent = 'After done'">After</button></body></html>`) });
  const ext = await launchWithExtension();
  const { client, port, token } = await extensionClient();
  try {
    const url = `${shop.origin}/shop.html`;
    const page = await openAndPair(ext, url, port, token);
    const listing = await call(client, 'tabs', { action: 'list' });
    const state = await call(client, 'tabs', { action: 'select', index: tabNumber(listing.text, url) });
    const lines = state.text.split('\n');
    const at = (pattern) => lines.findIndex((l) => pattern.test(l));
    assert.ok(at(/Before/) < at(/<input/) && at(/<input/) < at(/Pay now/) && at(/Pay now/) < at(/After/), state.text);
    await call(client, 'type', { index: indexOf(state.text, /<input/), text: 'Kim' });
    const paid = await call(client, 'click', { index: indexOf(state.text, /Pay now/) });
    assert.match(paid.text, /paid by Kim/, paid.text);
    const frame = page.frames().find((f) => f.url().startsWith(card.origin));
    assert.equal(await frame.textContent('#out'), 'paid by Kim', 'the click ran in the frame');
    const after = await call(client, 'click', { index: indexOf(paid.text, /After/) });
    assert.match(after.text, /After done/, after.text);
  } finally {
    await client.close();
    await ext.close();
    await shop.close();
    await card.close();
  }
});

test('a confirm the page opens in the user\'s browser: the answer says so with its text; the next call works once the user answered it, or navigate closes it', async () => {
  const asking = await startServer({ '/ask': { body: '<!doctype html><html><head><title>Ask</title></head><body>' +
    '<button onclick="out.textContent = confirm(\'Delete order 7?\') ? \'deleted\' : \'kept\'">Delete</button>' +
    '<p id="out">unasked</p></body></html>' } });
  const ext = await launchWithExtension();
  const { client, port, token } = await extensionClient();
  try {
    const url = `${asking.origin}/ask`;
    const page = await openAndPair(ext, url, port, token);
    // The user's hand on the dialog (Playwright's launch would otherwise dismiss it at once).
    let dialog = null;
    page.on('dialog', (d) => { dialog = d; });
    const listing = await call(client, 'tabs', { action: 'list' });
    const state = await call(client, 'tabs', { action: 'select', index: tabNumber(listing.text, url) });
    const t0 = performance.now();
    const clicked = await call(client, 'click', { index: indexOf(state.text, /Delete/), expect: { dialog: true } });
    assert.match(clicked.text, /A confirm dialog is open in your browser and the page waits on it: an extension cannot answer/, clicked.text);
    assert.match(clicked.text, /Delete order 7\?/, clicked.text);
    assert.doesNotMatch(clicked.text, /stopped answering/, clicked.text);
    assert.match(clicked.text, /Expected a dialog: met/, clicked.text);
    assert.ok(performance.now() - t0 < 10000, 'told as the dialog opened, not once the page was taken for frozen');
    for (const end = Date.now() + 5000; !dialog && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(dialog?.message(), 'Delete order 7?', 'the dialog is the browser\'s own, open');
    const blocked = await call(client, 'state', {});
    assert.ok(blocked.isError && /confirm dialog is open in your browser \("Delete order 7\?"\)/.test(blocked.text), blocked.text);
    const answer = await call(client, 'dialog', { accept: true });
    assert.ok(answer.isError && /^dialog refused: an extension cannot answer the browser's own dialogs/.test(answer.text), answer.text);
    await dialog.accept();
    let after = null;
    for (const end = Date.now() + 10000; Date.now() < end;) {
      after = await call(client, 'state', {});
      if (!after.isError) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(!after.isError, after.text);
    assert.match(after.text, /deleted/, after.text);
    // Another, left open: navigate leaves the page, which closes it.
    dialog = null;
    const again = await call(client, 'click', { index: indexOf(after.text, /Delete/) });
    assert.match(again.text, /A confirm dialog is open in your browser/, again.text);
    const moved = await call(client, 'navigate', { url });
    assert.ok(!moved.isError, moved.text);
    assert.match(moved.text, /unasked/, moved.text);
  } finally {
    await client.close();
    await ext.close();
    await asking.close();
  }
});

test('dehydra open --extension: the session waits to be paired (its log says how), then works', async () => {
  const ext = await launchWithExtension();
  const runtime = mkdtempSync(join(tmpdir(), 'dehydra-run-'));
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
  const url = `${server.origin}/orders`;
  try {
    const opening = runDehydra(['open', url, '--extension', '--extension-port', '0', '--session', 'own'], env);
    const log = join(runtime, `dehydra-${process.getuid()}`, 'own.log');
    let pairing = null;
    for (const end = Date.now() + 15000; !pairing && Date.now() < end;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      pairing = /127\.0\.0\.1:(\d+)\..*token ([0-9a-f]{32})/.exec(existsSync(log) ? readFileSync(log, 'utf8') : '');
    }
    assert.ok(pairing, 'the session\'s log names the port and the token');
    const pair = await ext.context.newPage();
    await pair.goto(`chrome-extension://${ext.extensionId}/pair.html?port=${pairing[1]}&token=${pairing[2]}`);
    const opened = await opening;
    assert.equal(opened.code, 0, opened.out + opened.err);
    assert.match(opened.out, /\[\d+\]<button[^\n]*Save/, opened.out);
    const typed = await runDehydra(['type', String(indexOf(opened.out, /<input/)), 'Lee', '--session', 'own'], env);
    assert.equal(typed.code, 0, typed.out);
    const clicked = await runDehydra(['click', String(indexOf(opened.out, /Save/)), '--session', 'own'], env);
    assert.match(clicked.out, /Saved Lee/, clicked.out);
  } finally {
    await runDehydra(['close', '--session', 'own'], env);
    await ext.close();
    rmSync(runtime, { recursive: true, force: true });
  }
});

test('over --http, every client works in the one paired browser', async () => {
  const ext = await launchWithExtension();
  const child = spawn(process.execPath, [bin, 'mcp', '--http', '0', '--extension', '--extension-port', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  const clients = [];
  try {
    const lines = await new Promise((resolve, reject) => {
      let err = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d) => {
        err += d;
        const pairing = /127\.0\.0\.1:(\d+)\..*token ([0-9a-f]{32})/.exec(err);
        const url = /(http:\/\/\S+\/mcp)/.exec(err);
        if (pairing && url) resolve({ port: pairing[1], token: pairing[2], url: url[1] });
      });
      child.on('exit', (code) => reject(new Error(`dehydra mcp exited (${code}): ${err}`)));
    });
    const pair = await ext.context.newPage();
    await pair.goto(`chrome-extension://${ext.extensionId}/pair.html?port=${lines.port}&token=${lines.token}`);
    await pair.waitForFunction(() => document.getElementById('status').dataset.state === 'paired', null,
      { timeout: 10000 });
    for (let i = 0; i < 2; i++) {
      const client = new Client({ name: `dehydra-test-${i}`, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(lines.url)));
      clients.push(client);
    }
    await call(clients[0], 'navigate', { url: `${server.origin}/second` });
    const seen = await call(clients[1], 'state', {});
    assert.match(seen.text, /Second page/, 'the second client reads the tab the first one opened');
  } finally {
    for (const c of clients) await c.close();
    child.kill('SIGTERM');
    await ext.close();
  }
});
