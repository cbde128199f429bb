// Secrets the model never sees (--secrets FILE): the agent writes {{NAME}}, the page receives the
// value, and no answer of the run holds it (as typed, URL-encoded or JSON-escaped), whichever view
// would show it: the state, Markdown, the accessibility tree, form tools, console, network,
// evaluate, a dialog's text, an error. Through the SDK's client on `dehydra mcp`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stdioClient, call, indexOf, runDehydra } from './helpers/driver_harness.mjs';
import { startServer } from './helpers/harness.mjs';

const SECRET = 'tr0ub4dor&3 "x"';
let site;
let received = [];
before(async () => {
  site = await startServer({
    '/form': { body: `<!doctype html><title>Pay</title><form id=f method=get action=/paid>
      <label>Card note <input name=note></label><label>Password <input type=password name=pw></label>
      <button>Pay</button></form><p id=echo></p>
      <script>f.note.addEventListener('input', () => { echo.textContent = 'You typed ' + f.note.value; console.log('note', f.note.value); });</script>` },
    '/paid': (req, res) => {
      const q = new URL(req.url, 'http://x').searchParams;
      received.push({ note: q.get('note'), pw: q.get('pw') });
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>Paid</title><h1>Paid with ${q.get('note')}</h1><button onclick="alert(${JSON.stringify(q.get('note')).replace(/"/g, '&quot;')})">Show</button>`);
    },
  });
});
after(async () => { await site?.close(); });

test('{{NAME}} reaches the page; no answer holds the value in any view', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dehydra-secrets-')), 'secrets.env');
  writeFileSync(file, `# card notes\nNOTE=${SECRET}\nPASSWORD=hunter2-long\n`);
  const client = await stdioClient(['--secrets', file]);
  const answers = [];
  const run = async (name, args) => {
    const r = await call(client, name, args);
    answers.push(`${name}: ${r.text}`);
    return r;
  };
  try {
    assert.match(client.getInstructions(), /Secrets: write \{\{NOTE\}\}, \{\{PASSWORD\}\}/);
    assert.doesNotMatch(client.getInstructions(), /hunter2/);
    let r = await run('navigate', { url: `${site.origin}/form` });
    await run('type', { index: indexOf(r.text, /name=pw/), text: '{{PASSWORD}}' });
    r = await run('type', { index: indexOf(r.text, /name=note/), text: '{{NOTE}}' });
    assert.match(r.text, /You typed \{\{NOTE\}\}/, 'the page echoed it; the answer shows the name');
    for (const [name, args] of [['state', {}], ['markdown', {}], ['accessibility_tree', {}], ['form_tools', {}], ['console', {}],
      ['evaluate', { function: '() => document.querySelector("[name=note]").value' }], ['find', { text: 'typed' }]]) await run(name, args);
    r = await run('click', { index: indexOf(answers.find((a) => a.startsWith('navigate')), /Pay/) });
    assert.match(r.text, /Paid with \{\{NOTE\}\}/);
    assert.deepEqual(received.at(-1), { note: SECRET, pw: 'hunter2-long' }, 'the server received the values');
    await run('network', { filter: 'paid' });
    r = await run('click', { index: indexOf(r.text, /Show/) });
    assert.match(r.text, /alert dialog is open[\s\S]*\{\{NOTE\}\}/);
    await run('dialog', { accept: true });
    await run('evaluate', { function: `() => { throw new Error(${JSON.stringify(SECRET)}); }` });
    await run('navigate', { url: `${site.origin}/nowhere?k=${encodeURIComponent(SECRET)}` });
    const all = answers.join('\n');
    for (const form of [SECRET, encodeURIComponent(SECRET), JSON.stringify(SECRET).slice(1, -1), 'hunter2-long']) {
      assert.ok(!all.includes(form), `an answer holds ${form}:\n${answers.filter((a) => a.includes(form)).join('\n')}`);
    }
  } finally {
    await client.close();
  }
});

test('a bad secrets file is bad usage, before any browser starts', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dehydra-secrets-')), 'bad.env');
  writeFileSync(file, 'just a line\n');
  const r = await runDehydra(['--secrets', file, 'open', `${site.origin}/form`]);
  assert.equal(r.code, 2);
  assert.match(r.err, /a secret is a line NAME=value/);
});
