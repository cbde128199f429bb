// Staying signed in: a state saved by save_state and started from with --storage-state (cookies and
// local storage, Playwright's format), and a profile kept with --user-data-dir; through the SDK's
// client on `dehydra mcp`, on a loopback site whose server decides who is signed in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stdioClient, call, indexOf } from './helpers/driver_harness.mjs';
import { startServer } from './helpers/harness.mjs';

let site;
before(async () => {
  site = await startServer({
    '/login': (req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Sign in</title><form method=post action=/login><input name=user aria-label=User><button>Sign in</button></form>');
        return;
      }
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => {
        const user = new URLSearchParams(body).get('user');
        res.writeHead(302, { location: '/account', 'set-cookie': `sid=${encodeURIComponent(user)}; Max-Age=3600; Path=/; HttpOnly` });
        res.end();
      });
    },
    '/account': (req, res) => {
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie || '');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>Account</title><h1>${sid ? `Signed in as ${decodeURIComponent(sid[1])}` : 'Please sign in'}</h1>
        <p id=t></p><script>t.textContent = 'Theme ' + (localStorage.theme || 'none');</script>`);
    },
  });
});
after(async () => { await site?.close(); });

async function signIn(client, user) {
  const r = await call(client, 'navigate', { url: `${site.origin}/login` });
  return call(client, 'type', { index: indexOf(r.text, /aria-label=User/), text: user, submit: true });
}

test('save_state, then --storage-state: a new browser starts signed in, with the local storage', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-state-'));
  const file = join(dir, 'state.json');
  const a = await stdioClient();
  try {
    let r = await signIn(a, 'ada');
    assert.match(r.text, /Signed in as ada/);
    await call(a, 'evaluate', { function: '() => { localStorage.theme = "solarized"; }' });
    r = await call(a, 'save_state', { path: file });
    assert.match(r.text, /^Saved 1 cookie\(s\) and the local storage of 1 origin\(s\)/);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'only its owner reads it');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(saved.cookies[0].name, 'sid');
  } finally {
    await a.close();
  }
  const b = await stdioClient(['--storage-state', file]);
  try {
    const r = await call(b, 'navigate', { url: `${site.origin}/account` });
    assert.match(r.text, /Signed in as ada/);
    assert.match(r.text, /Theme solarized/);
  } finally {
    await b.close();
  }
  const fresh = await stdioClient();
  try {
    const r = await call(fresh, 'navigate', { url: `${site.origin}/account` });
    assert.match(r.text, /Please sign in/, 'the default profile is a clean one');
  } finally {
    await fresh.close();
  }
  writeFileSync(join(dir, 'bad.json'), '{"cookies": 3}');
  const bad = await stdioClient(['--storage-state', join(dir, 'bad.json')]);
  try {
    const r = await call(bad, 'navigate', { url: `${site.origin}/account` });
    assert.ok(r.isError);
    assert.match(r.text, /a storage state is \{"cookies": \[\.\.\.\], "origins": \[\.\.\.\]\}/);
  } finally {
    await bad.close();
  }
});

test('--user-data-dir: the profile stays signed in from one server to the next', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'dehydra-profile-'));
  const first = await stdioClient(['--user-data-dir', profile]);
  try {
    const r = await signIn(first, 'grace');
    assert.match(r.text, /Signed in as grace/);
  } finally {
    await first.close();
  }
  const second = await stdioClient(['--user-data-dir', profile]);
  try {
    const r = await call(second, 'navigate', { url: `${site.origin}/account` });
    assert.match(r.text, /Signed in as grace/);
  } finally {
    await second.close();
  }
});

test('--allowed-origins and --blocked-origins: a navigation, a link and a request outside are refused and named', async () => {
  const other = await startServer({ '/x': { body: '<!doctype html><title>Elsewhere</title><h1>Elsewhere</h1>' } });
  const otherOrigin = other.origin.replace('127.0.0.1', 'localhost');
  const page = await startServer({
    '/start': { body: `<!doctype html><title>Start</title><a href="${otherOrigin}/x">Away</a>
      <button onclick="fetch('${otherOrigin}/x').then(() => { r.textContent = 'fetched'; }, () => { r.textContent = 'fetch refused'; })">Fetch</button><p id=r></p>` },
  });
  const client = await stdioClient(['--allowed-origins', 'http://127.0.0.1:*']);
  try {
    let r = await call(client, 'navigate', { url: `${otherOrigin}/x` });
    assert.ok(r.isError);
    assert.match(r.text, /navigate refused: http:\/\/localhost:\d+ is not among --allowed-origins; nothing was loaded/);
    r = await call(client, 'navigate', { url: `${page.origin}/start` });
    const start = r.text;
    r = await call(client, 'click', { index: indexOf(start, /Fetch/) });
    assert.match(r.text, /fetch refused/);
    r = await call(client, 'click', { index: indexOf(start, /Away/) });
    assert.match(r.text, /A navigation was refused: http:\/\/localhost:\d+ is not among --allowed-origins\./);
    assert.doesNotMatch(r.text, /<h1>Elsewhere|^Elsewhere$/m);
  } finally {
    await client.close();
  }
  const blocking = await stdioClient(['--blocked-origins', otherOrigin]);
  try {
    const r = await call(blocking, 'navigate', { url: `${otherOrigin}/x` });
    assert.match(r.text, /is among --blocked-origins/);
  } finally {
    await blocking.close();
    await other.close();
    await page.close();
  }
});
