// What an engine test (firefox.test.mjs, webkit.test.mjs) checks on the injected classic-script
// bundle: every API area — dehydrate, typing, a click, a selection, a drag and drop, Markdown, the accessibility tree,
// form tools, webtree — answers on one shop page as it does in Chromium.
import assert from 'node:assert/strict';

export const SHOP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1>Kettles</h1><p>Our best <a href="/k">kettle</a> boils fast.</p>
<form toolname="search" tooldescription="Search the shop"><label>Query <input name="q" required></label>
<select name="sort"><option>Price</option><option>Rating</option></select><button type="button" id="go">Go</button></form>
<ul><li draggable="true" id="steel">Steel</li><li>Glass</li></ul><button type="button" id="basket">Basket</button><div id="app"></div>
<script>document.getElementById('go').addEventListener('click', () => { document.body.dataset.clicks = (Number(document.body.dataset.clicks) || 0) + 1; });
const basket = document.getElementById('basket');
document.getElementById('steel').addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'steel'));
basket.addEventListener('dragover', (e) => e.preventDefault());
basket.addEventListener('drop', (e) => { e.preventDefault(); basket.textContent = 'Basket: ' + e.dataTransfer.getData('text/plain'); });</script>
</body></html>`;

// In the page, once the bundle is evaluated: uses every area and returns what each answered.
export async function useEveryArea() {
  const d = globalThis.dehydra;
  await d.ready;
  const c = new d.PageController();
  const state = await c.getBrowserState();
  const input = Number(/\[(\d+)\]<input/.exec(state.content)[1]);
  const button = Number(/\[(\d+)\]<button[^\n]*>Go/.exec(state.content)[1]);
  const typed = await c.inputText(input, 'kettle');
  const refused = await c.inputText(input, null);
  const clicked = await c.clickElement(button);
  const picked = await c.selectOption(Number(/\[(\d+)\]<select/.exec(state.content)[1]), 'Rating');
  const dragged = await c.dragElement(Number(/\[(\d+)\]<li[^\n]*>Steel/.exec(state.content)[1]),
    Number(/\[(\d+)\]<button[^\n]*>Basket/.exec(state.content)[1]));
  const tree = d.createWebTree();
  const node = tree.createNode('p', 'built', 'note');
  tree.appendChild(tree.getNode('app'), node);
  return {
    flavour: d.coreInfo().flavour, content: state.content, typed, refused: refused.success, clicked, picked, dragged,
    basket: document.getElementById('basket').textContent,
    value: document.querySelector('input[name=q]').value, sort: document.querySelector('select').value,
    clicks: document.body.dataset.clicks,
    markdown: d.markdown(),
    aria: await d.accessibilityTree(),
    tools: d.formTools(),
    built: document.querySelector('#app p.note')?.textContent,
    dehydrated: d.dehydrate().indices.length,
  };
}

export function assertEveryAreaWorked(r) {
  assert.equal(r.flavour, 'wasm');
  assert.match(r.content, /\[\d+\]<a[^\n]*kettle/);
  assert.match(r.content, /\[\d+\]<select[^\n]*/);
  assert.ok(r.typed.success, r.typed.message);
  assert.equal(r.value, 'kettle');
  assert.equal(r.refused, false);
  assert.ok(r.clicked.success, r.clicked.message);
  assert.equal(r.clicks, '1');
  assert.ok(r.picked.success, r.picked.message);
  assert.equal(r.sort, 'Rating');
  assert.ok(r.dragged.success, r.dragged.message);
  assert.equal(r.basket, 'Basket: steel');
  assert.match(r.markdown, /^# Kettles/m);
  assert.match(r.markdown, /\[kettle\]\(http:\/\/127\.0\.0\.1:\d+\/k\)/);
  assert.match(r.aria, /- heading "Kettles" \[level=1\]/);
  assert.match(r.aria, /- textbox "Query" \[required\] \[ref=\d+\]: kettle/);
  assert.equal(r.tools.length, 1);
  assert.equal(r.tools[0].name, 'search');
  assert.deepEqual(Object.keys(r.tools[0].inputSchema.properties), ['q', 'sort']);
  assert.equal(r.built, 'built');
  assert.ok(r.dehydrated >= 4, `indices: ${r.dehydrated}`);
}
