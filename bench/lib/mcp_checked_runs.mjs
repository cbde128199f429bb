// bench/mcp.mjs's checked-runs group: one sign-up form (three fields, a native select, a checkbox,
// submit, a confirmation) done step by step through dehydra's tools, as one dehydra `batch` whose
// steps carry `expect`, and step by step through Playwright MCP's tools (the same frugal agent as
// the tasks, bench/lib/mcp_tasks.mjs). Then the run recorded (`--record`) and replayed with
// `dehydra replay FILE`, no model: on the same page, and on pages changed as sites change (two
// fields swapped, the button renamed, a required field inserted before the first).
// Success is what the site's server received, never what a tool answered.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, chromiumPath } from '../../tests/browser/helpers/harness.mjs';
import { startGroupSite } from './mcp_group_sites.mjs';
import { Session, findIn } from './mcp_servers.mjs';
import { Agent } from './mcp_tasks.mjs';
import { median } from './stats.mjs';

const WANT = { name: 'Ada Lovelace', email: 'ada@example.org', city: 'London', plan: 'pro', news: true };

const SIGNUP = {
  name: 'signup',
  start: '/signup',
  steps: [
    { do: 'type', target: { role: 'textbox', near: /Full name/ }, text: WANT.name, what: 'Full name' },
    { do: 'type', target: { role: 'textbox', near: /Email/ }, text: WANT.email, what: 'Email' },
    { do: 'type', target: { role: 'textbox', near: /City/ }, text: WANT.city, what: 'City' },
    { do: 'select', target: { role: 'combobox', near: /Plan/ }, option: 'Pro', what: 'Plan' },
    { do: 'click', target: { role: 'checkbox', near: /newsletter/ }, what: 'newsletter' },
    { do: 'click', target: { role: 'button', name: /Create account/ }, what: 'Create account' },
    { do: 'expect', text: /Welcome, Ada Lovelace! Account #\d+ is ready/, wait: 'is ready' },
  ],
};

// null when the site received exactly the one sign-up wanted, else what it received.
const checkSignup = (state) => {
  const [one, ...more] = state.signups;
  return one && !more.length && Object.entries(WANT).every(([k, v]) => one[k] === v) ? null
    : `received ${JSON.stringify(state.signups)}`;
};

const sum = (calls, field) => calls.reduce((a, c) => a + c[field], 0);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

// The task step by step through one server's tools.
async function stepByStep(session, site, label) {
  const first = session.calls.length;
  let why = null, seen = false;
  try {
    ({ seen } = await new Agent(session).perform(SIGNUP, site.origin));
  } catch (e) {
    why = e.message;
  }
  await settle();
  return rowOf(label, session.calls.slice(first), checkSignup(site.state), why, seen);
}

function rowOf(label, calls, failed, why, seen) {
  return { variant: label, ok: !failed, seen, calls: calls.length, tokens: sum(calls, 'tokens'), ms: sum(calls, 'ms'),
    why: [why, failed].filter(Boolean).join('; ') || null };
}

// dehydra: navigate, then every step in one batch, each with its expectation; the numbers are
// taken from the navigate answer.
async function asBatch(session, site) {
  const first = session.calls.length;
  const nav = await session.call('navigate', { url: `${site.origin}/signup` });
  const at = (target) => findIn('dehydra', nav.text, target);
  const field = (near, text) => {
    const index = at({ role: 'textbox', near });
    return { tool: 'type', args: { index, text, expect: { element: { index, value: text } } } };
  };
  const plan = at({ role: 'combobox', near: /Plan/ }), news = at({ role: 'checkbox', near: /newsletter/ });
  const steps = [field(/Full name/, WANT.name), field(/Email/, WANT.email), field(/City/, WANT.city),
    { tool: 'select', args: { index: plan, option: 'Pro', expect: { element: { index: plan, value: 'pro' } } } },
    { tool: 'click', args: { index: news, expect: { element: { index: news, checked: true } } } },
    { tool: 'click', args: { index: at({ role: 'button', name: /Create account/ }),
      expect: { text: 'Welcome, Ada Lovelace!', request: { url: '/api/signup', method: 'POST', status: '2xx' } } } }];
  const r = await session.call('batch', { steps });
  await settle();
  const calls = session.calls.slice(first);
  const why = r.error ? firstLines(r.text) : null;
  return rowOf('dehydra batch', calls, checkSignup(site.state), why, /All 6 step/.test(r.text));
}

const firstLines = (text) => text.split('\n').filter((l) => /FAILED|Stopped/.test(l)).join(' ').slice(0, 300);

// `dehydra replay FILE` in a process of its own: its exit code, lines and wall time.
function replay(file) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const args = [join(root, 'bin', 'dehydra'), 'replay', file, '--browser-path', chromiumPath];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code) => resolve({ code, out: out.trim(), ms: performance.now() - t0 }));
  });
}

// The run recorded through dehydra mcp --record, then replayed on each variant of the page.
async function recordAndReplay(site) {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-mcp-record-')), 'signup.jsonl');
  const session = new Session('dehydra', { extra: ['--record', file], warm: false });
  site.reset();
  await session.start(site.origin);
  const recorded = await stepByStep(session, site, 'dehydra --record');
  await session.close();
  const steps = readFileSync(file, 'utf8').trim().split('\n').length;
  const replays = [];
  for (const variant of ['plain', 'reordered', 'renamed', 'inserted']) {
    site.variant = variant;
    site.reset();
    const r = await replay(file);
    await settle();
    const stop = r.out.split('\n').find((l) => /diverged|^replay:|Error/.test(l));
    const done = !checkSignup(site.state);
    replays.push({ variant, held: r.code === 0, ms: r.ms, steps, done, message: stop || null });
  }
  site.variant = 'plain';
  return { recorded, replays };
}

const pad = (s, n) => String(s).padStart(n);

function printRows(rows) {
  console.log(['variant'.padEnd(18), pad('done', 5), pad('saw', 4), pad('calls', 6), pad('tokens', 7), pad('ms', 7),
    ' why'].join(' '));
  for (const r of rows) {
    console.log([r.variant.padEnd(18), pad(r.ok ? 'yes' : 'NO', 5), pad(r.seen ? 'yes' : 'no', 4), pad(r.calls, 6),
      pad(r.tokens, 7), pad(r.ms.toFixed(0), 7), r.why ? ` ${r.why}` : ''].join(' '));
  }
}

function printReplays(replays) {
  console.log(['replay on page'.padEnd(18), pad('held', 5), pad('done', 5), pad('ms', 7), ' first surprise'].join(' '));
  for (const r of replays) {
    console.log([r.variant.padEnd(18), pad(r.held ? 'yes' : 'no', 5), pad(r.done ? 'yes' : 'no', 5),
      pad(r.ms.toFixed(0), 7), r.message ? ` ${r.message}` : ''].join(' '));
  }
}

async function runVariants(site, keys, runs) {
  const rows = [];
  const sessions = {};
  try {
    for (const k of keys) {
      sessions[k] = new Session(k);
      await sessions[k].start(site.origin);
    }
    for (let run = 0; run < runs; run++) {
      const variants = [['dehydra', 'dehydra steps', stepByStep], ['dehydra', 'dehydra batch', asBatch],
        ['playwright', 'Playwright steps', stepByStep]].filter(([k]) => sessions[k]);
      for (const [k, label, how] of variants) {
        site.reset();
        rows.push({ run, ...await how(sessions[k], site, label) });
      }
    }
  } finally {
    for (const s of Object.values(sessions)) await s.close();
  }
  return rows;
}

// The group; prints its tables and resolves its figures.
export async function checkedRuns({ keys = ['dehydra', 'playwright'], runs = 1 } = {}) {
  const site = await startGroupSite();
  try {
    console.log('\nchecked runs: a sign-up form (3 fields, a select, a checkbox, submit, the confirmation); ' +
      'done = what the site received; tokens = every answer');
    const rows = await runVariants(site, keys, runs);
    printRows(rows);
    if (!keys.includes('dehydra')) return { rows };
    const { recorded, replays } = await recordAndReplay(site);
    console.log(`recorded with --record: ${recorded.ok ? 'done' : `NOT done (${recorded.why})`}, ` +
      `${replays[0].steps} step(s) written; dehydra replay FILE (no model, a fresh browser; ` +
      'ms from the command to its exit):');
    printReplays(replays);
    return { rows, recorded, replays };
  } finally {
    await site.close();
  }
}

// One line for bench/mcp.mjs's summary.
export function checkedRunsSummary({ rows, replays = [] }) {
  const of = (label) => rows.filter((r) => r.variant === label);
  const tell = (label) => {
    const list = of(label);
    return list.length ? `${label} ${list.filter((r) => r.ok).length}/${list.length} done, ` +
      `${median(list.map((r) => r.tokens))} tokens` : null;
  };
  const held = replays.filter((r) => r.held).map((r) => r.variant).join(', ') || 'none';
  const variants = ['dehydra steps', 'dehydra batch', 'Playwright steps'].map(tell).filter(Boolean);
  return `checked runs: ${variants.join(', ')}` +
    (replays.length ? `; replays held on ${held}` : '');
}
