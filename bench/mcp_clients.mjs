// `dehydra mcp --http` with many clients at once: for N = 1, 5 and 20 concurrent MCP clients on one
// server, each in its own browser context, each doing bench/mcp.mjs's scripted tasks on an app
// server of its own (bench/lib/mcp_apps.mjs, loopback): tasks done, time per step (every tool
// call's wall time, p50 and p95 over all clients), and the memory each session adds (the
// proportional memory of the server's whole process tree, its browser's processes included, with
// the N sessions open, less the tree's with one session, over the N - 1 others). Then the time
// from a page whose script never yields to the next good answer.
// node bench/mcp_clients.mjs [--clients 1,5,20] [--tasks store,settings] [--json FILE]
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { root, chromiumPath } from '../tests/browser/helpers/harness.mjs';
import { startApps } from './lib/mcp_apps.mjs';
import { Session } from './lib/mcp_servers.mjs';
import { Agent, TASKS } from './lib/mcp_tasks.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : d; };
const COUNTS = opt('--clients', '1,5,20').split(',').map(Number);
const ONLY_TASKS = opt('--tasks', null)?.split(',');
const JSON_FILE = opt('--json', null);
const tasks = TASKS.filter((t) => !ONLY_TASKS || ONLY_TASKS.includes(t.name));

// The server, its URL once it listens.
async function startServer(maxClients) {
  const child = spawn(process.execPath, [join(root, 'bin', 'dehydra'), 'mcp', '--http', '0', '--max-clients', String(maxClients),
    '--browser-path', chromiumPath, '--viewport', '1280x800'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /(http:\/\/\S+\/mcp)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`dehydra mcp exited (${code}): ${err}`)));
  });
  return { child, url };
}

// One client over HTTP: bench/lib/mcp_servers.mjs's Session (its call() records each call), its
// transport Streamable HTTP.
class HttpSession extends Session {
  constructor(url) {
    super('dehydra');
    this.url = url;
  }

  async start() {
    this.client = new Client({ name: 'dehydra-bench-clients', version: '1.0.0' });
    await this.client.connect(new StreamableHTTPClientTransport(new URL(this.url)));
  }

  close() { return this.client.close().catch(() => {}); }
}

// Proportional memory (PSS: shared pages split among the processes sharing them) of `pid` and
// every process under it, in MiB.
function treeMiB(pid) {
  const kids = (p) => {
    try { return execFileSync('pgrep', ['-P', String(p)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number); } catch { return []; }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...kids(all[i]));
  let kb = 0;
  for (const p of all) {
    try { kb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))[1]); } catch { /* gone */ }
  }
  return kb / 1024;
}

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
};

// One client's run of every task on its own apps; resolves {done, total, ms: [per call]}.
async function runClient(session, apps) {
  let done = 0;
  for (const task of tasks) {
    apps.reset();
    try {
      await new Agent(session).perform(task, apps.origin);
    } catch { /* counted by the check below */ }
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!task.check(apps.state)) done++;
    else await session.call('dialog', { accept: true }, { record: false });
  }
  return { done, total: tasks.length };
}

async function measure(n) {
  const server = await startServer(n);
  const appsList = await Promise.all(Array.from({ length: n }, () => startApps({ corpusDir: null })));
  const sessions = appsList.map(() => new HttpSession(server.url));
  try {
    await sessions[0].start();
    await sessions[0].call('navigate', { url: `${appsList[0].origin}/warm-up` }, { record: false });
    const idleMiB = treeMiB(server.child.pid);
    for (const s of sessions.slice(1)) await s.start();
    const t0 = performance.now();
    const results = await Promise.all(sessions.map((s, i) => runClient(s, appsList[i])));
    const wallS = (performance.now() - t0) / 1000;
    const busyMiB = treeMiB(server.child.pid);
    const ms = sessions.flatMap((s) => s.calls.map((c) => c.ms));
    return { clients: n, done: results.reduce((a, r) => a + r.done, 0), total: results.reduce((a, r) => a + r.total, 0),
      calls: ms.length, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), wallS,
      miBPerSession: n > 1 ? (busyMiB - idleMiB) / (n - 1) : NaN, treeMiB: busyMiB };
  } finally {
    for (const s of sessions) await s.close();
    server.child.kill('SIGTERM');
    for (const a of appsList) await a.close();
  }
}

// A click whose handler never yields: from the click to the next good answer of the same client.
async function frozenRecovery() {
  const server = await startServer(2);
  const apps = await startApps({ corpusDir: null });
  const s = new HttpSession(server.url);
  try {
    await s.start();
    const page = 'data:text/html,<button onclick="while(true){}">Spin</button>';
    const nav = await s.call('navigate', { url: page });
    const index = Number(/\[(\d+)\]<button/.exec(nav.text)[1]);
    const t0 = performance.now();
    const click = await s.call('click', { index });
    const state = await s.call('state', {});
    return { clickAnsweredS: click.ms / 1000, nextGoodS: (performance.now() - t0) / 1000, stopped: /stopped that script/.test(click.text), next: !state.error };
  } finally {
    await s.close();
    server.child.kill('SIGTERM');
    await apps.close();
  }
}

const rows = [];
console.log(`dehydra mcp --http, N clients at once, each in its own context, tasks: ${tasks.map((t) => t.name).join(', ')}`);
console.log(['clients'.padStart(7), 'tasks done'.padStart(11), 'calls'.padStart(6), 'p50 ms'.padStart(7), 'p95 ms'.padStart(7),
  'MiB/session'.padStart(12), 'tree MiB'.padStart(9), 'wall s'.padStart(7)].join(' '));
for (const n of COUNTS) {
  const r = await measure(n);
  rows.push(r);
  console.log([String(n).padStart(7), `${r.done}/${r.total}`.padStart(11), String(r.calls).padStart(6), r.p50.toFixed(0).padStart(7),
    r.p95.toFixed(0).padStart(7), (Number.isFinite(r.miBPerSession) ? r.miBPerSession.toFixed(0) : '-').padStart(12),
    r.treeMiB.toFixed(0).padStart(9), r.wallS.toFixed(1).padStart(7)].join(' '));
}
const frozen = await frozenRecovery();
console.log(`a frozen page: the click answered in ${frozen.clickAnsweredS.toFixed(1)} s (${frozen.stopped ? 'its script stopped' : 'NOT stopped'}), ` +
  `the next good answer ${frozen.nextGoodS.toFixed(1)} s after the click${frozen.next ? '' : ' (NO good answer)'}`);
if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify({ rows, frozen }, null, 2));
