// The loopback web apps of bench/mcp.mjs: a shop (search, a custom ARIA select, cart, checkout), a
// sign-in and settings form, a project list with a native confirm() and a modal <dialog>, and a
// feed that loads more posts on scroll. The server records what the pages send it, so a task's
// success is read here, on the server side, never from what a tool answered. Slow answers (the
// order, the settings, a rename) arrive after SLOW_MS, as a real backend's would.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'mcp');
const SLOW_MS = 300;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml' };

const PRODUCTS = [
  { sku: 'steel-bottle', name: 'Steel water bottle', price: 25 },
  { sku: 'steel-lunchbox', name: 'Steel lunch box', price: 31 },
  { sku: 'steel-bowl', name: 'Steel mixing bowl', price: 19 },
  { sku: 'oak-board', name: 'Oak cutting board', price: 34 },
  { sku: 'linen-apron', name: 'Linen apron', price: 22 },
  { sku: 'trail-thermos', name: 'Trail thermos', price: 29 },
];
const WORDS = ['harbor', 'morning', 'kettle', 'garden', 'lantern', 'river', 'market', 'cedar', 'window', 'pebble', 'orchard', 'canvas'];
const post = (id) => ({
  id,
  title: `${WORDS[id % 12]} notes from the ${WORDS[(id * 7) % 12]} club`,
  body: `Member ${WORDS[(id * 5) % 12]} writes about the ${WORDS[(id * 3) % 12]} and the ${WORDS[(id * 11) % 12]}, ` +
    `with photos from last week's ${WORDS[(id + 4) % 12]} walk.`,
});
const FEED_PAGES = 6, PER_PAGE = 10;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Answers `body` as JSON; true, so an API route returns it as "answered".
const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
};
async function bodyOf(req) {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}
const cookieOf = (req, name) => (req.headers.cookie || '').split(/;\s*/).find((c) => c.startsWith(name + '='))?.slice(name.length + 1);

// The JSON API the pages call: true when `path` is one of its routes, answered.
async function answerApi(app, req, res, url) {
  const path = url.pathname;
  const m = req.method;
  if (path === '/api/search') {
    await sleep(150);
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    return json(res, 200, q ? PRODUCTS.filter((p) => p.name.toLowerCase().includes(q)) : []);
  }
  if (path === '/api/cart' && m === 'GET') return json(res, 200, app.state.cart);
  if (path === '/api/cart' && m === 'POST') {
    const { sku, size } = JSON.parse(await bodyOf(req));
    const p = PRODUCTS.find((x) => x.sku === sku);
    if (!p) return json(res, 400, { error: 'no such product' });
    app.state.cart.push({ ...p, size });
    return json(res, 200, { count: app.state.cart.length });
  }
  if (path === '/api/order' && m === 'POST') {
    const order = JSON.parse(await bodyOf(req));
    await sleep(SLOW_MS);
    if (!order.terms) return json(res, 400, { error: 'please accept the terms of sale' });
    if (!app.state.cart.length) return json(res, 400, { error: 'your cart is empty' });
    const id = 1001 + app.state.orders.length;
    app.state.orders.push({ id, ...order, items: app.state.cart.map((i) => ({ sku: i.sku, size: i.size })) });
    app.state.cart = [];
    return json(res, 200, { id, name: order.name });
  }
  if (path === '/api/settings' && m === 'POST') {
    if (!app.sessions.has(cookieOf(req, 'sid'))) return json(res, 401, { error: 'not signed in' });
    const s = JSON.parse(await bodyOf(req));
    await sleep(SLOW_MS);
    app.state.settings.push(s);
    return json(res, 200, { ok: true });
  }
  if (path === '/api/projects' && m === 'GET') return json(res, 200, app.state.projects);
  const project = path.match(/^\/api\/projects\/(\w+)$/);
  if (project) {
    const p = app.state.projects.find((x) => x.id === project[1]);
    if (!p) return json(res, 404, { error: 'no such project' });
    if (m === 'DELETE') {
      app.state.projects = app.state.projects.filter((x) => x !== p);
      app.state.deleted.push(p.id);
      return json(res, 200, { ok: true });
    }
    if (m === 'POST') {
      const { name } = JSON.parse(await bodyOf(req));
      await sleep(SLOW_MS);
      p.name = name;
      app.state.renamed.push({ id: p.id, name });
      return json(res, 200, p);
    }
  }
  if (path === '/api/feed') {
    await sleep(150);
    const n = Number(url.searchParams.get('page')) || 1;
    app.state.feedPages = Math.max(app.state.feedPages, n);
    const ids = n > FEED_PAGES ? [] : Array.from({ length: PER_PAGE }, (_, i) => (n - 1) * PER_PAGE + i + 1);
    return json(res, 200, ids.map(post));
  }
  if (path === '/api/like' && m === 'POST') {
    app.state.likes.push(JSON.parse(await bodyOf(req)).id);
    return json(res, 200, { ok: true });
  }
  return false;
}

// startApps({corpusDir}) → {origin, state, reset(), close()}. `state` is what the pages sent.
export async function startApps({ corpusDir } = {}) {
  const app = { state: null, sessions: new Set() };
  const reset = () => {
    app.sessions.clear();
    app.state = {
      cart: [], orders: [], logins: [], settings: [], likes: [], feedPages: 0,
      projects: [
        { id: 'alpha', name: 'Alpha', owner: 'ada', updated: '2026-11-02' },
        { id: 'beta', name: 'Beta', owner: 'grace', updated: '2026-11-19' },
        { id: 'gamma', name: 'Gamma', owner: 'ada', updated: '2026-11-27' },
        { id: 'delta', name: 'Delta', owner: 'linus', updated: '2026-12-01' },
      ],
      deleted: [], renamed: [],
    };
  };
  reset();

  const page = async (res, file, replace = (s) => s) => {
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    res.end(replace(await readFile(join(fixtures, file), 'utf8')));
  };

  async function handle(req, res) {
    const url = new URL(req.url, 'http://127.0.0.1');
    const path = url.pathname;
    const m = req.method;
    if (m === 'GET' && ['/store', '/checkout', '/projects', '/feed'].includes(path)) return page(res, path.slice(1) + '.html');
    if (m === 'GET' && (path === '/site.css' || path === '/chrome.js')) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] });
      return res.end(await readFile(join(fixtures, path.slice(1))));
    }
    if (m === 'GET' && path === '/login') return page(res, 'login.html');
    if (m === 'POST' && path === '/login') {
      const form = new URLSearchParams(await bodyOf(req));
      app.state.logins.push(form.get('user'));
      if (form.get('user') === 'ada' && form.get('pass') === 'lovelace') {
        const sid = Math.random().toString(36).slice(2);
        app.sessions.add(sid);
        res.writeHead(303, { location: '/settings', 'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax` });
        return res.end();
      }
      return page(res, 'login.html', (s) => s.replace('<!--ERROR-->', '<p role="alert">Wrong username or password.</p>'));
    }
    if (m === 'GET' && path === '/settings') {
      if (!app.sessions.has(cookieOf(req, 'sid'))) { res.writeHead(303, { location: '/login' }); return res.end(); }
      return page(res, 'settings.html');
    }
    if (path.startsWith('/api/') && await answerApi(app, req, res, url)) return;
    if (corpusDir && m === 'GET' && path.startsWith('/corpus/')) {
      const file = normalize(join(corpusDir, decodeURIComponent(path.slice('/corpus'.length))));
      if (file.startsWith(corpusDir) && (await stat(file).catch(() => null))?.isFile()) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
        return res.end(await readFile(file));
      }
    }
    res.writeHead(404, { 'content-type': TYPES['.html'] });
    res.end('<!doctype html><title>Not found</title><h1>Page not found</h1>');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => { res.writeHead(500); res.end(String(e)); });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    get state() { return app.state; },
    reset,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}
