// Plumbing for the driver's tests (MCP, shell session, one-shot CLI): the official SDK's Client on
// `dehydra mcp` over stdio or Streamable HTTP, the CLI run as a child, a loopback shop whose server
// records orders, and a helper that reads indices out of answers.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { root, startServer, chromiumPath } from './harness.mjs';

export const bin = join(root, 'bin', 'dehydra');

// Runs the CLI asynchronously (the shop's server runs in the test's process and must answer
// meanwhile). Resolves {code, out, err}.
export function runDehydra(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

export async function stdioClient(args = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', ...args], stderr: 'pipe' });
  const client = new Client({ name: 'dehydra-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

// `dehydra mcp --http 0`; resolves {client, url, close} once the server says where it listens.
export async function httpServer(args = []) {
  const child = spawn(process.execPath, [bin, 'mcp', '--http', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      err += d;
      const m = /(http:\/\/[^\s]+\/mcp)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`dehydra mcp --http exited (${code}): ${err}`)));
  });
  const connect = async () => {
    const client = new Client({ name: 'dehydra-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return client;
  };
  const close = () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
  return { url, connect, close, child };
}

export function textOf(result) {
  return result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

export async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  return { result, text: textOf(result), isError: !!result.isError };
}

// The index of the first element line whose text matches `pattern` (a state or a diff).
export function indexOf(text, pattern) {
  for (const line of text.split('\n')) {
    const m = /^\s*\*?\[(\d+)\]<[^>]*>(.*)$/.exec(line);
    if (m && pattern.test(line)) return Number(m[1]);
  }
  throw new Error(`no element line matches ${pattern} in:\n${text}`);
}

// The shop (tests/fixtures/mcp/mcp_shop.html) with a server that answers orders after `orderDelayMs`
// and records them, and a second page for navigation and new tabs.
export async function startShop({ orderDelayMs = 300 } = {}) {
  const orders = [];
  const seen = { userAgents: [], cookies: [] };
  const server = await startServer({
    '/mcp/shop': (req, res) => {
      seen.userAgents.push(req.headers['user-agent']);
      seen.cookies.push(req.headers.cookie || '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFileSync(join(root, 'tests', 'fixtures', 'mcp', 'mcp_shop.html')));
    },
    '/mcp/redirect': { body: '<!doctype html><title>Moving</title><a href="/mcp/second">Stay here</a><script>setTimeout(() => { location.href = "/mcp/second"; }, 3000)</script>' },
    '/mcp/second': { body: '<!doctype html><title>Catalogue</title><h1>Catalogue</h1><a href="/mcp/shop">Back to the shop</a>' },
    // A field that asks its server 250 ms after the typing pauses; a button whose answer asks for more.
    '/mcp/suggest': { body: `<!doctype html><title>Suggest</title>
      <input aria-label="Tool" aria-autocomplete="list" id="q"><ul id="list"></ul>
      <button id="chain">Load details</button><p id="details"></p>
      <script>
      let t = null;
      q.addEventListener('input', () => {
        clearTimeout(t);
        t = setTimeout(async () => {
          const names = await (await fetch('/mcp/suggestions?q=' + encodeURIComponent(q.value))).json();
          list.innerHTML = names.map((n) => '<li>' + n + '</li>').join('');
        }, 250);
      });
      chain.addEventListener('click', async () => {
        const first = await (await fetch('/mcp/suggestions?q=saw')).json();
        const second = await (await fetch('/mcp/suggestions?q=' + first[0].split(' ')[0])).json();
        details.textContent = 'Details: ' + second.join(', ');
      });
      </script>` },
    '/mcp/suggestions': (req, res) => {
      const q = new URL(req.url, 'http://x').searchParams.get('q').toLowerCase();
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(['Hammer', 'Hand saw', 'Hacksaw', 'Saw horse'].filter((n) => n.toLowerCase().includes(q))));
      }, 150);
    },
    '/mcp/order': (req, res) => {
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => {
        const order = { id: `A-${100 + orders.length}`, ...JSON.parse(body) };
        setTimeout(() => {
          orders.push(order);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(order));
        }, orderDelayMs);
      });
    },
  });
  return { ...server, shop: `${server.origin}/mcp/shop`, orders, seen };
}

// A Chromium the user might run: headless, a profile of its own, --remote-debugging-port. Resolves
// {port, child}; the caller kills the child.
export async function debuggableChromium(...urls) {
  const profile = mkdtempSync(join(tmpdir(), 'dehydra-cdp-'));
  const child = spawn(chromiumPath, ['--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0',
    `--user-data-dir=${profile}`, ...(urls.length ? urls : ['about:blank'])], { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { err += d; const m = /DevTools listening on (ws:\/\/\S+)/.exec(err); if (m) resolve(m[1]); });
    child.on('exit', () => reject(new Error(err)));
  });
  return { port: new URL(endpoint).port, child };
}
