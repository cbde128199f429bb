// dehydra's MCP server (`dehydra mcp`) against Playwright MCP and chrome-devtools-mcp, in one run,
// each reached through the official MCP SDK's Client over stdio, each with Debian's Chromium
// (headless, 1280x800), every page served from a loopback server (bench/lib/mcp_apps.mjs).
//
// 1. Observation: per corpus page, navigate, then the server's whole-page read (Playwright MCP:
//    browser_snapshot; chrome-devtools-mcp: take_snapshot; dehydra: state); tokens (o200k,
//    gpt-tokenizer, as bench/dehydrate.mjs counts them) of that read's text. Pages keep their
//    own scripts; requests off loopback fail.
// 2. Tasks (bench/lib/mcp_tasks.mjs): scripted multi-step tasks on the loopback apps, done by
//    the same frugal agent through each server's own tools. Per task: tokens of everything the
//    tools answered, tool calls, time per step (the tools' wall time over the task's steps, the
//    navigation included, so a server that needs extra reads pays for them), and success as the
//    apps' server recorded it.
// 3. Checked runs (bench/lib/mcp_checked_runs.mjs) and 4. signed in (bench/lib/mcp_signed_in.mjs):
//    dehydra against Playwright MCP on a site of their own, on servers started for them.
// Ratios are dehydra's figure over each peer's, medians over pages and over tasks.
// node bench/mcp.mjs [--pages N] [--runs N] [--servers playwright,devtools,dehydra] [--tasks store,feed]
//                    [--only observation,tasks,checked-runs,signed-in] [--no-observe] [--json FILE] [--verbose]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDir, corpusPages, root } from '../tests/browser/helpers/harness.mjs';
import { startApps } from './lib/mcp_apps.mjs';
import { Session, SERVERS } from './lib/mcp_servers.mjs';
import { Agent, TASKS } from './lib/mcp_tasks.mjs';
import { checkedRuns, checkedRunsSummary } from './lib/mcp_checked_runs.mjs';
import { signedIn, signedInSummary } from './lib/mcp_signed_in.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : d; };
const PAGES = Number(opt('--pages', 20));
const RUNS = Number(opt('--runs', 3));
const KEYS = opt('--servers', 'playwright,devtools,dehydra').split(',');
const ONLY_TASKS = opt('--tasks', null)?.split(',');
const JSON_FILE = opt('--json', null);
const VERBOSE = args.includes('--verbose');
const GROUPS = opt('--only', 'observation,tasks,checked-runs,signed-in').split(',');
const OBSERVE = !args.includes('--no-observe') && GROUPS.includes('observation');
const TASKS_RUN = GROUPS.includes('tasks');
const MAIN = OBSERVE || TASKS_RUN;
// The groups of their own compare dehydra with Playwright MCP.
const GROUP_KEYS = KEYS.filter((k) => k === 'dehydra' || k === 'playwright');
const PEERS = KEYS.filter((k) => k !== 'dehydra');

const versionOf = (pkg) => {
  try { return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version; } catch { return '?'; }
};
// dehydra is measured as the working tree has it: its commit, and whether files differ from it.
const dehydraAt = (() => {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'driver', 'bin', 'dist').length ? '+changes' : ''}`;
  } catch { return 'not a git checkout'; }
})();
const labelOf = (k) => `${SERVERS[k].label} ${k === 'dehydra' ? `${versionOf('..')} (${dehydraAt})` : versionOf(SERVERS[k].package)}`;
const ratio = (a, b) => (a && b ? a / b : NaN);
const fx = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const pad = (s, n) => String(s).padStart(n);

const apps = await startApps({ corpusDir: existsSync(join(corpusDir, 'pages')) ? corpusDir : null });
const sessions = {};
const notRun = {};
for (const k of MAIN ? KEYS : []) {
  const s = new Session(k);
  try {
    await s.start(apps.origin);
    sessions[k] = s;
  } catch (e) {
    notRun[k] = `${e.message.split('\n')[0]}${s.stderr ? ` (${s.stderr.trim().split('\n').pop()})` : ''}`;
    await s.close();
  }
}
const live = KEYS.filter((k) => sessions[k]);
const started = live.map((k) => `${labelOf(k)} (${Math.round(sessions[k].startMs)} ms)`);
if (MAIN) console.log(`servers (start to first page loaded): ${started.join('; ')}`);
for (const [k, why] of Object.entries(notRun)) console.log(`not run: ${SERVERS[k].label}: ${why}`);

const report = { date: new Date().toISOString(), command: `node bench/mcp.mjs ${args.join(' ')}`.trim(), servers: {}, observation: [], tasks: [] };
for (const k of live) report.servers[k] = { label: labelOf(k), startMs: Math.round(sessions[k].startMs) };

try {
  // 1. Observation.
  if (!OBSERVE) { if (GROUPS.includes('observation')) console.log('\nobservation: skipped (--no-observe)'); }
  else if (!existsSync(join(corpusDir, 'pages'))) console.log(`\nobservation: skipped, corpus not found at ${join(corpusDir, 'pages')} (set DEHYDRA_CORPUS)`);
  else {
    const pages = corpusPages().slice(0, PAGES);
    console.log(`\nobservation: tokens of the whole-page read after navigate, ${pages.length} corpus pages`);
    console.log(['page'.padEnd(36), ...live.map((k) => pad(k, 10)), ...PEERS.filter((p) => sessions[p] && sessions.dehydra).map((p) => pad(`d/${p.slice(0, 4)}`, 8)),
      ...live.map((k) => pad(`${k.slice(0, 4)} ms`, 9))].join(' '));
    for (const name of pages) {
      const row = { page: name, tokens: {}, ms: {}, navTokens: {}, navMs: {} };
      for (const k of live) {
        const s = sessions[k];
        const nav = await s.call(...SERVERS[k].navigate(`${apps.origin}/corpus/pages/${name}/source.html`, s), { record: false });
        const read = await s.call(...SERVERS[k].snapshot(s), { record: false });
        if (nav.error || read.error) { row.tokens[k] = null; row.error = (row.error || '') + ` ${k}: ${(nav.error ? nav : read).text.slice(0, 120)}`; continue; }
        row.tokens[k] = read.tokens;
        row.ms[k] = read.ms;
        row.navTokens[k] = nav.tokens;
        row.navMs[k] = nav.ms;
      }
      report.observation.push(row);
      console.log([name.slice(0, 36).padEnd(36), ...live.map((k) => pad(row.tokens[k] ?? 'failed', 10)),
        ...PEERS.filter((p) => sessions[p] && sessions.dehydra).map((p) => pad(fx(ratio(row.tokens.dehydra, row.tokens[p])), 8)),
        ...live.map((k) => pad(fx(row.ms[k], 0), 9))].join(' '));
      if (row.error) console.log(`   ${row.error.trim()}`);
    }
  }

  if (report.observation.length) {
    const med = (k) => median(report.observation.map((r) => r.tokens[k]).filter((x) => x != null));
    console.log(['median'.padEnd(36), ...live.map((k) => pad(fx(med(k), 0), 10)),
      ...PEERS.filter((p) => sessions[p] && sessions.dehydra).map((p) => pad(fx(median(report.observation
        .filter((r) => r.tokens.dehydra && r.tokens[p]).map((r) => r.tokens.dehydra / r.tokens[p]))), 8))].join(' '));
  }

  // 2. Tasks.
  const tasks = TASKS_RUN ? TASKS.filter((t) => !ONLY_TASKS || ONLY_TASKS.includes(t.name)) : [];
  if (tasks.length) {
    console.log(`\ntasks (${RUNS} run${RUNS > 1 ? 's' : ''} each): tokens = everything the tools answered; ` +
      'ms/step = tools\' wall time / steps');
    console.log(['task'.padEnd(9), 'server'.padEnd(10), 'done'.padStart(5), 'saw'.padStart(4), 'steps'.padStart(6),
      'calls'.padStart(6), 'tokens'.padStart(8), 'ms'.padStart(8), 'ms/step'.padStart(8), ' why'].join(' '));
  }
  for (const task of tasks) {
    for (let run = 0; run < RUNS; run++) {
      for (const k of live) {
        const s = sessions[k];
        apps.reset();
        const first = s.calls.length;
        const agent = new Agent(s);
        let why = null, seen = false;
        try {
          ({ seen } = await agent.perform(task, apps.origin));
        } catch (e) {
          why = e.message;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));  // a request still on its way lands before the check
        const failed = task.check(apps.state);
        const calls = s.calls.slice(first);
        const steps = task.steps.length + 1;
        const ms = calls.reduce((a, c) => a + c.ms, 0);
        const row = { task: task.name, run, server: k, ok: !failed, why: failed ? [why, failed].filter(Boolean).join('; ') : why, seen,
          steps, calls: calls.length, tokens: calls.reduce((a, c) => a + c.tokens, 0), ms, msPerStep: ms / steps,
          perCall: calls.map((c) => ({ tool: c.tool, ms: Math.round(c.ms), tokens: c.tokens, error: c.error })) };
        report.tasks.push(row);
        console.log([task.name.padEnd(9), k.padEnd(10), pad(row.ok ? 'yes' : 'NO', 5), pad(seen ? 'yes' : 'no', 4), pad(steps, 6), pad(row.calls, 6),
          pad(row.tokens, 8), pad(fx(ms, 0), 8), pad(fx(row.msPerStep, 0), 8), row.why ? ` ${row.why}` : ''].join(' '));
        if (VERBOSE) for (const c of calls) console.log(`    ${c.tool.padEnd(22)} ${pad(fx(c.ms, 0), 6)} ms ${pad(c.tokens, 6)} tok${c.error ? ' ERROR' : ''}  ${c.text.replace(/\s+/g, ' ').slice(0, 140)}`);
        // A dialog left open by a failed task would block the next one.
        if (!row.ok) await s.call(...SERVERS[k].acceptDialog(s), { record: false });
      }
    }
  }
} finally {
  for (const s of Object.values(sessions)) await s.close();
  await apps.close();
}

if (GROUPS.includes('checked-runs')) report.checkedRuns = await checkedRuns({ keys: GROUP_KEYS, runs: RUNS });
if (GROUPS.includes('signed-in')) report.signedIn = await signedIn({ keys: GROUP_KEYS });

// Per task, the median over runs of each server's completed runs, and dehydra's ratio to each peer.
const peersHere = PEERS.filter((p) => sessions[p] && sessions.dehydra);
const medianOf = (task, k, field) => median(report.tasks.filter((r) => r.task === task && r.server === k && r.ok).map((r) => r[field]));
if (report.tasks.length) console.log('\ntask medians (completed runs)');
for (const [field, title, digits] of [['tokens', 'tokens', 0], ['msPerStep', 'ms/step', 0], ['calls', 'calls', 0]]) {
  if (!report.tasks.length) break;
  console.log([title.padEnd(9), ...live.map((k) => pad(k, 10)), ...peersHere.map((p) => pad(`d/${p.slice(0, 4)}`, 7))].join(' '));
  for (const t of TASKS.filter((x) => report.tasks.some((r) => r.task === x.name))) {
    console.log([t.name.padEnd(9), ...live.map((k) => pad(fx(medianOf(t.name, k, field), digits), 10)),
      ...peersHere.map((p) => pad(fx(ratio(medianOf(t.name, 'dehydra', field), medianOf(t.name, p, field))), 7))].join(' '));
  }
}
const doneOf = (k) => `${report.tasks.filter((r) => r.server === k && r.ok).length}/` +
  `${report.tasks.filter((r) => r.server === k).length}`;
if (report.tasks.length) console.log(['done'.padEnd(9), ...live.map((k) => pad(doneOf(k), 10))].join(' '));

// Summary: ratios of dehydra's figures to each peer's, medians over pages and over tasks.
if (report.tasks.length) console.log('\nsummary (dehydra / peer; medians)');
const summary = { observation: {}, tasks: {} };
const tasksDone = (k) => report.tasks.filter((r) => r.server === k && r.ok).length;
const taskRuns = (k) => report.tasks.filter((r) => r.server === k).length;
for (const p of PEERS.filter((x) => sessions[x] && sessions.dehydra)) {
  const obs = report.observation.filter((r) => r.tokens.dehydra && r.tokens[p]).map((r) => r.tokens.dehydra / r.tokens[p]);
  const byTask = (field) => median(TASKS.map((t) => {
    const mine = report.tasks.filter((r) => r.task === t.name && r.server === 'dehydra' && r.ok);
    const theirs = report.tasks.filter((r) => r.task === t.name && r.server === p && r.ok);
    return mine.length && theirs.length ? median(mine.map((r) => r[field])) / median(theirs.map((r) => r[field])) : NaN;
  }).filter(Number.isFinite));
  summary.observation[p] = { medianRatio: median(obs), pages: obs.length };
  summary.tasks[p] = { tokens: byTask('tokens'), msPerStep: byTask('msPerStep'), calls: byTask('calls') };
  console.log(`vs ${labelOf(p).padEnd(28)} ${obs.length ? `observation tokens ${fx(median(obs))}x (${obs.length} pages)` : 'observation not measured'}; ` +
    `task tokens ${fx(summary.tasks[p].tokens)}x, time per step ${fx(summary.tasks[p].msPerStep)}x, tool calls ${fx(summary.tasks[p].calls)}x ` +
    `(tasks both completed)`);
}
const missed = TASKS.filter((t) => report.tasks.some((r) => r.task === t.name && r.server !== 'dehydra' && r.ok) &&
  report.tasks.some((r) => r.task === t.name && r.server === 'dehydra' && !r.ok)).map((t) => t.name);
report.summary = { ...summary, done: Object.fromEntries(live.map((k) => [k, `${tasksDone(k)}/${taskRuns(k)}`])), dehydraMissed: missed };
if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(report, null, 2));
const pw = summary.observation.playwright, sum = summary.tasks;
const groups = [report.checkedRuns && checkedRunsSummary(report.checkedRuns),
  report.signedIn && signedInSummary(report.signedIn)].filter(Boolean).map((g) => `; ${g}`).join('');
const doneLine = live.map((k) => `${k} ${tasksDone(k)}/${taskRuns(k)}`).join(', ');
console.log(`mcp: ${live.length ? `tasks done ${doneLine}` : 'tasks not run'}` +
  (sessions.dehydra && pw ? `; dehydra/Playwright MCP: observation ${pw.pages ? `${fx(pw.medianRatio)}x` : 'not measured'} (goal <= 0.5), task tokens ${fx(sum.playwright.tokens)}x (goal <= 0.3), ` +
    `time per step ${fx(sum.playwright.msPerStep)}x (goal <= 0.5)` : '') +
  (sessions.dehydra && sum.devtools ? `; dehydra/chrome-devtools-mcp: observation ${summary.observation.devtools.pages ? `${fx(summary.observation.devtools.medianRatio)}x` : 'not measured'}, task tokens ${fx(sum.devtools.tokens)}x, time per step ${fx(sum.devtools.msPerStep)}x` : '') +
  (missed.length ? `; dehydra failed what a peer completed: ${missed.join(', ')}` : '') +
  (Object.keys(notRun).length ? `; not run: ${Object.keys(notRun).join(', ')}` : '') + groups);
