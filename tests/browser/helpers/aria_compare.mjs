// Node-by-node comparison of two ariaSnapshot YAML texts: each tree becomes the sequence of its
// nodes' (role, name) in document order, and the sequences are aligned (Myers' diff, an LCS).
// agreement = 2·matched / (nodes in ours + nodes in Playwright's), so both extra and missing nodes count.
// settleWithChromium lets Chromium's own accessibility tree decide the nodes where it and Playwright differ.

// Parses one YAML line's key ('- role "name" [flags]: value') into {role, name}; null for text/props.
export function parseKey(line) {
  const m = /^(\s*)- (.*)$/.exec(line);
  if (!m) return null;
  let rest = m[2];
  if (rest.startsWith('text:') || rest.startsWith('/')) return null;
  let key;
  if (rest.startsWith("'")) {
    let i = 1; key = '';
    while (i < rest.length) {
      if (rest[i] === "'" && rest[i + 1] === "'") { key += "'"; i += 2; continue; }
      if (rest[i] === "'") break;
      key += rest[i++];
    }
  } else {
    const colon = rest.search(/:( |$)/);
    key = colon === -1 ? rest : rest.slice(0, colon);
  }
  const role = /^[a-z]+/.exec(key);
  if (!role) return null;
  let name = '';
  const after = key.slice(role[0].length).trimStart();
  if (after.startsWith('"')) {
    let i = 1;
    while (i < after.length && after[i] !== '"') i += after[i] === '\\' ? 2 : 1;
    try { name = JSON.parse(after.slice(0, i + 1)); } catch { name = after.slice(1, i); }
  }
  return { role: role[0], name, depth: m[1].length / 2 };
}

export function nodesOf(yaml) {
  const out = [];
  for (const line of yaml.split('\n')) {
    const k = parseKey(line);
    if (k) out.push(k);
  }
  return out;
}

// Myers' O(ND) diff; returns the matched index pairs.
export function align(a, b, eq = (x, y) => x === y) {
  const n = a.length, m = b.length, max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = (k === -d || (k !== d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && eq(a[x], b[y])) { x++; y++; }
      v[max + k] = x;
      if (x >= n && y >= m) { found = true; break; }
    }
    if (d > 4000) break;  // pathological: give up aligning further
  }
  const pairs = [];
  let x = n, y = m;
  for (let d = trace.length - 1; d > 0 && (x > 0 || y > 0); d--) {
    const vv = trace[d];
    const k = x - y;
    const prevK = (k === -d || (k !== d && vv[max + k - 1] < vv[max + k + 1])) ? k + 1 : k - 1;
    const prevX = vv[max + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) { pairs.push([x - 1, y - 1]); x--; y--; }
    x = prevX; y = prevY;
  }
  while (x > 0 && y > 0 && eq(a[x - 1], b[y - 1])) { pairs.push([x - 1, y - 1]); x--; y--; }
  return pairs.reverse();
}

export function compareTrees(ours, theirs) {
  const a = nodesOf(ours), b = nodesOf(theirs);
  const key = (n) => n.role + '\u0000' + n.name;
  const ka = a.map(key), kb = b.map(key);
  const pairs = align(ka, kb);
  const matchedA = new Set(pairs.map((p) => p[0]));
  const matchedB = new Set(pairs.map((p) => p[1]));
  const extra = a.filter((_, i) => !matchedA.has(i));
  const missing = b.filter((_, i) => !matchedB.has(i));
  const total = a.length + b.length;
  return { ours: a.length, theirs: b.length, matched: pairs.length, agreement: total ? (2 * pairs.length) / total : 1, extra, missing };
}

// Chromium's own accessibility tree (CDP Accessibility.getFullAXTree): the (role, name) of each node
// it includes, with the role as the YAML spells it (img, iframe) and the name's whitespace collapsed as
// Playwright collapses it. Elements we give no role on purpose, as Playwright does
// (docs/aria-differences.md), are left out: they are neither tree's.
const CHROMIUM_ROLE = { image: 'img', Iframe: 'iframe' };
const ROLELESS_AS_PLAYWRIGHT = new Set(['ADDRESS', 'HGROUP']);
export async function chromiumNodes(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const roleless = new Set();
    const visit = (d) => {
      if (ROLELESS_AS_PLAYWRIGHT.has(d.nodeName)) roleless.add(d.backendNodeId);
      const inner = [...(d.children || []), ...(d.shadowRoots || []), ...(d.contentDocument ? [d.contentDocument] : [])];
      for (const c of inner) visit(c);
    };
    visit(root);
    return nodes.filter((n) => !n.ignored && !roleless.has(n.backendDOMNodeId)).map((n) => {
      const role = n.role?.value || '';
      return { role: CHROMIUM_ROLE[role] || role, name: String(n.name?.value ?? '').replace(/\s+/g, ' ').trim() };
    });
  } finally {
    await cdp.detach();
  }
}

// Settles compareTrees' result `c` where Playwright and Chromium disagree: a node only one of the
// two YAML trees has counts as agreed when Chromium's tree has as many nodes of its role and name
// as ours and not as many as Playwright's (docs/aria-differences.md lists those cases). Returns the
// agreement so counted and how many of the unmatched nodes Chromium settled.
export function settleWithChromium(c, ours, theirs, chromium) {
  const key = (n) => n.role + '\u0000' + n.name;
  const tally = (nodes) => {
    const m = new Map();
    for (const n of nodes) m.set(key(n), (m.get(key(n)) || 0) + 1);
    return m;
  };
  const o = tally(nodesOf(ours)), p = tally(nodesOf(theirs)), ch = tally(chromium);
  const settles = (n) => {
    const k = key(n), mine = o.get(k) || 0;
    return (ch.get(k) || 0) === mine && (p.get(k) || 0) !== mine;
  };
  // A node of ours Chromium settles, beside Playwright's node of the same role with another name, is
  // one element named two ways: Chromium's count decides the name, so Playwright's counts as settled too.
  const unsettledMissing = c.missing.filter((n) => !settles(n));
  for (const n of c.extra.filter(settles)) {
    const i = unsettledMissing.findIndex((m) => m.role === n.role);
    if (i >= 0) unsettledMissing.splice(i, 1);
  }
  const settled = c.extra.filter(settles).length + c.missing.length - unsettledMissing.length;
  const total = c.ours + c.theirs;
  return { settled, agreement: total ? (2 * c.matched + settled) / total : 1 };
}
