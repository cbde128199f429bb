// The shell session: a background process that keeps a browser open between shell commands.
// `dehydra open URL` starts it (or reuses it); every later command connects to its Unix socket,
// sends one JSON line {command, words} and reads one JSON line back {text, isError, image?}: the
// session reads the words, so the command's own process stays light.
// The socket lives in a folder only this user can enter; sessions are named (--session NAME).
import { createServer, connect } from 'node:net';
import { mkdirSync, rmSync, existsSync, readdirSync, chmodSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError } from '../tool_error.mjs';
import { UsageError } from '../command_line.mjs';
import { BROWSER_OPTIONS, browserOptions as browserOptionsOf, givenBrowserOptions,
  OPTION_FIELDS } from '../browser_options.mjs';

const SESSION_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const IDLE_MS = 60 * 60 * 1000;  // an idle session closes its browser after an hour

export function sessionDir() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(process.env.XDG_RUNTIME_DIR || tmpdir(), `dehydra-${uid}`);
}

export function socketPath(name) {
  if (!SESSION_NAME.test(name))
    throw new UsageError(`a session name is 1 to 64 letters, digits, '_', '.' or '-' (got ${JSON.stringify(name)})`);
  return join(sessionDir(), `${name}.sock`);
}

// The sessions whose process answers; a socket left by a process that died is removed.
export async function listSessions() {
  const dir = sessionDir();
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((f) => f.endsWith('.sock')).map((f) => f.slice(0, -5)).sort();
  const alive = await Promise.all(names.map((name) => new Promise((resolve) => {
    const socket = connect(socketPath(name));
    socket.on('connect', () => { socket.destroy(); resolve(true); });
    socket.on('error', (e) => {
      if (e.code === 'ECONNREFUSED') rmSync(socketPath(name), { force: true });
      resolve(false);
    });
  })));
  return names.filter((_, i) => alive[i]);
}

// One request on a fresh connection. Rejects with code ENOENT/ECONNREFUSED when no session runs,
// ETIMEDOUT when it did not answer in time.
export function request(name, message, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath(name));
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`session ${name} did not answer within ${timeoutMs / 1000} s; the call may ` +
        `still be running there`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify(message) + '\n'));
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('error', (e) => { clearTimeout(timer); reject(e); });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(data));
      } catch {
        reject(new Error(`session ${name} ended without answering (its process or its browser stopped); dehydra ` +
          `open URL starts it again`));
      }
    });
  });
}

// Starts the background process and resolves once it listens, or rejects with its reason.
export async function startSession(binPath, name, browserOptions) {
  const { spawn } = await import('node:child_process');
  const dir = sessionDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const log = openSync(join(dir, `${name}.log`), 'w');
  const child = spawn(process.execPath, [binPath, '__session', JSON.stringify({ name, browserOptions })],
    { detached: true, stdio: ['ignore', 'pipe', log] });
  return new Promise((resolve, reject) => {
    let first = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      first += chunk;
      if (!first.includes('\n')) return;
      child.stdout.destroy();
      child.unref();
      const line = first.split('\n')[0];
      if (line === 'ready') resolve();
      else reject(new ToolError(line.replace(/^error: /, '')));
    });
    child.on('exit',
      (code) => reject(new ToolError(`the session process ended (code ${code}); see ${join(dir, `${name}.log`)}`)));
  });
}

// Browser options given to an `open` of a running session that differ from the session's own:
// the refusal, or null. They take effect only when a session starts.
function differentOptions(own, given, name) {
  let asked;
  try {
    asked = browserOptionsOf(given);
  } catch (e) {
    return e.message;
  }
  const differ = Object.keys(given).filter((option) => {
    const field = OPTION_FIELDS[option];
    return JSON.stringify(asked[field]) !== JSON.stringify(own[field]);
  });
  if (!differ.length) return null;
  return `session ${name} is running with other browser options than --${differ.join(', --')}; ` +
    'they apply when a session starts: ' +
    `dehydra close${name === 'default' ? '' : ` --session ${name}`} first, or use another --session NAME`;
}

// A command's words, read and run in the session (which holds the tools): its answer, with `usage`
// set when the words were bad and `out` the file a screenshot goes to.
export async function commandAnswer(runTool, message, own, name) {
  const { parseCommand } = await import('./shell_commands.mjs');
  let call;
  try {
    call = parseCommand(message.command, message.words, BROWSER_OPTIONS);
  } catch (e) {
    if (e instanceof UsageError) return { text: e.message, isError: true, usage: true };
    throw e;
  }
  if (call.help) return { text: call.help, isError: false };
  const given = givenBrowserOptions(call.values);
  const named = Object.keys(given);
  if (named.length && message.command !== 'open') {
    const text = `browser options are taken by the open that starts a session, not by ${message.command} ` +
      `(got --${named.join(', --')})`;
    return { text, isError: true, usage: true };
  }
  const refusal = named.length && differentOptions(own, given, name);
  if (refusal) return { text: refusal, isError: true, usage: true };
  const answer = await runTool(call.tool, call.args);
  return { ...answer, out: call.values.out };
}

// The background process itself (`dehydra __session JSON`).
export async function runSession({ name, browserOptions }) {
  const { Browsing } = await import('../browsing.mjs');
  const { toolRunner } = await import('./run_tool.mjs');
  const path = socketPath(name);
  let browsing;
  let user = null;
  try {
    // The user's browser waits to be paired: its first answer says how (--extension).
    if (browserOptions.extension) {
      const { userBrowser } = await import('../extension/user_browser.mjs');
      user = await userBrowser(browserOptions, (line) => process.stderr.write(`${line}\n`));
    }
    browsing = new Browsing(browserOptions, user?.open);
    if (!user) await browsing.start();
  } catch (e) {
    process.stdout.write(`error: ${String(e.message || e).split('\n')[0]}\n`);
    process.exit(1);
  }
  const runTool = toolRunner(browsing);
  let idle = null;
  const finish = async () => {
    server.close();
    rmSync(path, { force: true });
    await browsing.close();
    await user?.close();
    process.exit(0);
  };
  const touch = () => { clearTimeout(idle); idle = setTimeout(finish, IDLE_MS); };
  const server = createServer((socket) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', async (chunk) => {
      data += chunk;
      if (!data.includes('\n')) return;
      touch();
      let message;
      try { message = JSON.parse(data.split('\n')[0]); } catch { socket.end(JSON.stringify({ text: 'bad request',
        isError: true })); return; }
      if (message.close) {
        socket.end(JSON.stringify({ text: `session ${name} closed`, isError: false }), finish);
        return;
      }
      const t0 = performance.now();
      const answer = await commandAnswer(runTool, message, browserOptions, name);
      const sessionMs = performance.now() - t0;
      socket.end(JSON.stringify({ ...answer,
        image: answer.image ? Buffer.from(answer.image).toString('base64') : undefined, sessionMs }));
    });
  });
  rmSync(path, { force: true });
  await new Promise((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o600);
  touch();
  // The browser gone by itself (its window closed, a crash) ends the session; a restart does not.
  if (!user) browsing.opened.context.on('close', () => { if (!browsing.restarting) finish(); });
  process.on('SIGTERM', finish);
  process.on('SIGINT', finish);
  process.stdout.write('ready\n');
}
