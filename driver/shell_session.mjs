// The shell session: a background process that keeps a browser open between shell commands.
// `dehydra open URL` starts it (or reuses it); every later command connects to its Unix socket,
// sends one JSON line {tool, args} and reads one JSON line back {text, isError, image?}.
// The socket lives in a folder only this user can enter; sessions are named (--session NAME).
import { createServer, connect } from 'node:net';
import { mkdirSync, rmSync, existsSync, readdirSync, chmodSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError } from './tool_error.mjs';

export const SESSION_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const IDLE_MS = 60 * 60 * 1000;  // an idle session closes its browser after an hour

export function sessionDir() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(process.env.XDG_RUNTIME_DIR || tmpdir(), `dehydra-${uid}`);
}

export function socketPath(name) {
  if (!SESSION_NAME.test(name)) throw new ToolError(`a session name is 1 to 64 letters, digits, '_', '.' or '-' (got ${JSON.stringify(name)})`);
  return join(sessionDir(), `${name}.sock`);
}

export function listSessions() {
  const dir = sessionDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.sock')).map((f) => f.slice(0, -5)).sort();
}

// One request on a fresh connection. Rejects with code ENOENT/ECONNREFUSED when no session runs.
export function request(name, message, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath(name));
    let data = '';
    const timer = setTimeout(() => { socket.destroy(); reject(new ToolError(`session ${name} did not answer within ${timeoutMs} ms`)); }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify(message) + '\n'));
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('error', (e) => { clearTimeout(timer); reject(e); });
    socket.on('end', () => {
      clearTimeout(timer);
      try { resolve(JSON.parse(data)); } catch (e) { reject(new ToolError(`session ${name} answered badly: ${data.slice(0, 200)}`)); }
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
    child.on('exit', (code) => reject(new ToolError(`the session process ended (code ${code}); see ${join(dir, `${name}.log`)}`)));
  });
}

// The background process itself (`dehydra __session JSON`).
export async function runSession({ name, browserOptions }) {
  const { Browsing } = await import('./browsing.mjs');
  const { toolRunner } = await import('./run_tool.mjs');
  const path = socketPath(name);
  const browsing = new Browsing(browserOptions);
  try {
    await browsing.start();
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
      try { message = JSON.parse(data.split('\n')[0]); } catch { socket.end(JSON.stringify({ text: 'bad request', isError: true })); return; }
      if (message.close) {
        socket.end(JSON.stringify({ text: `session ${name} closed`, isError: false }), finish);
        return;
      }
      const t0 = performance.now();
      const answer = await runTool(message.tool, message.args);
      const sessionMs = performance.now() - t0;
      socket.end(JSON.stringify({ ...answer, image: answer.image ? Buffer.from(answer.image).toString('base64') : undefined, sessionMs }));
    });
  });
  rmSync(path, { force: true });
  await new Promise((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o600);
  touch();
  browsing.opened.context.on('close', finish);
  process.on('SIGTERM', finish);
  process.on('SIGINT', finish);
  process.stdout.write('ready\n');
}
