// Faults an MCP server left running must outlive, through the SDK's client on `dehydra mcp`: a page
// whose script never yields (in a click handler, in evaluate, while it loads) is stopped from
// outside and the next call works; the stdio server ends with its input or its parent and takes
// its browser with it. Loopback pages only; each process it starts is counted and must be gone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stdioClient, httpServer, call, indexOf, bin } from './helpers/driver_harness.mjs';
import { startServer } from './helpers/harness.mjs';

// A long page: 40 parts of 1,000 links, about 270,000 tokens as a state.
const bigPage = () => {
  let html = '<!doctype html><title>Big</title><h1>Big</h1><div role=listbox aria-label=Size tabindex=0>' +
    '<div role=option tabindex=-1>Small</div><div role=option tabindex=-1>Large</div></div><p>After the sizes</p>';
  for (let part = 0; part < 40; part++) {
    html += `<section aria-label="Part ${part}"><h2>Part ${part}</h2><ul>`;
    for (let i = 0; i < 1000; i++) html += `<li><a href="#p${part}-${i}">Item ${part}-${i}</a></li>`;
    html += '</ul></section>';
  }
  return html;
};

// A two-page PDF with a line of text on each page, written out by hand (the smallest valid file).
const pdfFile = () => {
  const objects = [];
  const add = (o) => objects.push(o);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>');
  for (const content of [5, 6]) add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 7 0 R >> >> >>`);
  for (const text of ['Quarterly report', 'Totals 42']) {
    const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
};

let server;
let client;
before(async () => {
  server = await startServer({
    '/faults/loop': { body: `<!doctype html><title>Loops</title><h1>Loops</h1>
      <button onclick="while (true) {}">Spin forever</button><button onclick="this.textContent = 'Counted'">Count</button>` },
    '/faults/frames': { body: '<!doctype html><title>Framed</title><p>Outer</p><iframe src="/faults/inner"></iframe><iframe src="/faults/inner"></iframe>' },
    '/faults/inner': { body: '<!doctype html><p>Inner</p><button>Inside</button>' },
    '/faults/counter': { body: `<!doctype html><title>Counter</title><h1 id=h></h1><button onclick="this.textContent = h.textContent + ' pressed'">Press</button>
      <script>h.textContent = 'Page ' + new URL(location.href).searchParams.get('name') + (document.cookie ? ' (' + document.cookie + ')' : '')</script>` },
    '/faults/missing': { status: 404, body: '<!doctype html><title>Oops</title><h1>Nothing here</h1>' },
    '/faults/big': { body: bigPage() },
    '/faults/report': { type: 'text/csv', headers: { 'content-disposition': 'attachment; filename="report.csv"' }, body: 'a,b\n1,2\n' },
    '/faults/plain.txt': { type: 'text/plain', body: 'hello there' },
    '/faults/report.pdf': { type: 'application/pdf', body: pdfFile() },
    '/faults/downloads': { body: '<!doctype html><title>Files</title><a href="/faults/report">Report</a> <a href="/faults/plain.txt" download="note.txt">Note</a> <a href="/faults/report.pdf">The PDF</a>' },
    '/faults/nag': { body: '<!doctype html><title>Nag</title><button onclick="for (;;) alert(\'again\')">Nag</button>' },
    '/faults/slow-click': { body: '<!doctype html><title>Slow</title><button onclick="const end = Date.now() + 4000; while (Date.now() < end) {}">Work</button>' },
    '/faults/loop-at-load': { body: '<!doctype html><title>Stuck</title><p>Before the loop</p><script>while (true) {}</script><p>After</p>' },
  });
  client = await stdioClient();
});
after(async () => {
  await client?.close();
  await server?.close();
});

// Times are checked against the documented bounds (a call's 45 s, a navigation's 55 s), or as
// generous bounds on a hang: a loaded machine may be slow, never stuck.
const timed = async (f) => {
  const t0 = Date.now();
  const r = await f();
  return { ...r, ms: Date.now() - t0 };
};

test('a click whose handler never yields: answered as a frozen page, stopped, and the next call works', async () => {
  let r = await call(client, 'navigate', { url: `${server.origin}/faults/loop` });
  r = await timed(() => call(client, 'click', { index: indexOf(r.text, /Spin forever/) }));
  assert.ok(r.isError, r.text);
  assert.match(r.text, /The page stopped answering: its script did not yield for 15 s/);
  assert.match(r.text, /stopped that script from outside the page/);
  assert.ok(r.ms < 45000, `answered in ${r.ms} ms`);
  r = await timed(() => call(client, 'state', {}));
  assert.ok(!r.isError, r.text);
  assert.ok(r.ms < 20000, `the next call answered in ${r.ms} ms`);
  r = await call(client, 'click', { index: indexOf(r.text, /Count/) });
  assert.match(r.text, /Counted/, 'the page still works');
});

test('evaluate of a loop that never ends: stopped before its own bound, the server keeps answering', async () => {
  await call(client, 'navigate', { url: `${server.origin}/faults/loop` });
  let r = await timed(() => call(client, 'evaluate', { function: '() => { while (true) {} }' }));
  assert.ok(r.isError, r.text);
  assert.match(r.text, /stopped answering/);
  assert.ok(r.ms < 45000, `answered in ${r.ms} ms`);
  for (const [name, args] of [['tabs', {}], ['evaluate', { function: '() => document.title' }], ['teleport', {}]]) {
    r = await timed(() => call(client, name, args));
    assert.ok(r.ms < 20000, `${name} answered in ${r.ms} ms: ${r.text}`);
  }
  assert.match(r.text, /unknown tool teleport/);
});

test('a page that loops while it loads: the navigation answers, the page is stopped, the next call works', async () => {
  let r = await timed(() => call(client, 'navigate', { url: `${server.origin}/faults/loop-at-load` }));
  assert.match(r.text, /stopped answering/);
  assert.ok(r.ms < 55000, `answered in ${r.ms} ms`);
  r = await call(client, 'navigate', { url: `${server.origin}/faults/loop` });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /Spin forever/);
});

test('Firefox: frames are not tabs; a page that never yields is stopped (the browser restarted) and the next call works', { skip: existsSync('/usr/bin/firefox-esr') ? false : 'firefox-esr is not installed (scripts/setup.sh installs it)' }, async () => {
  const ff = await stdioClient(['--browser', 'firefox']);
  try {
    let r = await call(ff, 'navigate', { url: `${server.origin}/faults/frames` });
    assert.match(r.text, /Outer/);
    r = await call(ff, 'tabs', {});
    assert.match(r.text, /^1 tab\(s\)/, r.text);
    r = await call(ff, 'navigate', { url: `${server.origin}/faults/loop` });
    r = await timed(() => call(ff, 'click', { index: indexOf(r.text, /Spin forever/) }));
    assert.ok(r.isError, r.text);
    assert.match(r.text, /The page stopped answering/);
    assert.ok(r.ms < 45000, `answered in ${r.ms} ms`);
    r = await timed(() => call(ff, 'navigate', { url: `${server.origin}/faults/loop` }));
    assert.ok(!r.isError, r.text);
    assert.match(r.text, /Spin forever/);
    assert.ok(r.ms < 60000, `the next call (a new browser) answered in ${r.ms} ms`);
  } finally {
    await ff.close();
  }
});

test('two HTTP clients at once: each its own tabs, numbers and cookies; --shared-context shares; the cap and the idle time hold', async () => {
  const server1 = await httpServer(['--max-clients', '2', '--idle-timeout', '6']);
  try {
    const a = await server1.connect();
    let ra = await call(a, 'navigate', { url: `${server.origin}/faults/counter?name=A` });
    await call(a, 'evaluate', { function: '() => { document.cookie = "who=a"; }' });
    const b = await server1.connect();
    const [rb] = await Promise.all([call(b, 'navigate', { url: `${server.origin}/faults/counter?name=B` }), call(a, 'state', {})]);
    assert.match(rb.text, /Page B/);
    assert.doesNotMatch(rb.text, /who=a/, 'cookies are the client\'s own');
    ra = await call(a, 'click', { index: indexOf(ra.text, /Press/) });
    assert.match(ra.text, /Page A pressed/, 'A acts in its own tab');
    const tabsB = await call(b, 'tabs', {});
    assert.match(tabsB.text, /^1 tab\(s\)/);
    assert.doesNotMatch(tabsB.text, /name=A/);
    await assert.rejects(server1.connect(), /2 MCP sessions are open/);
    // Once the two sessions have been idle for 6 s they are closed and a new client gets in.
    let c = null;
    for (const end = Date.now() + 40000; !c && Date.now() < end;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      c = await server1.connect().catch((e) => (/2 MCP sessions are open/.test(e.message) ? null : Promise.reject(e)));
    }
    assert.ok(c, 'a place is free again once idle sessions closed');
    const rc = await call(c, 'state', {});
    assert.ok(!rc.isError, rc.text);
    await assert.rejects(call(a, 'state', {}), /unknown MCP session|404/i, 'an idle session is closed');
    await c.close();
  } finally {
    await server1.close();
  }
  const server2 = await httpServer(['--shared-context']);
  try {
    const a = await server2.connect();
    const b = await server2.connect();
    await call(a, 'navigate', { url: `${server.origin}/faults/counter?name=A` });
    const r = await call(b, 'state', {});
    assert.match(r.text, /Page A/, 'shared when asked');
    await a.close();
    await b.close();
  } finally {
    await server2.close();
  }
});

test('an HTTP error status is named in the answer', async () => {
  const r = await call(client, 'navigate', { url: `${server.origin}/faults/missing` });
  assert.match(r.text, /^The server answered 404 Not Found: the page is its error page/m);
  assert.match(r.text, /Nothing here/);
  const ok = await call(client, 'navigate', { url: `${server.origin}/faults/loop` });
  assert.doesNotMatch(ok.text, /The server answered/);
});

test('a page of 40,000 links: every answer is bounded and says how to reach the rest (more, find, state within)', async () => {
  const tokens = (text) => Math.ceil(text.length / 4);
  let r = await call(client, 'navigate', { url: `${server.origin}/faults/big` });
  assert.ok(tokens(r.text) < 21000, `navigate answered ${tokens(r.text)} tokens`);
  assert.match(r.text, /This answer was cut at about 20000 tokens: \d+ more line\(s\)/);
  assert.match(r.text, /Item 0-0/);
  const farBelow = indexOf(r.text, /Item 1-500 /);
  r = await call(client, 'state', { viewport: true });
  assert.doesNotMatch(r.text, /Item 1-500 /);
  r = await call(client, 'click', { index: farBelow });
  assert.ok(!r.isError, `a number holds after a viewport-only state: ${r.text}`);
  assert.match(r.text, /#p1-500/);
  await call(client, 'state', { viewport: false });
  r = await call(client, 'navigate', { url: `${server.origin}/faults/big` });
  r = await call(client, 'more', {});
  assert.ok(tokens(r.text) < 21000);
  assert.match(r.text, /^The next part of the last answer:/);
  assert.doesNotMatch(r.text, /Item 0-0 /);
  for (const name of ['markdown', 'accessibility_tree']) {
    r = await call(client, name, {});
    assert.ok(tokens(r.text) < 21000, `${name} answered ${tokens(r.text)} tokens`);
    assert.match(r.text, /This answer was cut/);
  }
  r = await call(client, 'find', { text: 'Item 37-512' });
  assert.match(r.text, /^1 line\(s\) of \d+ match:/);
  const index = indexOf(r.text, /Item 37-512 /);
  assert.match(r.text, /Item 37-511[^\n]*\n[^\n]*Item 37-512[^\n]*\n[^\n]*Item 37-513/, 'with its neighbours');
  r = await call(client, 'find', { text: '/Item 39-99[0-9] /', around: 0 });
  assert.match(r.text, /^10 line\(s\)/);
  r = await call(client, 'click', { index });
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /#p37-512/);
  r = await call(client, 'find', { text: 'Small' });
  r = await call(client, 'state', { within: indexOf(r.text, /Small/) });
  assert.match(r.text, /^The part of the page around \[\d+\]: its <div>, with 2 numbered element\(s\):/);
  assert.match(r.text, />Large \/>/);
  assert.doesNotMatch(r.text, /Item 0-0/);
  r = await call(client, 'state', { within: index });
  assert.match(r.text, /its <ul>, with 1000 numbered element\(s\)/);
  assert.match(r.text, /Item 37-0 /);
  assert.match(r.text, /Item 37-999 /);
  assert.doesNotMatch(r.text, /Item 36-999 |Item 38-0 /);
  r = await call(client, 'more', {});
  assert.ok(r.isError, 'find answered whole, so nothing is left for more');
  assert.match(r.text, /no answer was cut/);
});

test('downloads: by an attachment link, an <a download> and a navigation, each answered with its file, a PDF with its text; the downloads tool lists them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-downloads-'));
  const dl = await stdioClient(['--output-dir', dir]);
  try {
    let r = await call(dl, 'navigate', { url: `${server.origin}/faults/downloads` });
    const state = r.text;
    r = await timed(() => call(dl, 'click', { index: indexOf(state, /Report/) }));
    assert.match(r.text, /it started a download/);
    assert.match(r.text, new RegExp(`report\\.csv: 8 bytes, saved to ${dir}/report\\.csv`));
    assert.ok(r.ms < 15000, `answered in ${r.ms} ms`);
    assert.equal(readFileSync(join(dir, 'report.csv'), 'utf8'), 'a,b\n1,2\n');
    r = await call(dl, 'click', { index: indexOf(state, /Note/) });
    assert.match(r.text, new RegExp(`note\\.txt: 11 bytes, saved to ${dir}/note\\.txt`));
    r = await call(dl, 'navigate', { url: `${server.origin}/faults/report` });
    assert.match(r.text, /The URL is a file to download, not a page/);
    assert.match(r.text, /report\.csv: 8 bytes, saved to [^\n]*report-2\.csv/);
    // Chromium shows a PDF in its viewer: the answer is its text, page by page, the file saved too.
    r = await call(dl, 'click', { index: indexOf(state, /The PDF/) });
    assert.match(r.text, new RegExp(`A PDF document \\([^)]*report\\.pdf\\), saved to ${dir}/report\\.pdf, its text as Markdown:`));
    assert.match(r.text, /## Page 1\n\nQuarterly report\n\n## Page 2\n\nTotals 42/);
    r = await call(dl, 'back', {});
    r = await call(dl, 'navigate', { url: `${server.origin}/faults/report.pdf` });
    assert.match(r.text, /## Page 2\n\nTotals 42/);
    r = await call(dl, 'downloads', {});
    assert.match(r.text, /^5 download\(s\)/);
    r = await call(dl, 'back', {});
    assert.match(r.text, /Report/);
  } finally {
    await dl.close();
  }
});

test('an alert loop: the answer names the way out, and navigating away leaves it', async () => {
  let r = await call(client, 'navigate', { url: `${server.origin}/faults/nag` });
  r = await call(client, 'click', { index: indexOf(r.text, /Nag/) });
  assert.match(r.text, /An? alert dialog is open/);
  for (let i = 0; i < 3; i++) r = await call(client, 'dialog', { accept: true });
  assert.match(r.text, /The page has opened \d+ dialogs in a row; to leave it, navigate elsewhere/);
  r = await timed(() => call(client, 'navigate', { url: `${server.origin}/faults/loop` }));
  assert.ok(!r.isError, r.text);
  assert.match(r.text, /The tab whose page opened dialogs without end was closed/);
  assert.match(r.text, /Spin forever/);
  assert.ok(r.ms < 30000, `answered in ${r.ms} ms`);
  r = await call(client, 'tabs', {});
  assert.match(r.text, /^1 tab\(s\)/);
  assert.doesNotMatch(r.text, /nag/);
});

// The processes whose parent is `pid`.
const children = (pid) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid) => {
  try { process.kill(pid, 0); return true; } catch { return false; }
};
const status = (pid) => {
  try { return readFileSync(`/proc/${pid}/status`, 'utf8'); } catch { return ''; }
};
const until = async (check, ms) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
};

// Every process under `pid`, its children's children included.
const descendants = (pid) => children(pid).flatMap((c) => [c, ...descendants(c)]);
const commandLine = (pid) => {
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch { return ''; }
};

test('a renderer killed mid-action, then the browser process killed: each is one failed call, said plainly, and the next call works', async () => {
  const child = spawn(process.execPath, [bin, 'mcp'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const own = rpc(child);
  try {
    await own.start(`${server.origin}/faults/slow-click`);
    const state = await own.call('state', {});
    const clicking = own.call('click', { index: indexOf(state, /Work/) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const renderers = descendants(child.pid).filter((pid) => /--type=renderer/.test(commandLine(pid)));
    assert.ok(renderers.length > 0, 'the server\'s browser has renderers');
    for (const pid of renderers) process.kill(pid, 'SIGKILL');
    let r = await clicking;
    assert.match(r, /renderer crashed/, r);
    r = await own.call('navigate', { url: `${server.origin}/faults/loop` });
    assert.match(r, /Spin forever/, r);
    const browser = descendants(child.pid).find((pid) => /chrom/.test(commandLine(pid)) && !/--type=/.test(commandLine(pid)));
    process.kill(browser, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    r = await own.call('navigate', { url: `${server.origin}/faults/loop` });
    assert.match(r, /The browser had closed; this is a new one\./, r);
    assert.match(r, /Spin forever/, r);
  } finally {
    child.kill();
  }
});

// JSON-RPC over the server's stdio by hand, so its input can be closed without the SDK's kill.
function rpc(child) {
  let buffer = '';
  const waiting = new Map();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      waiting.get(message.id)?.(message);
    }
  });
  let id = 0;
  const send = (method, params) => new Promise((resolve) => {
    waiting.set(++id, resolve);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
  });
  const call = async (name, args) => (await send('tools/call', { name, arguments: args })).result.content[0].text;
  const start = async (url) => {
    await send('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    return call('navigate', { url });
  };
  return { start, call };
}

test('a server killed outright takes its browser with it, Chromium and Firefox', async () => {
  for (const browser of ['chromium', 'firefox']) {
    if (browser === 'firefox' && !existsSync('/usr/bin/firefox-esr')) continue;
    const child = spawn(process.execPath, [bin, 'mcp', '--browser', browser], { stdio: ['pipe', 'pipe', 'ignore'] });
    await rpc(child).start(`${server.origin}/faults/loop`);
    const browsers = descendants(child.pid).filter((pid) => /chrom|firefox/.test(commandLine(pid)));
    assert.ok(browsers.length > 0, `${browser} runs under the server`);
    child.kill('SIGKILL');
    assert.ok(await until(() => browsers.every((pid) => !alive(pid) || /State:\s+Z/.test(status(pid))), 8000), `${browser} is gone`);
  }
});

test('stdin closed: the stdio server exits and closes the browser it launched', async () => {
  const child = spawn(process.execPath, [bin, 'mcp'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const answer = await rpc(child).start(`${server.origin}/faults/loop`);
  assert.match(answer, /Spin forever/);
  const browsers = children(child.pid);
  assert.ok(browsers.length > 0, 'a browser runs under the server');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10000))]);
  assert.equal(alive(child.pid), false, 'the server exited');
  assert.ok(await until(() => browsers.every((pid) => !alive(pid)), 5000), 'its browser is gone');
});

test('its parent gone (npm exec killed), the stdio server exits too', async () => {
  // `sleep` keeps the server's input open; only its parent, the shell, goes away.
  const shell = spawn('sh', ['-c', `sleep 600 | "${process.execPath}" "${bin}" mcp`], { stdio: 'ignore' });
  const command = (pid) => execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  let server = [];
  assert.ok(await until(() => (server = children(shell.pid).filter((pid) => /node/.test(command(pid)))).length > 0, 5000));
  const sleeper = children(shell.pid).find((pid) => command(pid) === 'sleep');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  shell.kill('SIGKILL');
  try {
    assert.ok(await until(() => !alive(server[0]), 10000), 'the server exited when its parent did');
  } finally {
    if (sleeper) process.kill(sleeper);
    if (alive(server[0])) process.kill(server[0]);
  }
});
