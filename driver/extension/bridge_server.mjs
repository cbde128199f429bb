// The loopback end of `--extension`: a WebSocket server on 127.0.0.1 that dehydra's browser
// extension (its service worker, extension/bridge.js) connects to. The user pairs it once
// with the one-time token printed here; the extension then holds a key of this server's, so its
// service worker, when Chrome restarts it, connects again without the token. Only a connection
// from an extension's origin, to a loopback host name, is heard: a web page cannot reach it.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';

export const DEFAULT_BRIDGE_PORT = 9333;
const secret = () => randomBytes(16).toString('hex');
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\]):\d+$/;
const EXTENSION = /^chrome-extension:\/\/[a-p]{32}$/;

export class BridgeServer extends EventEmitter {
  constructor(port = DEFAULT_BRIDGE_PORT) {
    super();
    this.wantedPort = port;
    this.token = secret();   // one use: a pairing spends it
    this.key = null;         // the paired extension's, for its reconnections
    this.socket = null;      // the paired connection
    this.next = 1;
    this.waiting = new Map();  // request id -> {resolve, reject}
  }

  async listen() {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port: this.wantedPort, path: '/dehydra', maxPayload: 64 << 20,
      verifyClient: ({ origin, req }) => EXTENSION.test(origin || '') && LOOPBACK.test(req.headers.host || '') });
    await new Promise((resolve, reject) => { this.wss.once('listening', resolve); this.wss.once('error', reject); });
    this.wss.on('connection', (socket) => this.greet(socket));
    this.port = this.wss.address().port;
    return this;
  }

  // What the user does to pair, in our words (the server's stderr line and the unpaired answer).
  pairingLine() {
    return `In the dehydra extension's side panel, choose Pair and enter port ${this.port} and token ${this.token}.`;
  }

  // A connection says who it is in its first message: {hello: {token} | {key}}.
  greet(socket) {
    const refuse = (why) => { socket.send(JSON.stringify({ refused: why })); socket.close(); };
    const timer = setTimeout(() => socket.terminate(), 5000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      let hello;
      try { hello = JSON.parse(String(data)).hello || {}; } catch { return refuse('not a greeting'); }
      const byToken = this.token !== null && hello.token === this.token;
      if (!byToken && !(this.key !== null && hello.key === this.key)) return refuse('wrong or spent token');
      if (byToken) { this.token = null; this.key = secret(); }
      this.adopt(socket);
      socket.send(JSON.stringify({ paired: { key: this.key } }));
    });
  }

  adopt(socket) {
    if (this.socket) this.socket.close();
    this.socket = socket;
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      // A browser that closed loses its key with its session: a new token pairs it again.
      this.token ??= secret();
      for (const { reject } of this.waiting.values()) reject(new Error('the extension disconnected'));
      this.waiting.clear();
      this.emit('disconnected');
    });
    this.emit('paired');
  }

  receive(data) {
    let m;
    try { m = JSON.parse(String(data)); } catch { return; }
    if (m.event) { this.emit('event', m); return; }
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve(m.result);
  }

  get paired() { return this.socket !== null; }

  // Resolves true once an extension is paired, false after `ms`.
  async whenPaired(ms) {
    if (this.paired) return true;
    return new Promise((resolve) => {
      const done = (ok) => { clearTimeout(timer); this.off('paired', onPaired); resolve(ok); };
      const onPaired = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.on('paired', onPaired);
    });
  }

  // The extension's answer to {type, ...args}; rejects with its error, or after `ms`.
  request(type, args = {}, ms = 60000) {
    if (!this.socket) return Promise.reject(new Error('the extension is not connected'));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the extension did not answer ${type} within ${ms} ms`));
      }, ms);
      const settle = (f) => (v) => { clearTimeout(timer); f(v); };
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.socket.send(JSON.stringify({ id, type, ...args }));
    });
  }

  async close() {
    if (!this.wss) return;
    for (const client of this.wss.clients) client.terminate();
    await new Promise((resolve) => this.wss.close(resolve));
  }
}
