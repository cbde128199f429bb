// 网页文树 0.3.0 in Chromium: the specification's 一致性样例, the reference host's boundaries and
// messages, handles and release rules, and every attribute rule through the public API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from './helpers/harness.mjs';
import { openWebTreePage, inPage, PAGE } from './helpers/webtree_helpers.mjs';

let server, browser, page;
const TEMPLATE = '<!doctype html><body><div id="卡片" onclick="alert(1)"><script>window.__ran = 1</script><a href="/ok" target="_blank">好</a><b>x</b></div></body>';
before(async () => {
  server = await startServer({
    '/webtree.html': { body: PAGE },
    '/tpl.html': { body: TEMPLATE },
    '/text.txt': { body: '文字资源', type: 'text/plain; charset=utf-8' },
    '/big.txt': { body: Buffer.alloc(2 * 1024 * 1024 + 1, 97), type: 'text/plain' },
    '/exact.txt': { body: Buffer.alloc(2 * 1024 * 1024, 97), type: 'text/plain' },
    '/latin1.txt': { body: Buffer.from([0x61, 0xe9, 0x62]), type: 'text/plain' },
    '/missing.txt': { status: 404, body: 'no' },
    '/moved': { status: 302, body: '', headers: { location: '/text.txt' } },
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

async function fresh(options) {
  if (page) await page.closeAll();
  page = await openWebTreePage(browser, server, '/webtree.html?q=%E7%94%B2&x=1#frag', options);
  return page;
}

test('every method under its Chinese name and English alias; instances have their own tables', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const names = ['取得页面节点', '新建页面节点', '设置页面节点文字', '设置页面节点属性', '添加页面子节点', '清空页面子节点',
      '设置页面标题', '读取页面查询参数', '读取页面资源文字', '构建页面节点树', '插入页面子节点前', '替换页面子节点',
      '移除页面节点', '释放页面节点', '追加页面节点文字', '设置页面框架地址', '装入页面模板', '读取页面网址', '查询页面节点',
      '读取页面节点标签', '读取页面节点属性', '读取页面节点文字', '读取页面节点父级', '查找最近页面祖先', '页面节点匹配选择器',
      '读取页面节点树', '替换页面节点', '移除页面节点属性', '设置页面节点超文本'];
    const aliases = ['getNode', 'createNode', 'setNodeText', 'setNodeAttribute', 'appendChild', 'clearChildren', 'setTitle',
      'getQueryParam', 'fetchResourceText', 'buildTree', 'insertBefore', 'replaceChildren', 'removeNode', 'releaseNode',
      'appendText', 'setFrameUrl', 'loadTemplate', 'getPageUrl', 'queryNodes', 'getNodeTag', 'getNodeAttribute', 'getNodeText',
      'getParentNode', 'closest', 'matches', 'exportTree', 'replaceNode', 'removeNodeAttribute', 'setNodeHtml'];
    const missing = names.concat(aliases, ['handleCount']).filter((n) => typeof t[n] !== 'function');
    const other = dehydra.createWebTree();
    const h = t.getNode('box');
    return { missing, same: t.新建页面节点 === t.createNode, h, otherCount: other.handleCount(), otherUse: __catch(() => other.getNodeTag(h)) };
  });
  assert.deepEqual(r.missing, []);
  assert.equal(r.same, true);
  assert.equal(r.h, '1');
  assert.equal(r.otherCount, 0);
  assert.deepEqual(r.otherUse, { error: '页面节点句柄无效：1', isError: true });
});

test('样例: a script in a tree is refused at 根.子[0] and the table does not grow', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    t.getNode('box');
    const before = t.handleCount();
    const scripts = document.querySelectorAll('script').length;
    const e = __catch(() => t.构建页面节点树('{"标签":"div","子":[{"标签":"script"}]}'));
    return { e, before, after: t.handleCount(), scripts: document.querySelectorAll('script').length - scripts };
  });
  assert.deepEqual(r.e, { error: '页面标签不受支持：script（根.子[0]）', isError: true });
  assert.equal(r.after, r.before);
  assert.equal(r.scripts, 0);
});

test('样例: build, append, release 10,000 times leaves the count flat and the nodes in place', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.取得页面节点('box');
    const start = t.handleCount();
    for (let i = 0; i < 10000; i++) {
      const row = t.构建页面节点树(JSON.stringify({ 标签: 'div', 类: 'row', 子: [{ 标签: 'span', 文字: String(i) }] }));
      t.添加页面子节点(box, row);
      t.释放页面节点(row);
    }
    return { start, end: t.handleCount(), rows: document.querySelectorAll('#box > div.row > span').length,
      last: document.querySelector('#box').lastElementChild.textContent };
  });
  assert.equal(r.end, r.start);
  assert.equal(r.rows, 10000);
  assert.equal(r.last, '9999');
});

test('样例: clearing a container invalidates every handle in it, the container stays valid', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    const handles = [];
    for (let i = 0; i < 3; i++) {
      const row = t.buildTree(JSON.stringify({ 标签: 'div', 属性: { id: 'row' + i }, 子: [{ 标签: 'span', 属性: { id: 'cell' + i } }] }));
      t.appendChild(box, row);
      handles.push(t.getNode('row' + i), t.getNode('cell' + i));
    }
    const before = t.handleCount();
    t.清空页面子节点(box);
    return { before, after: t.handleCount(), dead: handles.map((h) => __catch(() => t.getNodeTag(h))),
      box: t.getNodeTag(box), empty: document.getElementById('box').childNodes.length };
  });
  assert.equal(r.before, 7);
  assert.equal(r.after, 1);
  for (const d of r.dead) assert.match(d.error, /^页面节点句柄无效：/);
  assert.equal(r.box, 'div');
  assert.equal(r.empty, 0);
});

test('样例: frame addresses must come from a declared origin', async () => {
  await fresh();
  const r = await inPage(page, (t) => ({
    evil: __catch(() => t.设置页面框架地址('网站画面', 'https://evil.example/')),
    good: __catch(() => t.setFrameUrl('网站画面', 'https://good.example/page')),
    src: document.getElementById('网站画面').getAttribute('src'),
    local: __catch(() => t.setFrameUrl('网站画面', '/tests/fixtures/blank.html')),
    slashes: __catch(() => t.setFrameUrl('网站画面', '//evil.example/')),
    http: __catch(() => t.setFrameUrl('网站画面', 'http://good.example/')),
    userinfo: __catch(() => t.setFrameUrl('网站画面', 'https://good.example@evil.example/')),
    space: __catch(() => t.setFrameUrl('网站画面', ' /x')),
    long: __catch(() => t.setFrameUrl('网站画面', '/' + 'a'.repeat(2048))),
    noSandbox: __catch(() => t.setFrameUrl('无沙箱', '/x')),
    notFrame: __catch(() => t.setFrameUrl('box', '/x')),
    missing: __catch(() => t.setFrameUrl('nope', '/x')),
    remove: __catch(() => t.setFrameUrl('网站画面', '')),
    srcAfter: document.getElementById('网站画面').hasAttribute('src'),
    get: __catch(() => t.getNode('网站画面')),
  }));
  assert.equal(r.evil.error, '框架地址来源未获页面声明：https://evil.example');
  assert.equal(r.good, null);
  assert.equal(r.src, 'https://good.example/page');
  assert.equal(r.local, null);
  assert.equal(r.slashes.error, '框架地址不得跨站');
  assert.equal(r.http.error, '框架地址无效');
  assert.equal(r.userinfo.error, '框架地址无效');
  assert.equal(r.space.error, '框架地址无效');
  assert.equal(r.long.error, '框架地址无效');
  assert.equal(r.noSandbox.error, 'iframe 未声明 sandbox，拒绝设置地址');
  assert.equal(r.notFrame.error, '网页元素不是 iframe：box');
  assert.equal(r.missing.error, '网页元素不存在：nope');
  assert.equal(r.remove, null);
  assert.equal(r.srcAfter, false);
  assert.equal(r.get.error, '网页元素类型不允许操作：iframe');
});

test('样例: a loaded template has no script and no onclick; it replaces the target and releases its handles', async () => {
  await fresh();
  const r = await page.evaluate(async () => {
    const t = dehydra.createWebTree();
    const box = t.getNode('box');
    const old = t.buildTree('{"标签":"p","子":[{"标签":"b","属性":{"id":"旧"}}]}');
    t.appendChild(box, old);
    const inner = t.getNode('旧');
    const before = t.handleCount();
    await t.装入页面模板('/tpl.html', '卡片', 'box');
    const target = document.getElementById('box');
    const errors = {};
    for (const [k, args] of Object.entries({ missing: ['/tpl.html', '无', 'box'], cross: ['//evil.example/t', 'x', 'box'],
      path: ['tpl.html', 'x', 'box'], notFound: ['/missing.txt', 'x', 'box'], redirect: ['/moved', 'x', 'box'],
      target: ['/tpl.html', '卡片', 'nope'], script: ['/tpl.html', '卡片', 's'] })) {
      try { await t.loadTemplate(...args); errors[k] = 'resolved'; } catch (e) { errors[k] = e instanceof Error ? e.message : 'not an Error'; }
    }
    return { before, after: t.handleCount(), html: target.innerHTML, scripts: target.querySelectorAll('script').length,
      onclick: target.querySelectorAll('[onclick]').length, ran: window.__ran === 1,
      old: (() => { try { t.getNodeTag(inner); return 'valid'; } catch (e) { return e.message; } })(), errors };
  });
  assert.equal(r.before, 3);
  assert.equal(r.after, 1);
  assert.equal(r.scripts, 0);
  assert.equal(r.onclick, 0);
  assert.equal(r.ran, false);
  assert.equal(r.html, '<div id="卡片"><a href="/ok" target="_blank" rel="noopener noreferrer">好</a><b>x</b></div>');
  assert.match(r.old, /^页面节点句柄无效：/);
  assert.deepEqual(r.errors, { missing: '页面模板中没有标识：无', cross: '页面资源路径无效', path: '页面资源路径无效',
    notFound: '页面资源不可用', redirect: '页面资源不可用', target: '网页元素不存在：nope', script: '网页元素类型不允许操作：script' });
});

test('样例: three a.引用 — query, attribute, parent, closest section', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const list = JSON.parse(t.查询页面节点('', '.引用'));
    const again = JSON.parse(t.queryNodes('', 'a.引用'));
    const parents = list.map((h) => t.读取页面节点父级(h));
    return { list, again, attr: t.读取页面节点属性(list[1], 'href'), missingAttr: t.getNodeAttribute(list[1], 'title'),
      parents, parentTag: t.getNodeTag(parents[1]), container: t.getNode('容器'),
      section: t.查找最近页面祖先(list[0], 'section'), outer: t.getNode('外'), none: t.closest(list[0], 'table'),
      self: t.closest(list[0], 'a') === list[0], matches: t.页面节点匹配选择器(list[0], 'p > a'), no: t.matches(list[1], 'p > a'),
      tag: t.读取页面节点标签(list[0]), text: t.读取页面节点文字(list[2]),
      onclick: __catch(() => t.getNodeAttribute(list[0], 'onclick')), style: __catch(() => t.getNodeAttribute(list[0], 'style')),
      badSelector: __catch(() => t.queryNodes('', 'a[')), longSelector: __catch(() => t.queryNodes('', 'a'.repeat(513))),
      emptySelector: __catch(() => t.queryNodes('', '')), noScripts: t.queryNodes('', 'script, style, iframe'),
      bodyParent: t.getParentNode(t.getNode('外')) !== '', htmlParent: t.getParentNode(t.getParentNode(t.getParentNode(t.getNode('外')))) };
  });
  assert.equal(r.list.length, 3);
  assert.deepEqual(r.again, r.list);
  assert.deepEqual(r.attr, [true, '/x']);
  assert.deepEqual(r.missingAttr, [false, '']);
  assert.equal(r.parents[1], r.parents[2]);
  assert.equal(r.parents[1], r.container);
  assert.equal(r.parentTag, 'div');
  assert.equal(r.section, r.outer);
  assert.equal(r.none, '');
  assert.equal(r.self, true);
  assert.equal(r.matches, true);
  assert.equal(r.no, false);
  assert.equal(r.tag, 'a');
  assert.equal(r.text, '三');
  assert.equal(r.onclick.error, '页面属性不受支持：onclick');
  assert.equal(r.style.error, '页面属性不受支持：style');
  assert.equal(r.badSelector.error, '选择器无效：a[');
  assert.equal(r.longSelector.error, '选择器须为 1 至 512 个字符的文字');
  assert.equal(r.emptySelector.error, '选择器须为 1 至 512 个字符的文字');
  assert.equal(r.noScripts, '[]');
  assert.equal(r.bodyParent, true);
  assert.equal(r.htmlParent, '');  // html has no parent element
});

test('样例: a <template> root queries its content', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const tpl = t.取得页面节点('资料');
    const found = JSON.parse(t.查询页面节点(tpl, 'a[data-qualified]'));
    return { found, doc: t.queryNodes('', 'a[data-qualified]'), attr: t.getNodeAttribute(found[0], 'data-qualified'),
      parent: t.getParentNode(found[0]), text: t.getNodeText(found[0]) };
  });
  assert.equal(r.found.length, 1);
  assert.equal(r.doc, '[]');
  assert.deepEqual(r.attr, [true, '甲.乙']);
  assert.equal(r.parent, '');
  assert.equal(r.text, '甲');
});

test('样例: export <code>ab<b class="k">cd</b></code> and rebuild it', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const code = t.getNode('代码');
    const desc = t.读取页面节点树(code, 32);
    const rebuilt = __catch(() => t.buildTree(desc));
    const withoutId = JSON.stringify(Object.assign(JSON.parse(desc), { 属性: undefined }));
    const h = t.buildTree(withoutId);
    t.appendChild(t.getNode('box'), h);
    return { desc, rebuilt, html: document.getElementById('box').innerHTML,
      full: t.exportTree(t.getNode('导出'), 32), shallow: __catch(() => t.exportTree(t.getNode('导出'), 1)),
      zero: __catch(() => t.exportTree(code, 0)), big: __catch(() => t.exportTree(code, 33)), frac: __catch(() => t.exportTree(code, 1.5)),
      str: __catch(() => t.exportTree(code, '3')) };
  });
  assert.equal(r.desc, '{"标签":"code","属性":{"id":"代码"},"子":["ab",{"标签":"b","类":"k","子":["cd"]}]}');
  assert.equal(r.rebuilt.error, '页面标识已存在：代码');
  assert.equal(r.html, '<code>ab<b class="k">cd</b></code>');
  assert.equal(r.full, '{"标签":"p","类":"源 宽","属性":{"id":"导出","data-a":"b","hidden":""},"子":["首",{"标签":"code","类":"c0","子":["ab",{"标签":"b","类":"k","子":["cd"]}]},"末"]}');
  assert.equal(r.shallow.error, '页面节点树深度超过所给上限（1）');
  assert.equal(r.zero.error, '深度上限须为 1 至 32');
  assert.equal(r.big.error, '深度上限须为 1 至 32');
  assert.equal(r.frac.error, '深度上限须为整数');
  assert.equal(r.str.error, '深度上限须为整数');
});

test('样例: replace a node by a new link, then wrap the old node in it', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const old = t.getNode('代码');
    const link = t.createNode('a', '', 'wrap');
    t.setNodeAttribute(link, 'href', '/y');
    t.替换页面节点(old, link);
    t.添加页面子节点(link, old);
    const detached = t.createNode('span', 'x', '');
    return { html: document.getElementById('源').innerHTML, old: t.getNodeTag(old), count: t.handleCount(),
      noParent: __catch(() => t.replaceNode(detached, link)), same: __catch(() => t.replaceNode(link, link)),
      ancestor: __catch(() => t.replaceNode(old, link)) };
  });
  assert.equal(r.html, '<a class="wrap" href="/y"><code id="代码">ab<b class="k">cd</b></code></a>');
  assert.equal(r.old, 'code');
  assert.equal(r.count, 3);
  assert.equal(r.noParent.error, '被替换的页面节点没有父节点');
  assert.equal(r.same, null);
  assert.equal(r.ancestor.error, '页面节点层级无效：不能把节点放入自身或其后代');
});

test('样例: setHTML accepts highlighter spans and refuses script, onclick, style with the node unchanged', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    const ok = __catch(() => t.设置页面节点超文本(box, '<span class="tok-k">甲</span>乙'));
    const html = document.getElementById('box').innerHTML;
    const errors = ['<script>alert(1)</script>', '<span onclick="alert(1)">x</span>', '<span style="color:red">x</span>',
      '<img src=x onerror=alert(1)>', '甲<span onclick="x()">乙</span>', '<a href="javascript:alert(1)">x</a>']
      .map((h) => __catch(() => t.setNodeHtml(box, h)).error);
    return { ok, html, errors, after: document.getElementById('box').innerHTML };
  });
  assert.equal(r.ok, null);
  assert.equal(r.html, '<span class="tok-k">甲</span>乙');
  assert.deepEqual(r.errors, ['页面超文本含不受支持的标签：script（根[0]）', '页面属性不受支持：onclick（根[0]）',
    '页面属性不受支持：style（根[0]）', '页面超文本含不受支持的标签：img（根[0]）', '页面属性不受支持：onclick（根[1]）', '页面链接不受支持（根[0]）']);
  assert.equal(r.after, r.html);
});

test('boundaries: depth 32 / 33, ul + 1999 / 2000 li, 1 MiB text / one byte more', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const chain = (n) => { let d = { 标签: 'div' }; for (let i = 1; i < n; i++) d = { 标签: 'div', 子: [d] }; return JSON.stringify(d); };
    const list = (n) => JSON.stringify({ 标签: 'ul', 子: Array.from({ length: n }, () => ({ 标签: 'li', 文字: '项' })) });
    const mib = 1024 * 1024;
    const before = t.handleCount();
    const out = {
      d32: __catch(() => t.buildTree(chain(32))), d33: __catch(() => t.buildTree(chain(33))),
      l1999: __catch(() => t.buildTree(list(1999))), l2000: __catch(() => t.buildTree(list(2000))),
      t1: __catch(() => t.buildTree(JSON.stringify({ 标签: 'p', 文字: 'a'.repeat(mib) }))),
      t2: __catch(() => t.buildTree(JSON.stringify({ 标签: 'p', 文字: 'a'.repeat(mib - 1), 子: ['bc'] }))),
      big: __catch(() => t.buildTree(JSON.stringify({ 标签: 'p', 属性: { 'data-x': 'a'.repeat(2 * mib) } }))),
    };
    out.count = t.handleCount() - before;
    return out;
  });
  assert.equal(r.d32, null);
  assert.match(r.d33.error, /^页面节点树深度超过 32：根(\.子\[0\]){32}$/);
  assert.equal(r.l1999, null);
  assert.equal(r.l2000.error, '页面节点树节点数超过 2000');
  assert.equal(r.t1, null);
  assert.equal(r.t2.error, '页面节点树文字总量超过 1 MiB');
  assert.equal(r.big.error, '页面节点树描述超过 2 MiB');
  assert.equal(r.count, 3);
});

test('boundaries: 4096 handles, then 达到上限, and one release makes room', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const made = [];
    for (let i = 0; i < 4096; i++) made.push(t.createNode('span', '', ''));
    const full = __catch(() => t.createNode('span', '', ''));
    const fullTree = __catch(() => t.buildTree('{"标签":"div"}'));
    const fullGet = __catch(() => t.getNode('box'));
    const fullQuery = __catch(() => t.queryNodes('', '.引用'));
    t.releaseNode(made[100]);
    const again = t.createNode('span', '', '');
    return { count: t.handleCount(), full, fullTree, fullGet, fullQuery, again, first: made[0], last: made[4095] };
  });
  assert.equal(r.full.error, '页面节点句柄达到上限（4096），请及时释放不再使用的节点');
  assert.equal(r.fullTree.error, r.full.error);
  assert.equal(r.fullGet.error, r.full.error);
  assert.equal(r.fullQuery.error, '页面节点句柄表剩余不足（4096），请及时释放不再使用的节点');
  assert.equal(r.count, 4096);
  assert.equal(r.first, '1');
  assert.equal(r.last, '4096');
  assert.equal(r.again, '4097');  // never reused
});

test('release rules: remove / clear / replace release exactly the removed subtrees (10 → 7 → 4 → 1)', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    const rows = [];
    for (let i = 0; i < 3; i++) {
      const row = t.buildTree(JSON.stringify({ 标签: 'div', 子: [{ 标签: 'span', 属性: { id: `a${i}` } }, { 标签: 'span', 属性: { id: `b${i}` } }] }));
      t.appendChild(box, row);
      rows.push(row);
      t.getNode(`a${i}`); t.getNode(`b${i}`);
    }
    const counts = [t.handleCount()];
    t.移除页面节点(rows[0]);
    counts.push(t.handleCount());
    const keep = t.getNode('a2');
    t.替换页面子节点(box, [rows[2]]);
    counts.push(t.handleCount());
    const kept = t.getNodeTag(keep);
    t.清空页面子节点(box);
    counts.push(t.handleCount());
    return { counts, kept, dead: __catch(() => t.getNodeTag(rows[1])), box: document.getElementById('box').childNodes.length };
  });
  assert.deepEqual(r.counts, [10, 7, 4, 1]);
  assert.equal(r.kept, 'span');
  assert.match(r.dead.error, /^页面节点句柄无效：/);
  assert.equal(r.box, 0);
});

test('replace children: list rules, moved nodes keep their handles, JSON text accepted', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    const a = t.createNode('b', 'a', ''), b = t.createNode('i', 'b', ''), c = t.createNode('em', 'c', '');
    t.appendChild(box, a); t.appendChild(box, b);
    t.replaceChildren(box, JSON.stringify([c, a]));
    const html = document.getElementById('box').innerHTML;
    return { html, a: t.getNodeTag(a), b: __catch(() => t.getNodeTag(b)), count: t.handleCount(),
      json: __catch(() => t.replaceChildren(box, '[')), shape: __catch(() => t.replaceChildren(box, [1])),
      tooMany: __catch(() => t.replaceChildren(box, Array(2001).fill(a))), dup: __catch(() => t.replaceChildren(box, [a, a])),
      self: __catch(() => t.replaceChildren(a, [box])), bad: __catch(() => t.replaceChildren(box, ['99'])),
      unchanged: document.getElementById('box').innerHTML === html,
      empty: (t.replaceChildren(box, []), document.getElementById('box').childNodes.length), after: t.handleCount() };
  });
  assert.equal(r.html, '<em>c</em><b>a</b>');
  assert.equal(r.a, 'b');
  assert.match(r.b.error, /^页面节点句柄无效/);
  assert.equal(r.count, 3);
  assert.equal(r.json.error, '子节点句柄列表不是有效 JSON');
  assert.equal(r.shape.error, '子节点句柄列表须为不超过 2000 项的文字数组');
  assert.equal(r.tooMany.error, '子节点句柄列表须为不超过 2000 项的文字数组');
  assert.equal(r.dup.error, '子节点句柄列表含重复项');
  assert.equal(r.self.error, '页面节点层级无效：不能把节点放入自身或其后代');
  assert.equal(r.bad.error, '页面节点句柄无效：99');
  assert.equal(r.unchanged, true);
  assert.equal(r.empty, 0);
  assert.equal(r.after, 1);
});

test('handles: canonical decimal only, same element same handle, a released handle never comes back', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const h = t.getNode('box');
    const same = t.getNode('box');
    const bad = ['01', ' 1', '1 ', '0x1', '+1', '1.0', '1e0', '', '0', 1, null, undefined, {}, '１'].map((x) => __catch(() => t.getNodeTag(x)));
    t.releaseNode(h);
    const released = __catch(() => t.getNodeTag(h));
    const twice = __catch(() => t.releaseNode(h));
    const again = t.getNode('box');
    return { h, same, bad, released, twice, again, long: __catch(() => t.getNodeTag('9'.repeat(100))).error,
      inDoc: document.getElementById('box') !== null };
  });
  assert.equal(r.same, r.h);
  for (const b of r.bad) { assert.equal(b.isError, true); assert.match(b.error, /^页面节点句柄无效：/); }
  assert.equal(r.bad[0].error, '页面节点句柄无效：01');
  assert.equal(r.released.error, '页面节点句柄无效：1');
  assert.equal(r.twice.error, '页面节点句柄无效：1');
  assert.equal(r.again, '2');
  assert.equal(r.long, '页面节点句柄无效：' + '9'.repeat(32));
  assert.equal(r.inDoc, true);
});

test('lookup by id: empty, missing, dangerous elements get no handle', async () => {
  await fresh();
  const r = await inPage(page, (t) => ({
    empty: __catch(() => t.getNode('')), missing: __catch(() => t.getNode('无此')), script: __catch(() => t.getNode('s')),
    style: __catch(() => t.getNode('st')), long: __catch(() => t.getNode('x'.repeat(300))).error.length, count: t.handleCount(),
  }));
  assert.equal(r.empty.error, '网页元素标识为空');
  assert.equal(r.missing.error, '网页元素不存在：无此');
  assert.equal(r.script.error, '网页元素类型不允许操作：script');
  assert.equal(r.style.error, '网页元素类型不允许操作：style');
  assert.equal(r.long, '网页元素不存在：'.length + 128);
  assert.equal(r.count, 0);
});

test('attribute rules through 设置页面节点属性 and 移除页面节点属性', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const a = t.createNode('a', '链接', '');
    const input = t.createNode('input', '', '');
    const div = t.getNode('box');
    const set = (h, n, v) => { const e = __catch(() => t.setNodeAttribute(h, n, v)); return e ? e.error : 'ok'; };
    const out = {
      href: set(a, 'href', '/ok'), hrefHash: set(a, 'href', '#top'), hrefHttps: set(a, 'href', 'https://e.example/'),
      hrefJs: set(a, 'href', 'javascript:alert(1)'), hrefSlashes: set(a, 'href', '//evil'), hrefData: set(a, 'href', 'data:x'),
      divHref: set(div, 'href', '/x'), blank: set(a, 'target', '_blank'), top: set(a, 'target', '_top'), rel: set(a, 'rel', 'x'),
      onclick: set(div, 'onclick', 'x'), style: set(div, 'style', 'x'), src: set(div, 'src', 'x'), reserved: set(div, 'data-yy-x', '1'),
      dataYy: set(div, 'data-yy', '打开:7'), data: set(div, 'data-k', 'v'), aria: set(div, 'aria-label', 'l'), role: set(div, 'role', 'tab'),
      hidden: set(div, 'hidden', 'true'), hiddenBad: set(div, 'hidden', 'yes'), type: set(input, 'type', 'checkbox'),
      typeBad: set(input, 'type', 'file'), divType: set(div, 'type', 'x'), tab: set(div, 'tabindex', '0'), tabBad: set(div, 'tabindex', '5'),
      cls: set(div, 'class', '  甲  乙 '), clsBad: set(div, 'class', 'a;b'), ctrl: set(div, 'data-k', 'a\u0001'),
      idDup: set(div, 'id', '容器'), idBad: set(div, 'id', 'a b'), idSelf: set(div, 'id', 'box'),
      removeOnclick: (() => { const e = __catch(() => t.removeNodeAttribute(div, 'onclick')); return e ? e.error : 'ok'; })(),
      removeHidden: (() => { const e = __catch(() => t.移除页面节点属性(div, 'hidden')); return e ? e.error : 'ok'; })(),
      hiddenFalse: (set(div, 'hidden', ''), set(div, 'hidden', 'false')),
    };
    out.aHtml = document.querySelector('#box') && (() => { const h = t.getNode('box'); t.appendChild(h, a); return document.getElementById('box').lastElementChild.outerHTML; })();
    out.boxAttrs = [...document.getElementById('box').attributes].map((x) => x.name + '=' + x.value);
    return out;
  });
  assert.equal(r.href, 'ok'); assert.equal(r.hrefHash, 'ok'); assert.equal(r.hrefHttps, 'ok');
  assert.equal(r.hrefJs, '页面链接不受支持'); assert.equal(r.hrefSlashes, '页面链接不受支持'); assert.equal(r.hrefData, '页面链接不受支持');
  assert.equal(r.divHref, '页面属性不受支持：仅 a 可设 href');
  assert.equal(r.blank, 'ok'); assert.equal(r.top, '页面属性值不受支持：target 仅允许 _blank 与 _self');
  assert.equal(r.rel, '页面属性不受支持：rel'); assert.equal(r.onclick, '页面属性不受支持：onclick');
  assert.equal(r.style, '页面属性不受支持：style'); assert.equal(r.src, '页面属性不受支持：src');
  assert.equal(r.reserved, '页面属性名为宿主保留：data-yy-x');
  for (const k of ['dataYy', 'data', 'aria', 'role', 'hidden', 'type', 'tab', 'cls', 'idSelf']) assert.equal(r[k], 'ok', k);
  assert.equal(r.hiddenBad, '页面属性值不受支持：hidden'); assert.equal(r.typeBad, '页面属性值不受支持：type=file');
  assert.equal(r.divType, '页面属性不受支持：仅 button 与 input 可设 type');
  assert.equal(r.tabBad, '页面属性值不受支持：tabindex 仅允许 -1 与 0');
  assert.equal(r.clsBad, '页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格');
  assert.equal(r.ctrl, '页面属性值含控制字符：data-k');
  assert.equal(r.idDup, '页面标识已存在：容器'); assert.equal(r.idBad, '页面标识无效');
  assert.equal(r.removeOnclick, '页面属性不受支持：onclick'); assert.equal(r.removeHidden, 'ok'); assert.equal(r.hiddenFalse, 'ok');
  assert.equal(r.aHtml, '<a href="https://e.example/" target="_blank" rel="noopener noreferrer">链接</a>');
  assert.deepEqual(r.boxAttrs.sort(), ['aria-label=l', 'class=甲 乙', 'data-k=v', 'data-yy=打开:7', 'id=box', 'role=tab', 'tabindex=0']);
});

test('create, text, append: void elements, merging appends, hierarchy, insert-before reference', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    const p = t.createNode('p', '开头', 'lead');
    t.appendChild(box, p);
    t.appendText(p, '一'); t.appendText(p, '二'); t.追加页面节点文字(p, '三');
    const br = t.createNode('br', '', '');
    const hr = t.createNode('hr', '', '');
    const b = t.createNode('b', 'B', '');
    const i = t.createNode('i', 'I', '');
    t.appendChild(p, b);
    t.插入页面子节点前(p, i, b);
    t.insertBefore(p, br, '');
    return {
      html: document.getElementById('box').innerHTML, nodes: document.querySelector('#box p').childNodes.length,
      unknown: __catch(() => t.createNode('script', '', '')), upper: __catch(() => t.createNode('DIV', '', '')),
      voidText: __catch(() => t.createNode('br', 'x', '')), voidSet: __catch(() => t.setNodeText(hr, 'x')),
      voidAppend: __catch(() => t.appendText(br, 'x')), voidChild: __catch(() => t.appendChild(br, b)),
      cls: __catch(() => t.createNode('span', '', 'a.b')), self: __catch(() => t.appendChild(p, p)),
      ancestor: __catch(() => t.appendChild(b, box)), notChild: __catch(() => t.insertBefore(box, i, b)),
      set: (t.setNodeText(b, '新'), document.querySelector('#box b').outerHTML), count: t.handleCount(),
      text: t.getNodeText(p), nonString: __catch(() => t.setNodeText(b, 5)),
    };
  });
  assert.equal(r.html, '<p class="lead">开头一二三<i>I</i><b>B</b><br></p>');
  assert.equal(r.nodes, 4);
  assert.equal(r.unknown.error, '页面标签不受支持：script');
  assert.equal(r.upper.error, '页面标签不受支持：DIV');
  assert.equal(r.voidText.error, '空元素不能含文字：br');
  assert.equal(r.voidSet.error, '空元素不能含文字：hr');
  assert.equal(r.voidAppend.error, '空元素不能含文字：br');
  assert.equal(r.voidChild.error, '空元素不能含子节点：br');
  assert.equal(r.cls.error, '页面类名含不允许的字符：仅允许字母、数字、下划线、短横线与空格');
  assert.equal(r.self.error, '页面节点层级无效：不能把节点放入自身或其后代');
  assert.equal(r.ancestor.error, '页面节点层级无效：不能把节点放入自身或其后代');
  assert.equal(r.notChild.error, '参照节点不是父节点的子节点');
  assert.equal(r.set, '<b>新</b>');
  assert.equal(r.text, '开头一二三I新');
  assert.equal(r.nonString.isError, true);
});

test('8 MiB text limits for create, set and append', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const max = 8 * 1024 * 1024;
    const p = t.createNode('p', 'a'.repeat(max), '');
    return {
      over: __catch(() => t.createNode('p', 'a'.repeat(max + 1), '')), set: __catch(() => t.setNodeText(p, 'b'.repeat(max + 1))),
      append: __catch(() => t.appendText(p, 'c')), fresh: (() => { const q = t.createNode('p', '', ''); t.appendText(q, 'a'.repeat(max)); return __catch(() => t.appendText(q, 'x')); })(),
      read: t.getNodeText(p).length,
    };
  });
  assert.equal(r.over.error, '页面文字超过八 MiB');
  assert.equal(r.set.error, '页面文字超过八 MiB');
  assert.equal(r.append.error, '页面节点文字超过八 MiB');
  assert.equal(r.fresh.error, '页面节点文字超过八 MiB');
  assert.equal(r.read, 8 * 1024 * 1024);
});

test('atomic: a failing build or setHTML changes nothing and allocates nothing', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    t.setNodeHtml(box, '<b id="keep">k</b>');
    const before = { count: t.handleCount(), html: document.body.innerHTML, elements: document.getElementsByTagName('*').length };
    const errs = [
      __catch(() => t.buildTree('{"标签":"div","属性":{"id":"容器"}}')),
      __catch(() => t.buildTree('{"标签":"div","子":[{"标签":"p"},{"标签":"p","属性":{"onclick":"x"}}]}')),
      __catch(() => t.buildTree('{"标签":"div","子":[{"标签":"p","属性":{"id":"z"}},{"标签":"p","属性":{"id":"z"}}]}')),
      __catch(() => t.setNodeHtml(box, '<b>ok</b><i id="容器">dup</i>')),
      __catch(() => t.setNodeHtml(box, '<b>ok</b><u>bad</u>')),
    ];
    const reuse = __catch(() => t.setNodeHtml(box, '<b id="keep">again</b>'));
    return { before, errs: errs.map((e) => e.error), reuse, after: t.handleCount(),
      unchanged: document.getElementById('box').innerHTML };
  });
  assert.deepEqual(r.errs, ['页面标识已存在：容器', '页面属性不受支持：onclick（根.子[1]）', '页面节点树内标识重复：z',
    '页面标识已存在：容器', '页面超文本含不受支持的标签：u（根[1]）']);
  assert.equal(r.after, r.before.count);
  assert.equal(r.reuse, null);  // ids inside the replaced content may be reused
  assert.equal(r.unchanged, '<b id="keep">again</b>');
});

test('page title, query parameter, page URL, resources', async () => {
  await fresh();
  const r = await page.evaluate(async () => {
    const t = dehydra.createWebTree();
    const get = async (p) => { try { return await t.读取页面资源文字(p); } catch (e) { return (e instanceof Error ? 'E:' : 'X:') + e.message; } };
    t.设置页面标题('新标题');
    return { title: document.title, q: t.读取页面查询参数('q'), none: t.getQueryParam('nope'), url: t.读取页面网址(),
      text: await get('/text.txt'), exact: (await get('/exact.txt')).length, big: await get('/big.txt'), latin1: await get('/latin1.txt'),
      missing: await get('/missing.txt'), moved: await get('/moved'), cross: await get('//evil.example/x'), rel: await get('text.txt'),
      back: await get('/a\\b'), promise: t.fetchResourceText('/text.txt') instanceof Promise };
  });
  assert.equal(r.title, '新标题');
  assert.equal(r.q, '甲');
  assert.equal(r.none, '');
  assert.match(r.url, /\/webtree\.html\?q=%E7%94%B2&x=1#frag$/);
  assert.equal(r.text, '文字资源');
  assert.equal(r.exact, 2 * 1024 * 1024);
  assert.equal(r.big, 'E:页面资源超过二 MiB');
  assert.equal(r.latin1, 'E:页面资源不是有效的 UTF-8 文字');
  assert.equal(r.missing, 'E:页面资源不可用');
  assert.equal(r.moved, 'E:页面资源不可用');
  assert.equal(r.cross, 'E:页面资源路径无效');
  assert.equal(r.rel, 'E:页面资源路径无效');
  assert.equal(r.back, 'E:页面资源路径无效');
  assert.equal(r.promise, true);
});

test('queries: more than 1024 matches are refused; dangerous elements never get handles', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    const box = t.getNode('box');
    t.setNodeHtml(box, '<b>x</b>'.repeat(1025));
    const over = __catch(() => t.queryNodes(box, 'b'));
    const count = t.handleCount();
    t.setNodeHtml(box, '<b>x</b>'.repeat(1024));
    const ok = JSON.parse(t.queryNodes(box, 'b')).length;
    return { over, count, ok, all: (t.setNodeHtml(box, ''), JSON.parse(t.queryNodes('', 'body *'))).map((h) => t.getNodeTag(h)) };
  });
  assert.equal(r.over.error, '选择器匹配了超过 1024 个元素，请收窄选择器');
  assert.equal(r.count, 1);
  assert.equal(r.ok, 1024);
  for (const tag of ['script', 'style', 'iframe']) assert.equal(r.all.includes(tag), false);
});

// (Array.prototype.push is not covered: Emscripten's embind glue calls it on every call.)
test('a hostile page that overwrites DOM and JSON built-ins cannot redirect or break the tree', async () => {
  await fresh();
  const r = await inPage(page, (t) => {
    Node.prototype.appendChild = () => { throw new Error('hijacked'); };
    Element.prototype.setAttribute = () => { throw new Error('hijacked'); };
    Document.prototype.createElement = () => { throw new Error('hijacked'); };
    JSON.parse = () => { throw new Error('hijacked'); };
    JSON.stringify = () => 'hijacked';
    Array.prototype.map = () => { throw new Error('hijacked'); };
    const box = t.getNode('box');
    const h = t.buildTree('{"标签":"p","类":"c","子":["x",{"标签":"b","文字":"y"}]}');
    t.appendChild(box, h);
    return { html: document.getElementById('box').innerHTML, q: t.queryNodes(box, 'b'), e: __catch(() => t.getNodeTag('x')) };
  });
  assert.equal(r.html, '<p class="c">x<b>y</b></p>');
  assert.equal(r.q, '["3"]');
  assert.equal(r.e.error, '页面节点句柄无效：x');
});

test('DOM methods a page replaced before dehydra loaded are not used', async () => {
  if (page) await page.closeAll();
  page = await (await import('./helpers/harness.mjs')).newPage(browser);
  await page.goto(server.origin + '/webtree.html', { waitUntil: 'load' });
  await page.evaluate(() => {
    window.__hijacked = 0;
    Node.prototype.insertBefore = function () { window.__hijacked++; return null; };
    Node.prototype.appendChild = function () { window.__hijacked++; return null; };
    Document.prototype.createTextNode = function () { window.__hijacked++; return null; };
    Element.prototype.setAttribute = function () { window.__hijacked++; };
  });
  await (await import('./helpers/harness.mjs')).inject(page);
  const r = await page.evaluate(() => {
    window.__hijacked = 0;
    const t = dehydra.createWebTree();
    const h = t.buildTree('{"标签":"p","类":"c","子":["x",{"标签":"b","属性":{"data-k":"v"},"文字":"y"}]}');
    t.appendChild(t.getNode('box'), h);
    t.insertBefore(t.getNode('box'), t.createNode('i', '前', ''), h);
    return { html: document.getElementById('box').innerHTML, hijacked: window.__hijacked };
  });
  assert.equal(r.html, '<i>前</i><p class="c">x<b data-k="v">y</b></p>');
  assert.equal(r.hijacked, 0);
});
