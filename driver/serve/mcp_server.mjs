// `dehydra mcp`: the tools as an MCP server, over stdio or over Streamable HTTP on a loopback port.
// Over stdio one client has one Browsing (browsing.mjs); the server ends with its input or its
// parent, and closes the browser it opened. Over HTTP each MCP session has a browser context of
// its own in one shared browser (its tabs, cookies, storage and numbers), unless asked to share
// one; sessions are capped in number and closed after an idle time.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, TOOL_BY_NAME, INSTRUCTIONS } from '../tools/index.mjs';
import { PageTools } from './page_tools.mjs';
import { toolRunner } from './run_tool.mjs';
import { Browsing } from '../browsing.mjs';
import { sharedBrowser } from '../browsers.mjs';
import { readSecrets } from '../secrets.mjs';
import { userBrowser } from '../extension/user_browser.mjs';

// The instructions, with the names (never the values) of the secrets the agent may write as {{NAME}}.
function instructionsFor(options) {
  if (!options.secrets) return INSTRUCTIONS;
  const names = [...readSecrets(options.secrets).keys()];
  return `${INSTRUCTIONS} Secrets: write {{${names.join('}}, {{')}}} in a tool's arguments (type, fill_form …) ` +
    'and the page receives the value; answers show the name, never the value.';
}

// Tools whose calls may change the page's own tools (page_tools.mjs): those that act or move.
const mayChangePage = (name) => { const t = TOOL_BY_NAME.get(name); return !t || t.expects || name === 'tabs'; };

function mcpServer(runTool, version, options) {
  const pageTools = options.pageTools === false ? null : new PageTools(runTool);
  const server = new Server({ name: 'dehydra', version },
    { capabilities: { tools: pageTools ? { listChanged: true } : {} }, instructions: instructionsFor(options) });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description,
      inputSchema: t.inputSchema })),
      ...(pageTools ? pageTools.list() : [])],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const answer = pageTools && pageTools.has(name) ? await pageTools.call(name, args) : await runTool(name, args);
    if (pageTools && mayChangePage(name) && await pageTools.refresh().catch(() => false))
      await server.sendToolListChanged().catch(() => {});
    const content = [{ type: 'text', text: answer.text }];
    if (answer.image)
      content.push({ type: 'image', data: Buffer.from(answer.image).toString('base64'), mimeType: 'image/png' });
    return { content, isError: answer.isError };
  });
  return server;
}

// Resolves when the client is gone: stdin ended or closed, or the process that started this one
// (the client, or npm exec between it and us) exited.
// `parent`: the process that started this one, as it was when this process began (it may be gone
// by the time the server is up); a parent become 1 is init, which adopts orphans (a client that is
// itself process 1, as in a container, stays the parent).
async function serveStdio(browsing, version, parent) {
  const server = mcpServer(toolRunner(browsing), version, browsing.options);
  await server.connect(new StdioServerTransport());
  return new Promise((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    const orphaned = setInterval(() => {
      if (process.ppid !== parent || (process.ppid === 1 && parent !== 1)) resolve();
    }, 1000);
    orphaned.unref();
  });
}

const jsonError = (res, status, message) => res.writeHead(status, { 'content-type': 'application/json' })
  .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));

// The MCP sessions of an HTTP server: each one's transport, Browsing and idle timer.
class HttpSessions {
  // `user`: the user's browser (--extension), which every session shares.
  constructor(browserOptions, version, { shared, maxClients, idleMs }, user) {
    Object.assign(this, { browserOptions, version, maxClients, idleMs });
    this.browser = user || sharedBrowser(browserOptions);
    this.shared = shared || user ? new Browsing(browserOptions, user?.open) : null;
    this.sharedRunner = this.shared ? toolRunner(this.shared) : null;
    this.sessions = new Map();
    this.opening = 0;
  }

  // A new session's transport, or null when the cap is reached (the refusal already sent).
  async open(res, allowedHosts) {
    if (this.sessions.size + this.opening >= this.maxClients) {
      jsonError(res, 503,
        `dehydra: ${this.maxClients} MCP sessions are open, the most this server takes (--max-clients); close one ` +
        `or try later`);
      return null;
    }
    this.opening++;
    const browsing = this.shared || new Browsing(this.browserOptions, () => this.browser.open());
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        this.opening--;
        this.sessions.set(sid, { transport, browsing, idle: null });
        this.touch(sid);
      },
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    transport.onclose = () => { if (transport.sessionId) this.end(transport.sessionId); };
    await mcpServer(this.sharedRunner || toolRunner(browsing), this.version, this.browserOptions).connect(transport);
    return transport;
  }

  // A request of session `sid` begins: its transport. A call (a POST) keeps the session from idling
  // until its answer is sent, however long it takes; a stream the client keeps open (a GET) does not.
  get(sid, req, res) {
    const session = this.sessions.get(sid);
    if (!session) return undefined;
    if (req.method !== 'POST') {
      this.touch(sid);
      return session.transport;
    }
    session.busy = (session.busy || 0) + 1;
    clearTimeout(session.idle);
    res.on('close', () => {
      session.busy--;
      if (this.sessions.get(sid) === session) this.touch(sid);
    });
    return session.transport;
  }

  // The idle timer starts again once no request of the session is in flight.
  touch(sid) {
    const session = this.sessions.get(sid);
    clearTimeout(session.idle);
    if (session.busy > 0) return;
    session.idle = setTimeout(() => this.end(sid), this.idleMs);
    session.idle.unref();
  }

  // A session ends (its client's DELETE, its idle time, the server's end): its context closes.
  async end(sid) {
    const session = this.sessions.get(sid);
    if (!session) return;
    this.sessions.delete(sid);
    clearTimeout(session.idle);
    await session.transport.close().catch(() => {});
    if (!this.shared) await session.browsing.close();
  }

  async close() {
    await Promise.all([...this.sessions.keys()].map((sid) => this.end(sid)));
    if (this.shared) await this.shared.close();
    await this.browser.close();
  }
}

// Streamable HTTP at http://HOST:PORT/mcp. Resolves {http, sessions}.
async function serveHttp(browserOptions, version, { host, port, ...limits }, user) {
  const sessions = new HttpSessions(browserOptions, version, limits, user);
  const http = createServer(async (req, res) => {
    const url = new URL(req.url, `http://${req.headers.host || host}`);
    if (url.pathname !== '/mcp') { res.writeHead(404).end('dehydra MCP: the endpoint is /mcp\n'); return; }
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id, req, res) : undefined;
    if (!transport) {
      if (id !== undefined || req.method !== 'POST') {
        jsonError(res, id ? 404 : 400, id ? 'unknown MCP session' : 'no MCP session: initialize first');
        return;
      }
      const p = http.address().port;
      transport = await sessions.open(res, [`${host}:${p}`, `localhost:${p}`, `127.0.0.1:${p}`]);
      if (!transport) return;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise((resolve, reject) => { http.once('error', reject); http.listen(port, host, resolve); });
  return { http, sessions };
}

// The server of `dehydra mcp`: over stdio when `http` is null, else at {host, port, shared,
// maxClients, idleMs}; `parent` the pid of the process that started this one, read at its start.
// Resolves the exit code once a stdio client is gone; an HTTP server runs until a signal (null).
// Either way what it opened is closed when it ends.
export async function serveMcp(browserOptions, version, http, parent = process.ppid) {
  let closing = null;
  const onSignal = (finish) => {
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
      process.on(signal, async () => { await finish(); process.exit(0); });
  };
  const say = (line) => process.stderr.write(`${line}\n`);
  const user = browserOptions.extension ? await userBrowser(browserOptions, say) : null;
  if (http === null) {
    const browsing = new Browsing(browserOptions, user?.open);
    const finish = async () => { await browsing.close(); await user?.close(); };
    onSignal(finish);
    await serveStdio(browsing, version, parent);
    await finish();
    return 0;
  }
  const served = await serveHttp(browserOptions, version, http, user);
  onSignal(() => (closing ||= served.sessions.close()));
  process.stderr.write(`dehydra MCP server at http://${http.host}:${served.http.address().port}/mcp\n`);
  return null;
}
