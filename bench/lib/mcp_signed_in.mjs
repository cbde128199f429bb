// bench/mcp.mjs's signed-in group, for dehydra and Playwright MCP each:
// 1. sign in on the loopback site (a cookie session), restart the server on the same profile
//    (--user-data-dir) and open the account page; then the same through a saved state (dehydra's
//    save_state, Playwright MCP's browser_storage_state under --caps storage; then --storage-state);
// 2. pay on a checkout whose card form is a frame of another origin (page on 127.0.0.1, frame on
//    localhost), checked from what the frame's page sent;
// 3. the same payment with the card number given as a secret (--secrets FILE; dehydra's {{NAME}},
//    Playwright MCP's secret name as the whole text), then every answer of the run searched for it.
// Success is what the site's server received, never what a tool answered.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGroupSite } from './mcp_group_sites.mjs';
import { Session, SERVERS } from './mcp_servers.mjs';
import { Agent } from './mcp_tasks.mjs';

const CARD = '4111111111111111';

const SIGN_IN = {
  name: 'sign-in',
  start: '/login',
  steps: [
    { do: 'type', target: { role: 'textbox', near: /Username/ }, text: 'ada', what: 'Username' },
    { do: 'type', target: { role: 'textbox', near: /Password/ }, text: 'lovelace', submit: true, what: 'Password' },
    { do: 'expect', text: /Signed in as ada/, wait: 'Signed in as' },
  ],
};

const payTask = (card) => ({
  name: 'pay',
  start: '/pay',
  steps: [
    { do: 'type', target: { role: 'textbox', near: /Card number/ }, text: card, what: 'Card number' },
    { do: 'type', target: { role: 'textbox', near: /Expiry/ }, text: '12/29', what: 'Expiry' },
    { do: 'type', target: { role: 'textbox', near: /Security code/ }, text: '737', what: 'Security code' },
    { do: 'type', target: { role: 'textbox', near: /Name on card/ }, text: 'Ada Lovelace', what: 'Name on card' },
    { do: 'click', target: { role: 'button', name: /Pay 42/ }, what: 'Pay' },
    { do: 'expect', text: /Payment P-\d+ accepted/, wait: 'accepted' },
  ],
});

const checkPay = (state) => {
  const p = state.payments;
  const want = { card: CARD, exp: '12/29', cvc: '737', holder: 'Ada Lovelace', host: 'localhost' };
  return p.length === 1 && JSON.stringify(p[0]) === JSON.stringify(want) ? null : `received ${JSON.stringify(p)}`;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const sum = (calls, field) => calls.reduce((a, c) => a + c[field], 0);

// Runs `task` (or, given a function, that) on a fresh session; the row of its calls.
async function measured(site, key, part, options, work) {
  const session = new Session(key, options);
  const row = { part, server: key, ok: false, calls: 0, tokens: 0, ms: 0, note: null };
  try {
    await session.start(site.origin);
    row.startMs = session.startMs;
    const first = session.calls.length;
    row.note = await work(session);
    await settle();
    const calls = session.calls.slice(first);
    Object.assign(row, { calls: calls.length, tokens: sum(calls, 'tokens'), ms: sum(calls, 'ms'),
      answers: calls.map((c) => c.text) });
  } catch (e) {
    row.error = true;
    row.note = `${e.message.split('\n')[0]}${session.stderr ? ` (${session.stderr.trim().split('\n').pop()})` : ''}`;
  } finally {
    await session.close();
  }
  return row;
}

const perform = (task, site) => async (session) => {
  await new Agent(session).perform(task, site.origin);
  return null;
};

// Opens the account page; the row is done when the site saw that request signed in.
async function visitAccount(site, key, part, extra) {
  site.reset();
  const row = await measured(site, key, part, { extra }, async (s) => {
    await s.call(...SERVERS[key].navigate(`${site.origin}/account`, s));
    return null;
  });
  row.ok = site.state.accounts.at(-1) === 'ada' && !row.error;
  if (!row.ok && !row.note) row.note = `the site saw ${JSON.stringify(site.state.accounts)}`;
  return row;
}

async function signIn(site, key, part, extra, after) {
  site.reset();
  const row = await measured(site, key, part, { extra }, async (s) => {
    await perform(SIGN_IN, site)(s);
    return after ? after(s) : null;
  });
  row.ok = site.state.accounts.at(-1) === 'ada' && !row.error && !/^save refused/.test(row.note || '');
  return row;
}

async function profile(site, key) {
  const dir = mkdtempSync(join(tmpdir(), `bench-profile-${key}-`));
  const extra = ['--user-data-dir', dir];
  // Playwright MCP's profile kept no sign-in when its client quit it at once (its browser's
  // cookies not yet written): its browser_close first, as its way to end a session.
  const close = key === 'playwright' ? async (s) => {
    await s.call('browser_close', {});
    return 'browser_close before the restart';
  } : null;
  return [await signIn(site, key, 'profile: sign in', extra, close),
    await visitAccount(site, key, 'profile: restart', extra)];
}

const SAVE = {
  dehydra: (file) => ['save_state', { path: file }],
  playwright: (file) => ['browser_storage_state', { filename: file }],
};

async function savedState(site, key) {
  const kept = join(mkdtempSync(join(tmpdir(), `bench-state-${key}-`)), 'state.json');
  // Playwright MCP writes files within its workspace (its working directory) and has the tool
  // only with --caps storage.
  const extra = key === 'playwright' ? ['--caps', 'storage'] : [];
  const save = async (s) => {
    const file = join(s.dir, 'state.json');
    const r = await s.call(...SAVE[key](file));
    if (r.error) return `save refused: ${r.text.slice(0, 160)}`;
    copyFileSync(file, kept);
    return null;
  };
  return [await signIn(site, key, 'state: sign in+save', extra, save),
    await visitAccount(site, key, 'state: restart', ['--storage-state', kept])];
}

// The payment in the frame; with `secret`, the card number comes from a secrets file, a final
// whole-page read shows the filled form once more, and every answer is searched for the number.
async function pay(site, key, secret) {
  site.reset();
  let extra = [];
  let card = CARD;
  if (secret) {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-secrets-')), 'secrets.env');
    writeFileSync(file, `CARD=${CARD}\n`, { mode: 0o600 });
    extra = ['--secrets', file];
    card = key === 'dehydra' ? '{{CARD}}' : 'CARD';
  }
  const options = { extra, allowed: [site.origin, site.frameOrigin] };
  const row = await measured(site, key, secret ? 'frame: secret card' : 'frame: pay', options, async (s) => {
    await perform(payTask(card), site)(s);
    if (secret) await s.call(...SERVERS[key].snapshot(s));
    return null;
  });
  row.ok = !checkPay(site.state) && !row.error;
  if (!row.ok && !row.note) row.note = checkPay(site.state);
  const leaks = (row.answers || []).filter((t) => t.includes(CARD)).length;
  row.leak = `${leaks}/${(row.answers || []).length} answers hold the number`;
  return row;
}

const pad = (s, n) => String(s).padStart(n);

function print(rows) {
  console.log(['part'.padEnd(20), 'server'.padEnd(10), pad('done', 5), pad('calls', 6), pad('tokens', 7), pad('ms', 7),
    pad('ms/call', 8), ' note'].join(' '));
  for (const r of rows) {
    const note = [r.leak, r.note].filter(Boolean).join('; ');
    console.log([r.part.padEnd(20), r.server.padEnd(10), pad(r.ok ? 'yes' : 'NO', 5), pad(r.calls, 6), pad(r.tokens, 7),
      pad(r.ms.toFixed(0), 7), pad(r.calls ? (r.ms / r.calls).toFixed(0) : '-', 8), note ? ` ${note}` : ''].join(' '));
  }
}

// The group; prints its table and resolves its rows.
export async function signedIn({ keys = ['dehydra', 'playwright'] } = {}) {
  const site = await startGroupSite();
  const rows = [];
  try {
    console.log('\nsigned in: done = what the site saw (the account page signed in; the payment the frame sent); ' +
      'a restart = a new server on the profile or saved state');
    for (const k of keys) rows.push(...await profile(site, k), ...await savedState(site, k));
    for (const k of keys) rows.push(await pay(site, k, false), await pay(site, k, true));
    print(rows);
    return rows.map(({ answers, error, ...r }) => r);
  } finally {
    await site.close();
  }
}

// One line for bench/mcp.mjs's summary.
export function signedInSummary(rows) {
  const servers = [...new Set(rows.map((r) => r.server))];
  return `signed in: ${servers.map((k) => `${k} ${rows.filter((r) => r.server === k && r.ok).length}/` +
    `${rows.filter((r) => r.server === k).length} done`).join(', ')}`;
}
