// Every binding of the core answers one envelope: {ok: true, value} or {ok: false, error} with a
// message (bindings/envelope.hpp). Each is called here with input it must refuse (a value of the
// right type the core cannot accept: embind itself throws on a wrong JS type before the core runs),
// on a fresh session and on the page's live one; afterwards the normal calls answer as before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject } from './helpers/harness.mjs';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Envelope</title></head><body>
<h1>Order</h1><form toolname="order" tooldescription="Order"><label>Name <input name="who"></label>
<button>Send</button></form><a href="/x">Help</a><p>Some text.</p><div id="box"></div></body></html>`;

let server, browser;
before(async () => {
  server = await startServer({ '/envelope.html': { body: PAGE } });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

// Runs in the page. Returns [[name, answer shape], ...] and what the normal calls gave.
async function walkEveryBinding() {
  const d = globalThis.dehydra;
  await d.ready;
  // Both parts of the core (wasm/core_parts.cmake): the controller part, and the extras part
  // (started by the normal calls below).
  const core = d._testing.rawCore();
  const live = d._testing.liveSession();
  const normal = () => ({ state: d.dehydrate().content, md: d.markdown(), tree: d.accessibilityTreeSync(),
    tools: JSON.stringify(d.formTools()) });
  const baseline = normal();
  const extras = d._testing.rawCore('extras');
  const liveExtras = d._testing.liveSession('extras');
  const utf8 = (text) => {
    const bytes = new TextEncoder().encode(text);
    const p = extras._malloc(bytes.length + 1);
    extras.HEAPU8.set(bytes, p);
    return [p, bytes.length];
  };
  const fresh = new core.DocumentSession();
  const freshExtras = new extras.DocumentSession();
  const record = core._malloc(64);  // one geometry record naming no element; records cut short
  core.HEAP32.fill(-1, record >> 2, (record >> 2) + 16);
  const extrasRecord = extras._malloc(64);
  extras.HEAP32.fill(-1, extrasRecord >> 2, (extrasRecord >> 2) + 16);
  const tree = new extras.WebTreeSession();
  const [script, scriptLength] = utf8('<script>alert(1)</script>');
  const [junk, junkLength] = utf8('{"not":"a tree"');
  // [name, call, expected ok]
  const CASES = [];
  for (const [label, s] of [['fresh', fresh], ['live', live]]) {
    CASES.push(
      [`${label}.loadGeometry`, () => s.loadGeometry(record, 1), false],
      // The records of dehydrate/snapshot/format.hpp (end), cut short or lying: words of -1.
      [`${label}.setOptions`, () => s.setOptions(record, 3, 0, 0), false],
      [`${label}.occlusionProbe`, () => s.occlusionProbe(record, 3, 0, 0), false],
      [`${label}.dehydrate`, () => s.dehydrate(record, 1), false],
      // It takes no input: the live session answers for the options it holds.
      [`${label}.boxesWanted`, () => s.boxesWanted(), label === 'live'],
      [`${label}.forgetSeen`, () => s.forgetSeen(), true],
      [`${label}.endController`, () => s.endController(123456), true],
    );
  }
  for (const [label, s] of [['freshExtras', freshExtras], ['liveExtras', liveExtras]]) {
    CASES.push(
      [`${label}.loadGeometry`, () => s.loadGeometry(extrasRecord, 1), false],
      [`${label}.planFill`, () => s.planFill('no such tool', '{', false), false],
      [`${label}.markdown`, () => s.markdown('{"mode":"reader"}'), false],
      [`${label}.setIndices`, () => s.setIndices(extrasRecord, 1e9), false],
      [`${label}.ariaTreeStats`, () => s.ariaTreeStats(), true],
    );
  }
  CASES.push(
    // Last on the fresh session: its snapshot is gone after a bad buffer, so reads refuse.
    ['fresh.loadSnapshot', () => fresh.loadSnapshot(0, 0, 0, 0), false],
    ['fresh.snapshotDump', () => fresh.snapshotDump(), false],
    ['freshExtras.loadSnapshot', () => freshExtras.loadSnapshot(0, 0, 0, 0), false],
    ['freshExtras.snapshotDump', () => freshExtras.snapshotDump(), false],
    ['freshExtras.ariaTree', () => freshExtras.ariaTree(true, true), false],
    ['freshExtras.formTools', () => freshExtras.formTools(), false],
    ['coreConstants', () => core.coreConstants(), true],
    ['tree.planTree', () => tree.planTree(junk, junkLength), false],
    ['tree.planWords', () => tree.planWords(), true],
    ['tree.resolve', () => tree.resolve('not a handle'), true],
    ['tree.release', () => tree.release(4095), true],
    ['tree.count', () => tree.count(), true],
    ['tree.remaining', () => tree.remaining(), true],
    ['webtreeConstants', () => extras.webtreeConstants(), true],
    ['webtreeCheckTag', () => extras.webtreeCheckTag('script'), false],
    ['webtreeAttribute', () => extras.webtreeAttribute('a', 'onclick', 'x()'), false],
    ['webtreeRemovable', () => extras.webtreeRemovable('on click'), false],
    ['webtreeReadable', () => extras.webtreeReadable('onclick'), false],
    ['webtreePlanHtml', () => extras.webtreePlanHtml(script, scriptLength), false],
    ['webtreePlanTemplate', () => extras.webtreePlanTemplate(script, scriptLength, 'missing'), false],
    ['webtreeExport', () => extras.webtreeExport(junk, junkLength, 3), false],
    ['webtreeDepthLimit', () => extras.webtreeDepthLimit(0.5), false],
    ['webtreeFrameUrl', () => extras.webtreeFrameUrl('javascript:alert(1)', location.origin, ''), false],
    ['webtreeResourcePath', () => extras.webtreeResourcePath('//evil.example/x'), false],
    ['webtreeMessage', () => extras.webtreeMessage('failed', 'x'), true],
  );
  const answers = [];
  for (const [name, call, ok] of CASES) {
    const a = call();
    const keys = Object.keys(a).sort().join(',');
    answers.push({ name, ok, got: a.ok, keys, error: a.error });
  }
  // A full table answers with the failure too.
  let full = null;
  for (let i = 0; i < 5000 && full === null; i++) {
    const a = tree.issue();
    if (!a.ok) full = a;
  }
  answers.push({ name: 'tree.issue', ok: false, got: full && full.ok, keys: full ? Object.keys(full).sort().join(',') : '', error: full && full.error });
  core._free(record);
  extras._free(extrasRecord);
  extras._free(script);
  extras._free(junk);
  // Every binding is in the table above: each part's own functions and its classes' methods.
  const tested = new Set(CASES.map(([name]) => name.replace(/^(fresh|live|tree|freshExtras|liveExtras)\./, '')));
  tested.add('issue');
  const bound = [];
  for (const part of [core, extras]) {
    bound.push(...Object.keys(part).filter((k) => /^(webtree|core)[A-Z]/.test(k)),
      ...Object.getOwnPropertyNames(part.DocumentSession.prototype));
    if (part.WebTreeSession) bound.push(...Object.getOwnPropertyNames(part.WebTreeSession.prototype));
  }
  const untested = bound.filter((k) => k !== 'constructor' && !tested.has(k));
  fresh.delete();
  freshExtras.delete();
  tree.delete();
  return { answers, untested, same: JSON.stringify(normal()) === JSON.stringify(baseline), baseline };
}

test('every binding answers the envelope, refuses bad input with a message, and changes nothing', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/envelope.html`);
  await inject(page, { testing: true });
  const r = await page.evaluate(walkEveryBinding);
  assert.deepEqual(r.untested, []);
  for (const a of r.answers) {
    assert.equal(a.got, a.ok, `${a.name}: ok should be ${a.ok} (${a.error})`);
    assert.equal(a.keys, a.ok ? 'ok,value' : 'error,ok', a.name);
    if (!a.ok) assert.ok(typeof a.error === 'string' && a.error.length > 0, `${a.name} has a message`);
  }
  assert.ok(r.answers.length >= 40);
  assert.match(r.baseline.state, /\[\d+\]<input/);
  assert.match(r.baseline.md, /Some text/);
  assert.ok(r.same, 'the normal calls answer as before');
  await page.closeAll();
});

test('a core refusal reaches the caller as one clear Error', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/envelope.html`);
  await inject(page, { testing: true });
  const messages = await page.evaluate(() => {
    const d = globalThis.dehydra;
    const out = [];
    for (const call of [() => d.markdown({ mode: 'reader' }), () => d.fillForm('nope', {}),
      () => new d.PageController({ maxTokens: -1 })]) {
      try { call(); out.push('no error'); } catch (e) { out.push(e instanceof Error ? e.message : 'not an Error'); }
    }
    return out;
  });
  assert.match(messages[0], /^dehydra\.markdown: mode must be/);
  assert.match(messages[1], /^dehydra\.fillForm: no form tool named 'nope'/);
  assert.match(messages[2], /^dehydra: maxTokens must be a number >= 0/);
  await page.closeAll();
});
