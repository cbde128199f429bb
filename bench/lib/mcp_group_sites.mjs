// The loopback site of bench/mcp.mjs's checked-runs and signed-in groups: a sign-up form (in four
// variants, for replays on a changed page), a sign-in with a cookie session and an account page,
// and a checkout whose card form is a frame of another origin (the page on 127.0.0.1, the frame on
// localhost, one server for both names). The server records what the pages send, so a task's
// success is read here, never from what a tool answered.
import { createServer } from 'node:http';

const html = (title, body) => '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  `<title>${title}</title></head><body>${body}</body></html>`;

const field = (label, name, type = 'text') =>
  `<p><label>${label} <input name="${name}" type="${type}" required></label></p>`;

// The sign-up form. `variant` changes it as a site changes between runs: `reordered` swaps two
// fields, `renamed` renames the submit button, `inserted` adds a required field before the first.
function signupPage(variant) {
  const fields = [field('Full name', 'name'), field('Email', 'email', 'email'), field('City', 'city')];
  if (variant === 'reordered') fields.reverse();
  if (variant === 'inserted') fields.unshift(field('Company', 'company'));
  const plan = '<p><label>Plan <select name="plan"><option value="">Choose…</option>' +
    '<option value="basic">Basic</option><option value="pro">Pro</option><option value="team">Team</option>' +
    '</select></label></p>';
  const button = variant === 'renamed' ? 'Sign up' : 'Create account';
  return html('Sign up', `<h1>Create your account</h1><form id="f">${fields.join('')}${plan}
<p><label><input type="checkbox" name="news"> Send me the newsletter</label></p><button>${button}</button></form>
<p id="done" role="status"></p>
<script>f.onsubmit = async (e) => {
  e.preventDefault();
  const data = Object.fromEntries(new FormData(f));
  data.news = f.news.checked;
  const r = await fetch('/api/signup', { method: 'POST', body: JSON.stringify(data) }).then((x) => x.json());
  done.textContent = 'Welcome, ' + r.name + '! Account #' + r.id + ' is ready.';
};</script>`);
}

const loginPage = html('Sign in', `<h1>Sign in</h1><form method="post" action="/login">${field('Username', 'user')}
${field('Password', 'pass', 'password')}<button>Sign in</button></form>`);

const accountPage = (user) => html('Account', user ? `<h1>Your account</h1><p>Signed in as ${user}.</p>`
  : '<h1>Your account</h1><p>Please sign in.</p><a href="/login">Sign in</a>');

const payPage = (frameOrigin) => html('Checkout', `<h1>Checkout</h1><p>Total: 42.00 EUR</p>
<iframe title="Card payment" src="${frameOrigin}/card" width="420" height="360"></iframe>`);

const cardPage = html('Card', `<form id="c">${field('Card number', 'card')}${field('Expiry (MM/YY)', 'exp')}
${field('Security code', 'cvc')}${field('Name on card', 'holder')}<button>Pay 42.00 EUR</button></form>
<p id="paid" role="status"></p>
<script>c.onsubmit = async (e) => {
  e.preventDefault();
  const body = JSON.stringify(Object.fromEntries(new FormData(c)));
  const r = await fetch('/api/pay', { method: 'POST', body }).then((x) => x.json());
  paid.textContent = 'Payment ' + r.id + ' accepted.';
};</script>`);

async function bodyOf(req) {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

const sidOf = (req) => /(?:^|;\s*)sid=(\w+)/.exec(req.headers.cookie || '')?.[1];

// startGroupSite() → {origin, frameOrigin, state, variant (settable), reset(), close()}.
export async function startGroupSite() {
  const site = { variant: 'plain', sessions: new Map() };
  site.reset = () => { site.state = { signups: [], logins: [], accounts: [], payments: [] }; };
  site.reset();
  const routes = {
    'GET /signup': () => [200, signupPage(site.variant)],
    'POST /api/signup': (req, body) => {
      const data = JSON.parse(body);
      site.state.signups.push(data);
      return [200, JSON.stringify({ id: 500 + site.state.signups.length, name: data.name }), 'application/json'];
    },
    'GET /login': () => [200, loginPage],
    'POST /login': (req, body, res) => {
      const form = new URLSearchParams(body);
      site.state.logins.push(form.get('user'));
      if (form.get('user') !== 'ada' || form.get('pass') !== 'lovelace') return [200, loginPage];
      const sid = Math.random().toString(36).slice(2);
      site.sessions.set(sid, 'ada');
      // A lasting cookie (Max-Age), as a "remember me" sign-in sets: a profile keeps it across restarts.
      res.setHeader('set-cookie', `sid=${sid}; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax`);
      return [303, '', 'text/html', '/account'];
    },
    'GET /account': (req) => {
      const user = site.sessions.get(sidOf(req)) || null;
      site.state.accounts.push(user);
      return [200, accountPage(user)];
    },
    'GET /pay': () => [200, payPage(site.frameOrigin)],
    'GET /card': () => [200, cardPage],
    'POST /api/pay': (req, body) => {
      site.state.payments.push({ ...JSON.parse(body), host: req.headers.host.split(':')[0] });
      return [200, JSON.stringify({ id: `P-${100 + site.state.payments.length}` }), 'application/json'];
    },
  };
  const server = createServer(async (req, res) => {
    const route = routes[`${req.method} ${new URL(req.url, 'http://x').pathname}`];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html('Not found', '<h1>Page not found</h1>'));
      return;
    }
    const [status, body, type = 'text/html; charset=utf-8', location] = route(req, await bodyOf(req), res);
    res.writeHead(status, { 'content-type': type, ...(location ? { location } : {}) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  site.origin = `http://127.0.0.1:${port}`;
  site.frameOrigin = `http://localhost:${port}`;
  site.close = () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); });
  return site;
}
