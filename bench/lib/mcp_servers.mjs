// The MCP servers bench/mcp.mjs compares, each reached through the official SDK's Client over
// stdio, and each one's dialect: which tool reads the page, which tool acts, how its answers name
// an element (Playwright MCP: `- button "Save" [ref=e12]`; chrome-devtools-mcp: `uid=1_12 button
// "Save"`; dehydra: `[12]<button >Save />`), and how an answer says a native dialog is waiting.
// Page loads stay on loopback: Playwright MCP allows only the bench's origin, chrome-devtools-mcp's
// Chromium resolves other host names to nothing; dehydra mcp takes no such switch, so its browser
// is kept on loopback only by a machine without other network (as the one these figures come from).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { root, chromiumPath } from '../../tests/browser/helpers/harness.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const VIEWPORT = '1280x800';
// Host names other than loopback resolve to nothing, so a page's third-party requests fail at once.
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';
const CALL_TIMEOUT_MS = 90_000;

export const tokensOf = (text) => encode(text).length;

// Roles in one vocabulary across the three dialects.
const ROLE_ALIASES = { searchbox: 'textbox', textbox: 'textbox', textarea: 'textbox', listbox: 'listbox', menuitem: 'option' };
const normRole = (r) => ROLE_ALIASES[r] || r;

// dehydra's entries name a tag and attributes; the role they stand for.
function dehydraRole(tag, attrs) {
  const role = attrs.match(/(?:^|\s)role=(\w+)/);
  if (role) return normRole(role[1]);
  if (tag === 'a') return 'link';
  if (tag === 'button') return 'button';
  if (tag === 'select') return 'combobox';
  if (tag === 'textarea') return 'textbox';
  if (tag === 'option') return 'option';
  if (tag === 'input') {
    const type = (attrs.match(/(?:^|\s)type=(\w+)/) || [])[1] || 'text';
    if (type === 'checkbox' || type === 'radio') return type;
    if (['submit', 'button', 'reset', 'image'].includes(type)) return 'button';
    return 'textbox';
  }
  return tag;
}

// Entries of one answer, in order: {ref, role, labels: [strings a name can match], start, end}
// (start/end: the answer's line numbers the entry spans).
const PARSERS = {
  playwright(text) {
    const out = [];
    text.split('\n').forEach((line, i) => {
      const m = line.match(/^\s*- (\w+)(?: "((?:[^"\\]|\\.)*)")?(.*?)\[ref=(\w+)\](?::\s*(.*))?/);
      if (m) out.push({ ref: m[4], role: normRole(m[1]), labels: [m[2] || '', m[5] || ''], start: i, end: i });
    });
    return out;
  },
  devtools(text) {
    const out = [];
    text.split('\n').forEach((line, i) => {
      const m = line.match(/^\s*uid=(\S+)(?:\s+([A-Za-z]+))?(?:\s+"((?:[^"\\]|\\.)*)")?(.*)$/);
      if (m) out.push({ ref: m[1], role: normRole(m[2] || 'text'), labels: [m[3] || '', m[4] || ''], start: i, end: i });
    });
    return out;
  },
  dehydra(text) {
    const out = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = lines[i].match(/^\s*\*?\[(\d+)\]<(\w+)([^>]*)>(.*)$/);
      if (!m) continue;
      let body = m[4], end = i;
      while (!/ \/>\s*$/.test(lines[end]) && end + 1 < lines.length) body += '\n' + lines[++end];
      const name = body.replace(/ \/>\s*$/, '').trim();
      out.push({ ref: Number(m[1]), role: dehydraRole(m[2], m[3]), labels: [name, `${m[3]} ${name}`], start: i, end });
      i = end;
    }
    return out;
  },
};

// The references an answer says are gone (dehydra's diffs end with `Gone: [9] [10]`).
export function goneIn(dialect, text) {
  if (dialect !== 'dehydra') return [];
  return [...text.matchAll(/^Gone:(.*)$/gm)].flatMap((m) => [...m[1].matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1])));
}

// The element `target` ({role, name?: RegExp, near?: RegExp}) names in one answer's text: with
// `near`, the first fitting entry at or after a line matching it, the nearest such pair winning
// (as a reader finds "the Delete button in Beta's row"); without, the last fitting entry.
export function findIn(dialect, text, target, gone = new Set()) {
  const roles = [].concat(target.role);
  const fits = (e) => !gone.has(e.ref) && roles.includes(e.role) && (!target.name || e.labels.some((l) => target.name.test(l)));
  const entries = PARSERS[dialect](text).filter(fits);
  if (!entries.length) return null;
  if (!target.near) return entries[entries.length - 1].ref;
  let best = null;
  text.split('\n').forEach((line, i) => {
    if (!target.near.test(line)) return;
    const e = entries.find((x) => x.end >= i);
    if (e && (!best || e.start - i <= best.d)) best = { ref: e.ref, d: Math.max(0, e.start - i) };
  });
  return best && best.ref;
}

// Each server: how to start it, and its tools for what an agent does.
export const SERVERS = {
  playwright: {
    label: 'Playwright MCP',
    package: '@playwright/mcp',
    dialect: 'playwright',
    command: (origin, dir, allowed = [origin]) => ({
      command: bin('playwright-mcp'),
      args: ['--headless', '--isolated', '--no-sandbox', '--executable-path', chromiumPath, '--viewport-size', VIEWPORT,
        '--allowed-origins', allowed.join(';'), '--output-dir', dir],
      cwd: dir,  // its snapshot files land in the working directory: a scratch one
    }),
    navigate: (url) => ['browser_navigate', { url }],
    snapshot: () => ['browser_snapshot', {}],
    full: (tool) => tool === 'browser_snapshot',
    click: (ref, what) => ['browser_click', { element: what, target: ref }],
    type: (ref, text, submit, what) => [['browser_type', { element: what, target: ref, text, submit }]],
    select: (ref, option, what) => ['browser_select_option', { element: what, target: ref, values: [option] }],
    scroll: () => ['browser_press_key', { key: 'End' }],
    dialogWaiting: (text) => /### Modal state[\s\S]*dialog/.test(text),
    acceptDialog: () => ['browser_handle_dialog', { accept: true }],
    waitText: (text) => ['browser_wait_for', { text }],
  },
  devtools: {
    label: 'chrome-devtools-mcp',
    package: 'chrome-devtools-mcp',
    dialect: 'devtools',
    command: () => ({
      command: bin('chrome-devtools-mcp'),
      args: ['--headless', '--isolated', '--executablePath', chromiumPath, '--chromeArg=--no-sandbox',
        `--chromeArg=${LOOPBACK_ONLY}`, '--viewport', VIEWPORT, '--no-usage-statistics', '--no-performance-crux'],
      env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
    }),
    // Its page-scoped tools take the page's id, which list_pages gives.
    async setup(session) {
      const { text } = await session.call('list_pages', {}, { record: false });
      session.pageId = Number((text.match(/^(\d+):.*\[selected\]/m) || text.match(/^(\d+):/m) || [0, 1])[1]);
    },
    navigate: (url, s) => ['navigate_page', { pageId: s.pageId, type: 'url', url }],
    snapshot: (s) => ['take_snapshot', { pageId: s.pageId }],
    // Its default snapshot leaves out what the accessibility tree marks uninteresting, such as
    // the options of a custom listbox; the verbose one has them.
    deepRead: (s) => ['take_snapshot', { pageId: s.pageId, verbose: true }],
    full: (tool, text) => tool === 'take_snapshot' || /^## Latest page snapshot/m.test(text),  // wait_for answers with one
    click: (ref, what, s) => ['click', { pageId: s.pageId, uid: ref }],
    type: (ref, text, submit, what, s) => [['fill', { pageId: s.pageId, uid: ref, value: text }],
      ...(submit ? [['press_key', { pageId: s.pageId, key: 'Enter' }]] : [])],
    select: (ref, option, what, s) => ['fill', { pageId: s.pageId, uid: ref, value: option }],
    scroll: (s) => ['press_key', { pageId: s.pageId, key: 'End' }],
    dialogWaiting: (text) => /Open dialog/.test(text),
    acceptDialog: (s) => ['handle_dialog', { pageId: s.pageId, action: 'accept' }],
    waitText: (text, s) => ['wait_for', { pageId: s.pageId, text: [text] }],
  },
  dehydra: {
    label: 'dehydra',
    package: 'dehydra',
    dialect: 'dehydra',
    command: () => ({
      command: process.execPath,
      args: [join(root, 'bin', 'dehydra'), 'mcp', '--browser-path', chromiumPath, '--viewport', VIEWPORT],
    }),
    navigate: (url) => ['navigate', { url }],
    snapshot: () => ['state', {}],
    full: (tool, text) => tool === 'navigate' || tool === 'state' || /^The page navigated to /m.test(text),
    actionsAnswerState: true,  // an action answers with the lines of the state that changed
    choosesCustom: true,       // its select takes an ARIA combobox as well as a native <select>
    click: (ref) => ['click', { index: ref }],
    type: (ref, text, submit) => [['type', { index: ref, text, submit }]],
    select: (ref, option) => ['select', { index: ref, option }],
    scroll: () => ['scroll', { direction: 'down', pages: 10 }],
    dialogWaiting: (text) => /\b(alert|confirm|prompt)\b[^\n]*dialog|dialog[^\n]*\b(alert|confirm|prompt)\b/i.test(text),
    acceptDialog: () => ['dialog', { accept: true }],
    waitText: (text) => ['wait', { for: 'text', value: text }],
  },
};

// One running server: its MCP client, and the record of every call (tool, ms, tokens, error).
// `extra`: more switches for the server (a profile, a saved state, secrets, a recording);
// `allowed`: the origins Playwright MCP may load, when more than the one given to start().
export class Session {
  constructor(key, { extra = [], allowed, warm = true } = {}) {
    this.key = key;
    this.warm = warm;  // false: no first page load in start() (a recorded run then holds none)
    this.def = SERVERS[key];
    this.extra = extra;
    this.allowed = allowed;
    this.calls = [];
    this.stderr = '';
  }

  async start(origin) {
    const t0 = performance.now();
    this.dir = mkdtempSync(join(tmpdir(), `bench-mcp-${this.key}-`));
    const { command, args, cwd, env } = this.def.command(origin, this.dir, this.allowed);
    // Playwright MCP keeps a profile on disk only when not isolated.
    const own = this.extra.includes('--user-data-dir') ? args.filter((a) => a !== '--isolated') : args;
    this.transport = new StdioClientTransport({ command, args: [...own, ...this.extra], cwd: cwd || root,
      env: { ...process.env, ...env }, stderr: 'pipe' });
    this.transport.stderr?.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    this.client = new Client({ name: 'dehydra-bench', version: '1.0.0' });
    await this.client.connect(this.transport);
    this.server = this.client.getServerVersion();
    await this.def.setup?.(this);
    // The browser starts on the first page load: not part of any measure.
    const warm = this.warm ? await this.call(...this.def.navigate(`${origin}/warm-up`, this), { record: false }) : {};
    if (warm.error) throw new Error(`first navigation failed: ${warm.text.slice(0, 200)}`);
    this.startMs = performance.now() - t0;  // the server's start, its browser's and a first page load
  }

  // Calls a tool; the answer's text (all its text parts), its time and tokens, whether it failed.
  async call(tool, args, { record = true } = {}) {
    const t0 = performance.now();
    let text, error = false;
    try {
      const r = await this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
      text = (r.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
      error = !!r.isError;
    } catch (e) {
      text = `error: ${e.message}`;
      error = true;
    }
    const entry = { tool, ms: performance.now() - t0, tokens: tokensOf(text), error, text };
    if (record) this.calls.push(entry);
    return entry;
  }

  async close() {
    try { await this.client?.close(); } catch { /* already gone */ }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
