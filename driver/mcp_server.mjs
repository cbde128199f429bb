// `dehydra mcp`: the tools as an MCP server, over stdio or over Streamable HTTP on a loopback port.
// One Browsing (browsing.mjs) serves every client of the process (an MCP client is one agent).
// The stdio server ends with its input or its parent, and closes the browser it opened.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, INSTRUCTIONS } from './tools/index.mjs';
import { toolRunner } from './run_tool.mjs';
import { Browsing } from './browsing.mjs';

function mcpServer(runTool, version) {
  const server = new Server({ name: 'dehydra', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const answer = await runTool(request.params.name, request.params.arguments);
    const content = [{ type: 'text', text: answer.text }];
    if (answer.image) content.push({ type: 'image', data: Buffer.from(answer.image).toString('base64'), mimeType: 'image/png' });
    return { content, isError: answer.isError };
  });
  return server;
}

// Resolves when the client is gone: stdin ended or closed, or the process that started this one
// (the client, or npm exec between it and us) exited.
async function serveStdio(browsing, version) {
  const server = mcpServer(toolRunner(browsing), version);
  await server.connect(new StdioServerTransport());
  const parent = process.ppid;
  return new Promise((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    const orphaned = setInterval(() => {
      if (process.ppid !== parent) resolve();
    }, 1000);
    orphaned.unref();
  });
}

// Streamable HTTP at http://HOST:PORT/mcp, one transport per MCP session.
async function serveHttp(browsing, version, { host, port }) {
  const runTool = toolRunner(browsing);
  const transports = new Map();
  const http = createServer(async (req, res) => {
    const url = new URL(req.url, `http://${req.headers.host || host}`);
    if (url.pathname !== '/mcp') { res.writeHead(404).end('dehydra MCP: the endpoint is /mcp\n'); return; }
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      if (id !== undefined || req.method !== 'POST') {
        res.writeHead(id ? 404 : 400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: id ? 'unknown MCP session' : 'no MCP session: initialize first' }, id: null }));
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => transports.set(sid, transport),
        enableDnsRebindingProtection: true,
        allowedHosts: [`${host}:${http.address().port}`, `localhost:${http.address().port}`, `127.0.0.1:${http.address().port}`],
      });
      transport.onclose = () => { if (transport.sessionId) transports.delete(transport.sessionId); };
      await mcpServer(runTool, version).connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise((resolve, reject) => { http.once('error', reject); http.listen(port, host, resolve); });
  return http;
}

// The server of `dehydra mcp`: over stdio when `http` is null, else at {host, port}. Resolves the
// exit code once a stdio client is gone; an HTTP server runs until a signal (null).
export async function serveMcp(browserOptions, version, http) {
  const browsing = new Browsing(browserOptions);
  const close = async () => {
    await browsing.close();
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  process.on('SIGHUP', close);
  if (http === null) {
    await serveStdio(browsing, version);
    await browsing.close();
    return 0;
  }
  const listening = await serveHttp(browsing, version, http);
  process.stderr.write(`dehydra MCP server at http://${http.host}:${listening.address().port}/mcp\n`);
  return null;
}
