// The sanitizer paths (设置页面节点超文本, 装入页面模板) against every payload of the shared XSS
// corpus, with page JavaScript on and alert( replaced by a canary; and the whole API on a page that
// enforces Trusted Types (no HTML string ever reaches a sink: the core parses HTML itself).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, corpusDir, needsCorpus, newPage, root } from './helpers/harness.mjs';
import { openWebTreePage } from './helpers/webtree_helpers.mjs';

const payloadFile = join(corpusDir, 'xss-payloads.json');
const payloads = !existsSync(payloadFile) ? [] : JSON.parse(readFileSync(payloadFile, 'utf8'))
  .map((p) => p.payload.replaceAll('alert(', '__canary('));

const CANARY_PAGE = `<!doctype html><html><head><script>
window.__pwned = 0; window.__canary = function () { window.__pwned++; };
window.__controlled = 0; window.__control = function () { window.__controlled++; };
</script></head><body><div id="target"><b>原样</b></div><div id="tt"></div></body></html>`;

let server, browser;
before(async () => {
  server = await startServer({
    '/canary.html': { body: CANARY_PAGE },
    '/xss': (req, res) => {
      const i = Number(new URL(req.url, 'http://x').searchParams.get('i'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><script>parent.__canary && parent.__canary()</script></head><body><div id="t">${payloads[i]}</div></body></html>`);
    },
    '/tt.html': {
      body: '<!doctype html><body><div id="box"></div><p id="src"><b class="k">甲</b>乙</p></body>',
      headers: { 'content-security-policy': "require-trusted-types-for 'script'; trusted-types 'none'" },
    },
    '/nowasm.html': {
      body: '<!doctype html><body><div id="box"></div></body>',
      headers: { 'content-security-policy': "script-src 'self'" },
    },
    '/tt-template.html': { body: '<div id="卡"><b onclick="__canary()">模板</b><script>__canary()</script></div>' },
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

// Runs in the page: what is under `root` is only whitelisted elements and attributes.
function auditSource() {
  return `(root) => {
    const TAGS = new Set('a span small b strong br h1 h2 h3 h4 h5 p section div article nav button table thead tbody tr th td pre code time ul ol li label select option form input textarea details summary em i kbd sup sub blockquote hr dl dt dd'.split(' '));
    const NAMES = new Set('class role type title hidden disabled readonly placeholder tabindex datetime maxlength rows colspan rowspan for value id checked selected open href target'.split(' '));
    const bad = [];
    for (const el of root.querySelectorAll('*')) {
      if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !TAGS.has(el.localName)) bad.push('tag ' + el.localName);
      for (const a of el.attributes) {
        const ok = NAMES.has(a.name) || (/^(data|aria)-[a-z0-9-]+$/.test(a.name) && !a.name.startsWith('data-yy-')) || a.name === 'data-yy' ||
          (a.name === 'rel' && a.value === 'noopener noreferrer' && el.getAttribute('target') === '_blank');
        if (!ok) bad.push('attribute ' + a.name);
        if (a.name === 'href' && !/^(\\/(?!\\/)|#|https?:\\/\\/)/i.test(a.value)) bad.push('href ' + a.value);
      }
    }
    return bad;
  }`;
}

test('设置页面节点超文本: every XSS payload is refused with the node unchanged or yields only whitelisted output; no code runs', needsCorpus('xss-payloads.json'), async () => {
  const page = await openWebTreePage(browser, server, '/canary.html');
  try {
    const r = await page.evaluate(async ([list, audit]) => {
      const check = (0, eval)(audit);
      const t = dehydra.createWebTree();
      const target = t.getNode('target');
      const el = document.getElementById('target');
      let refused = 0, accepted = 0;
      const problems = [];
      for (let i = 0; i < list.length; i++) {
        const before = el.innerHTML;
        try {
          t.setNodeHtml(target, list[i]);
          accepted++;
          const bad = check(el);
          if (bad.length) problems.push(i + ': ' + bad.join(', '));
        } catch (e) {
          refused++;
          if (!(e instanceof Error)) problems.push(i + ': non-Error thrown');
          if (el.innerHTML !== before) problems.push(i + ': changed on refusal');
        }
      }
      // Control: a handler does fire when markup reaches the browser's parser. It starts after
      // every payload, so waiting for it (however loaded the machine) gives theirs time as well.
      document.getElementById('tt').innerHTML = '<img src=x onerror=__control()>';
      for (const start = performance.now(); !window.__controlled && performance.now() - start < 15000;) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 500));
      return { refused, accepted, problems, pwned: window.__pwned, control: window.__controlled, scripts: document.scripts.length, count: t.handleCount() };
    }, [payloads, auditSource()]);
    assert.deepEqual(r.problems, []);
    assert.equal(r.refused + r.accepted, payloads.length);
    assert.ok(r.refused > 150, `refused ${r.refused}`);
    assert.equal(r.pwned, 0);
    assert.equal(r.control, 1, 'the canary works');
    assert.equal(r.scripts, 1);
    assert.equal(r.count, 1);
    console.log(`setHTML: ${r.refused} refused, ${r.accepted} accepted (whitelisted output only)`);
  } finally { await page.closeAll(); }
});

test('装入页面模板: every XSS payload served as a template yields only whitelisted output; no code runs', needsCorpus('xss-payloads.json'), async () => {
  const page = await openWebTreePage(browser, server, '/canary.html');
  try {
    const r = await page.evaluate(async ([n, audit]) => {
      const check = (0, eval)(audit);
      const t = dehydra.createWebTree();
      const el = document.getElementById('target');
      let refused = 0, loaded = 0;
      const problems = [];
      for (let i = 0; i < n; i++) {
        const before = el.innerHTML;
        try {
          await t.loadTemplate('/xss?i=' + i, 't', 'target');
          loaded++;
          const bad = check(el);
          if (bad.length) problems.push(i + ': ' + bad.join(', '));
          if (el.children.length !== 1 || el.firstElementChild.id !== 't') problems.push(i + ': not one copied element');
        } catch (e) {
          refused++;
          if (!(e instanceof Error)) problems.push(i + ': non-Error thrown');
          if (el.innerHTML !== before) problems.push(i + ': changed on refusal');
        }
      }
      await new Promise((r) => setTimeout(r, 500));
      return { refused, loaded, problems, pwned: window.__pwned, scripts: document.scripts.length };
    }, [payloads.length, auditSource()]);
    assert.deepEqual(r.problems, []);
    assert.equal(r.loaded + r.refused, payloads.length);
    assert.ok(r.loaded > 200, `loaded ${r.loaded}`);
    console.log(`templates: ${r.loaded} loaded clean, ${r.refused} refused`);
    assert.equal(r.pwned, 0);
    assert.equal(r.scripts, 1);
  } finally { await page.closeAll(); }
});

test('Trusted Types (require-trusted-types-for, no policy allowed): HTML, trees and templates still work, no violation', async () => {
  const page = await openWebTreePage(browser, server, '/tt.html');
  try {
    const r = await page.evaluate(async () => {
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      let sinkBlocked = false;
      try { document.createElement('div').innerHTML = '<b>x</b>'; } catch { sinkBlocked = true; }
      const t = dehydra.createWebTree();
      const box = t.getNode('box');
      t.setNodeHtml(box, '<span class="tok-k">甲</span>乙<a href="/x" target="_blank">链</a>');
      const html1 = document.getElementById('box').innerHTML;
      const refused = (() => { try { t.setNodeHtml(box, '<img src=x onerror=__canary()>'); return 'accepted'; } catch (e) { return e.message; } })();
      const tree = t.buildTree(t.exportTree(t.getNode('src'), 32).replace('"属性":{"id":"src"},', ''));
      t.appendChild(box, tree);
      await t.loadTemplate('/tt-template.html', '卡', 'box');
      return { sinkBlocked, html1, refused, html2: document.getElementById('box').innerHTML, violations };
    });
    assert.equal(r.sinkBlocked, true, 'the page really enforces Trusted Types');
    assert.equal(r.html1, '<span class="tok-k">甲</span>乙<a href="/x" target="_blank" rel="noopener noreferrer">链</a>');
    assert.equal(r.refused, '页面超文本含不受支持的标签：img（根[0]）');
    assert.equal(r.html2, '<div id="卡"><b>模板</b></div>');
    assert.deepEqual(r.violations.filter((v) => v !== 'require-trusted-types-for'), []);
    assert.equal(r.violations.length, 1);  // only our own deliberate innerHTML probe
  } finally { await page.closeAll(); }
});

test('the no-wasm core (a page whose CSP forbids WebAssembly) builds, sanitizes and counts handles the same way', async () => {
  const page = await newPage(browser);
  try {
    await page.goto(server.origin + '/nowasm.html');
    await page.evaluate(readFileSync(join(root, 'dist', 'dehydra.nowasm.iife.js'), 'utf8'));
    const r = await page.evaluate(async () => {
      await dehydra.ready;
      const t = dehydra.createWebTree();
      const box = t.getNode('box');
      const row = t.buildTree('{"标签":"p","类":"c","子":["甲",{"标签":"a","属性":{"href":"/x","target":"_blank"},"文字":"链"}]}');
      t.appendChild(box, row);
      const e = (() => { try { t.setNodeHtml(box, '<img src=x onerror=alert(1)>'); return null; } catch (x) { return x.message; } })();
      return { flavour: dehydra.coreInfo().flavour, html: document.getElementById('box').innerHTML, e, count: t.handleCount() };
    });
    assert.equal(r.flavour, 'nowasm');
    assert.equal(r.html, '<p class="c">甲<a href="/x" target="_blank" rel="noopener noreferrer">链</a></p>');
    assert.equal(r.e, '页面超文本含不受支持的标签：img（根[0]）');
    assert.equal(r.count, 2);
  } finally { await page.closeAll(); }
});
