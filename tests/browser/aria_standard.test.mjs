// Names and roles against Chromium's own computation (CDP Accessibility.getFullAXTree) on
// tests/fixtures/aria/aria_standard.html: accname 1.2 cases where Chromium departs from Playwright
// (blank aria-labelledby, the aria-labeledby spelling, aria-label's no-break spaces, visible content
// under visibility:hidden, a list box with nothing selected inside a name), ARIA 1.3 roles, roles outside their required context, and CSS
// generated content, which also reaches getBrowserState and Markdown outside compat mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, startServer, inject, browserContent } from './helpers/harness.mjs';
import { nodesOf } from './helpers/aria_compare.mjs';

let server, browser, page, chromium, ours;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/aria/aria_standard.html`);
  chromium = await chromiumCases(page);
  await inject(page);
  ours = await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false }));
});
after(async () => { await page?.closeAll(); await browser?.close(); await server?.close(); });

// Chromium keeps a name's edge spaces and collapses only ASCII whitespace; its role "image" is
// the YAML's img, its "Iframe" the YAML's iframe.
const asciiCollapsed = (s) => s.replace(/[ \t\n\f\r]+/g, ' ').replace(/^ | $/g, '');
const ROLE = { image: 'img', Iframe: 'iframe' };

// [{id, role, name, roleAttribute, text}] for every data-case element, as Chromium computes them.
async function chromiumCases(p) {
  const cdp = await p.context().newCDPSession(p);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const cases = new Map();
  (function visit(n) {
    const a = n.attributes || [];
    const attrs = {};
    for (let i = 0; i < a.length; i += 2) attrs[a[i]] = a[i + 1];
    if ('data-case' in attrs) cases.set(n.backendNodeId, { id: attrs.id, roleAttribute: attrs.role });
    (n.children || []).forEach(visit);
  })(root);
  const out = [];
  for (const n of nodes) {
    const c = cases.get(n.backendDOMNodeId);
    if (!c) continue;
    const role = n.role?.value || '';
    out.push({ ...c, role: ROLE[role] || role, name: asciiCollapsed(n.name?.value || '') });
  }
  const texts = await p.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-case]')].map((e) => [e.id, e.textContent.trim()])));
  for (const c of out) c.text = texts[c.id];
  assert.equal(out.length, Object.keys(texts).length, 'Chromium reports every case');
  return out;
}

test('every case has the role and name Chromium computes', () => {
  const nodes = nodesOf(ours);
  const wrong = [];
  for (const c of chromium) {
    if (c.role === 'generic' && c.name === '') {
      // The role fell back to none: no node of the role asked for shows the case's text.
      const token = (c.roleAttribute || '').split(' ')[0];
      if (token && new RegExp(`- ${token}\\b[^\\n]*${c.text}`).test(ours)) wrong.push(`${c.id}: kept role ${token}`);
      continue;
    }
    if (!nodes.some((n) => n.role === c.role && n.name === c.name)) wrong.push(`${c.id}: no ${c.role} "${c.name}"`);
  }
  assert.deepEqual(wrong, [], ours);
});

test('the cases Chromium and Playwright disagree on are Chromium\'s here', () => {
  for (const line of ['- button "bar": content', '- button "legacy label": content', '- textbox "legacy label"',
    '- button "\u00a0x\u00a0": content', '- button "shown text"', '- suggestion:', '- img "picture"', '- comment: A comment',
    '- button "Tree item or button"', '- heading "Generated content" [level=1]', '- button "★ Save"', '- textbox "Email *"',
    '- button "Next"', '- button "[target]": zzz', '- paragraph: Paragraph *', '- heading "List box" [level=2]',
    '- heading "List box chosen" [level=2]', '- heading "Blank reference shown" [level=2]', '- button "Close"',
    '- button "Menu"', '- img "Image map":\n  - link "Area by alt":\n    - /url: "#area-a"\n  - link "Area by label"'])
    assert.ok(ours.includes(line), `missing ${line}\n${ours}`);
  assert.doesNotMatch(ours, /treeitem "Lone tree item"|option "Lone option"|listitem: Lone listitem/);
  assert.doesNotMatch(ours, /Ghost|Gone|\uf002/);
  assert.doesNotMatch(ours, /"Hidden (label|caption|legend)"|"Figure caption"|"21 Nov 2017"|"Slot label"/);
});

test('generated content is page text in getBrowserState and Markdown, and not in compat mode', async () => {
  const state = await browserContent(page);
  assert.match(state, />★ Save \/>/);
  assert.match(state, /\[x\]/);
  assert.match(state, /Paragraph\n\*|Paragraph \*/);
  assert.match(state, />Help \(hint\) \/>/);
  assert.doesNotMatch(state, /Ghost|Gone/);
  const compat = await browserContent(page, { pageAgentCompat: true });
  assert.doesNotMatch(compat, /★|Help \(hint\)|\[x\]/);
  const md = await page.evaluate(() => dehydra.markdown());
  assert.match(md, /★ Save/);
  assert.match(md, /Paragraph \\\*/);
  assert.match(md, /\\\[target\\\]/);
});
