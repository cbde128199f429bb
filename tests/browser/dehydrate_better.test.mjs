// Where dehydra deliberately does better than Page Agent. Each test shows the defect in compat mode
// (pageAgentCompat: true prints what Page Agent prints) and its absence by default, so it fails
// without the fix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject, openHtml, browserContent } from './helpers/harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = (html) => openHtml(browser, server.origin, html);

const content = browserContent;

const COMPAT = { pageAgentCompat: true };

test('hidden text never leaks into a line', async () => {
  const page = await open(`<button>Buy <span style="opacity:0">secret1</span><span style="visibility:hidden">secret2</span>
    <span style="display:none">secret3</span></button>
    <details><summary>More</summary><p>secret4</p></details>`);
  try {
    const compat = await content(page, COMPAT);
    for (const s of ['secret1', 'secret2', 'secret3', 'secret4']) assert.match(compat, new RegExp(s), `compat leaks ${s}`);
    const ours = await content(page);
    assert.match(ours, /<button >Buy \/>/);
    for (const s of ['secret1', 'secret2', 'secret3', 'secret4']) assert.doesNotMatch(ours, new RegExp(s));
  } finally { await page.closeAll(); }
});

test('a control painted transparent (shown on hover, or under a styled stand-in) is listed with its name', async () => {
  const page = await open(`<ul><li>Invoice 7 <button style="opacity:0">Delete</button></li></ul>
    <div style="opacity:0"><a href="/r">Reply <span style="visibility:hidden">secret1</span><span style="display:none">secret2</span></a></div>
    <button>Buy <span style="opacity:0">secret3</span></button>`);
  try {
    const ours = await content(page);
    assert.match(ours, /<button >Delete \/>/);
    assert.match(ours, /<a >Reply \/>/);
    assert.match(ours, /<button >Buy \/>/);
    for (const s of ['secret1', 'secret2', 'secret3']) assert.doesNotMatch(ours, new RegExp(s), `leaks ${s}`);
  } finally { await page.closeAll(); }
});

test('contents the browser skips (content-visibility:hidden, hidden=until-found, closed <details>) are neither printed nor indexed', async () => {
  const page = await open(`<details><summary>More</summary>secret1<button>Inside details</button></details>
    <div hidden="until-found">secret2<button>Inside until-found</button></div>
    <div style="content-visibility:hidden">secret3<a href="/x">Inside hidden block</a>
      <div style="content-visibility:visible"><a href="/y">Nested visible</a></div></div>
    <div id="host" style="content-visibility:hidden"></div>
    <span style="content-visibility:hidden"><button>Inline span: applies not</button></span>
    <table><tr><td style="content-visibility:hidden">secret4<button>Inside a cell</button></td></tr></table>
    <button>Outside</button>`);
  try {
    await page.evaluate(() => {
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = 'secret5<button>Inside the shadow</button>';
    });
    const ours = await content(page);
    for (const s of ['secret1', 'secret2', 'secret3', 'secret4', 'secret5', 'Inside', 'Nested visible'])
      assert.doesNotMatch(ours, new RegExp(s), `leaks ${s}`);
    assert.match(ours, /<summary >More \/>/);
    assert.match(ours, /<button >Inline span: applies not \/>/);
    assert.match(ours, /<button >Outside \/>/);
    // Page Agent's rules see the boxes Chromium reports for skipped contents: compat keeps them.
    const compat = await content(page, { ...COMPAT, viewportExpansion: -1 });
    assert.match(compat, /Inside hidden block/);
  } finally { await page.closeAll(); }
});

test('an inert subtree is printed but not indexed: no click or key reaches it', async () => {
  const page = await open(`<main inert><h1>Page</h1><button>Behind</button><a href="/x">Behind link</a>
    <div onclick="void 0">Behind div</div><div id="host"></div></main>
    <button>OK</button>`);
  try {
    await page.evaluate(() => { document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow behind</button>'; });
    const compat = await content(page, COMPAT);
    assert.match(compat, /\[0\]<button >Behind \/>/);
    const ours = await content(page);
    assert.equal(ours.replace(/^\*/gm, ''), 'Page\nBehind\nBehind link\nBehind div\nShadow behind\n[0]<button >OK />');
  } finally { await page.closeAll(); }
});

test('states an agent acts on are printed: selected tab, pressed toggle, current page, disabled, invalid, required, bounds', async () => {
  const page = await open(`<div role="tablist"><button role="tab" aria-selected="true">Overview</button><button role="tab" aria-selected="false">Specs</button></div>
    <button aria-pressed="true">Bold</button><a href="/a" aria-current="page">Home</a>
    <div role="button" aria-disabled="true">Next</div>
    <input name="email" required aria-invalid="true" placeholder="Email"><select name="c" required><option>A</option></select>
    <input type="range" name="v" min="0" max="10" value="3">
    <div role="slider" tabindex="0" aria-label="Zoom" aria-valuemin="1" aria-valuemax="5" aria-valuenow="2">2</div>
    <div role="slider" tabindex="0" style="width:100px;height:10px" aria-label="Size" aria-valuemin="0" aria-valuemax="2" aria-valuenow="1" aria-valuetext="Medium"></div>`);
  try {
    const compat = await content(page, COMPAT);
    assert.doesNotMatch(compat, /aria-selected|aria-pressed|aria-current|aria-disabled|aria-invalid|required|min=|aria-valuemin/);
    const ours = (await content(page)).replace(/^\*/gm, '');
    for (const line of ['[0]<button role=tab aria-selected=true>Overview />', '[1]<button role=tab aria-selected=false>Specs />',
      '[2]<button aria-pressed=true>Bold />', '[3]<a aria-current=page>Home />', '[4]<div role=button aria-disabled=true>Next />',
      '[5]<input name=email placeholder=Email aria-invalid=true required=true />', '[6]<select name=c value=A required=true>A />',
      '[7]<input type=range name=v value=3 min=0 max=10 />', '[8]<div role=slider aria-label=Zoom aria-valuemin=1 aria-valuemax=5>2 />',
      '[9]<div role=slider aria-label=Size aria-valuenow=1 aria-valuetext=Medium aria-valuemin=0 aria-valuemax=2 />'])
      assert.ok(ours.split('\n').includes(line), `${line}\n${ours}`);
  } finally { await page.closeAll(); }
});

test('text directly under <body> is printed', async () => {
  const page = await open('Loose body text<button>Go</button>');
  try {
    assert.doesNotMatch(await content(page, COMPAT), /Loose body text/);
    assert.match(await content(page), /^Loose body text$/m);
  } finally { await page.closeAll(); }
});

test('role=link counts as interactive', async () => {
  const page = await open('<p>Intro</p><span role="link" tabindex="0">Open the report</span>');
  try {
    assert.doesNotMatch(await content(page, COMPAT), /\]<span/);
    assert.match(await content(page), /\*\[0\]<span role=link>Open the report \/>/);
  } finally { await page.closeAll(); }
});

test('a link or button that shows only a picture says what the picture says (aria-label, alt, SVG title, title)', async () => {
  const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
  const page = await open(`<a href="/home"><img alt="Home" src="${gif}" width="20" height="20"></a>
    <button><svg width="20" height="20"><title>Close dialog</title><path d="M0 0h9v9z"/></svg></button>
    <a href="/story">Story <img alt="not needed" src="${gif}" width="9" height="9"></a>
    <button><img alt="Hidden" src="${gif}" width="9" height="9" style="visibility:hidden"></button>
    <a href="/cart"><span aria-label="Cart"><svg width="9" height="9"><title>cart icon</title></svg></span></a>
    <button><i class="icon" title="Settings"></i></button>`);
  try {
    const compat = await content(page, COMPAT);
    assert.match(compat, /\[0\]<a  \/>\n\*?\[1\]<button  \/>/);
    const ours = await content(page);
    assert.match(ours, /\[0\]<a >Home \/>/);
    assert.match(ours, /\[1\]<button >Close dialog \/>/);
    assert.match(ours, /\[2\]<a >Story \/>/);
    assert.match(ours, /\[3\]<button  \/>/);
    assert.match(ours, /\[4\]<a >Cart \/>/);  // the label covers the drawing inside it
    assert.match(ours, /\[5\]<button >Settings \/>/);
  } finally { await page.closeAll(); }
});

test('the text of a disabled textarea is read where it shows, never where it is hidden', async () => {
  const page = await open(`<div style="cursor:pointer">Card <textarea disabled>Inside the card</textarea></div>
    <textarea disabled>On its own</textarea><textarea disabled style="opacity:0">Transparent</textarea>`);
  try {
    const ours = await content(page);
    assert.match(ours, /\[0\]<div >Card\nInside the card \/>/);
    assert.match(ours, /^On its own$/m);
    assert.doesNotMatch(ours, /Transparent/);
    assert.match(await content(page, COMPAT), /^Transparent$/m);  // Page Agent reads no opacity
  } finally { await page.closeAll(); }
});

test('a run of inline text is one line: text split by inline elements is not broken at each of them', async () => {
  const page = await open(`<a href="#x">Foo <b>bar</b> baz</a>
    <p>Some <em>emphasised</em> text, un<b>usual</b>ly split, and a <a href="#y">link</a> here.</p>
    <label>Name <input id="n"> (required)</label>
    <p>One<br>Two <img src="data:," alt="">Three <span style="display:inline-block">Four</span></p>
    <div>Block <div>inside</div> after</div>
    <p>${'word '.repeat(30)}<i>${'more '.repeat(30)}</i>${'end '.repeat(10)}</p>`);
  try {
    const compat = await content(page, COMPAT);
    assert.match(compat, /<a >Foo\nbar\nbaz \/>/, 'compat keeps a line part per text node');
    const ours = (await content(page, { maxBareText: 200 })).replace(/^\*/gm, '');
    assert.equal(ours.split('\n').slice(0, 13).join('\n'), [
      '[0]<a >Foo bar baz />',
      'Some emphasised text, unusually split, and a',
      '[1]<a >link />',
      'here.',
      '[2]<input id=n>Name (required) />',
      'One', 'Two', 'Three', 'Four',  // a line break, a picture and an inline block end a run
      'Block', 'inside', 'after',
      `${'word '.repeat(30)}${'more '.repeat(30)}end end end end`.slice(0, 200).trim() + '…'].join('\n'));
  } finally { await page.closeAll(); }
});

test('element and bare text are capped with an ellipsis (configurable)', async () => {
  const long = 'word '.repeat(400).trim();
  const page = await open(`<button>${long}</button><p>${long}</p>`);
  try {
    const compat = await content(page, COMPAT);
    assert.ok(compat.includes(long), 'compat prints everything');
    const ours = await content(page);
    const [button, para] = ours.split('\n');
    assert.match(button, /…\s\/>$/);
    assert.ok(button.length < 330, `element line capped (${button.length})`);
    assert.ok(para.endsWith('…') && para.length <= 601, `bare text capped (${para.length})`);
    const short = await content(page, { maxElementText: 20, maxBareText: 10 });
    assert.equal(short.split('\n')[0].replace(/^\*/, ''), '[0]<button >word word word word… />');
    assert.equal(short.split('\n')[1], 'word word…');
    const uncapped = await content(page, { maxElementText: 0, maxBareText: 0 });
    assert.ok(uncapped.includes(long));
  } finally { await page.closeAll(); }
});

test('an inherited cursor:pointer does not index every inner layer', async () => {
  const page = await open(`<div style="cursor:pointer" class="card" onclick="void 0">
      <div data-testid="card-inner"><span aria-expanded="false">Product name</span></div>
      <ul><li>Option A</li></ul></div>`);
  try {
    const compat = await content(page, COMPAT);
    assert.equal((compat.match(/\[\d+\]/g) || []).length, 4, compat);
    const ours = await content(page);
    // The card and the list item (an item of its own) keep indices; the inner layers do not.
    assert.equal((ours.match(/\[\d+\]/g) || []).length, 2, ours);
    assert.match(ours, /<li >Option A/);
  } finally { await page.closeAll(); }
});

test('occlusion: a modal dialog makes the page behind it inert', async () => {
  const page = await open(`<button>Behind the dialog</button><dialog id="d"><button>Inside the dialog</button></dialog>
    <script>document.getElementById('d').showModal()</script>`);
  try {
    await page.evaluate(() => document.getElementById('d').open || document.getElementById('d').showModal());
    const compat = await content(page, COMPAT);
    assert.match(compat, /Behind the dialog \/>/);
    const ours = await content(page);
    assert.doesNotMatch(ours, /\]<button >Behind/);
    assert.match(ours, /\[0\]<button >Inside the dialog \/>/);
  } finally { await page.closeAll(); }
});

test('occlusion: a link wrapped over two lines counts when any of its lines can be hit', async () => {
  // The link's first line is under a banner; its second line is free. Page Agent samples only the
  // first line and drops the link with its text; we index it.
  const page = await open(`<p style="width:260px;font:16px/20px monospace;margin:0;padding-top:40px"><span
    style="display:inline-block;width:120px">Before</span> <a href="/wrapped">wrapped link text words</a> and after it.</p>
    <div style="position:fixed;left:0;top:40px;width:100%;height:30px;background:#eee">Banner</div>`);
  try {
    assert.equal(await page.evaluate(() => document.querySelector('a').getClientRects().length), 2, 'the link spans two lines');
    const compat = await content(page, { ...COMPAT, viewportExpansion: 0 });
    assert.doesNotMatch(compat, /wrapped link/);
    const ours = await content(page, { viewportExpansion: 0 });
    assert.match(ours, /\]<a >wrapped link text words \/>/);
  } finally { await page.closeAll(); }
});

test('occlusion: with viewportExpansion > 0, elements in the margin count and covered ones do not', async () => {
  const page = await newPage(browser);
  try {
    await page.goto(`${server.origin}/tests/fixtures/dehydrate/dehydrate_long.html`);
    await inject(page);
    const compat = await content(page, { ...COMPAT, viewportExpansion: 2000 });
    assert.doesNotMatch(compat, /Far below button/, 'Page Agent cannot hit-test outside the viewport');
    const ours = await content(page, { viewportExpansion: 2000 });
    assert.match(ours, /Far below button/);
    assert.doesNotMatch(ours, /Under the overlay/);
    assert.match(ours, /Overlay button/);
  } finally { await page.closeAll(); }
});

test('stableIndices: an element keeps its number across updates while it lives', async () => {
  const page = await open('<button id="a">A</button><button id="b">B</button><button id="c">C</button>');
  try {
    const r = await page.evaluate(async () => {
      const run = async (config) => {
        const c = new dehydra.PageController({ highlight: false, ...config });
        await c.updateTree();
        const before = c.indexes().map((i) => [i, c.elementAt(i).id]);
        const x = document.createElement('button');
        x.id = 'x'; x.textContent = 'X';
        document.body.prepend(x);
        document.getElementById('b').remove();
        const text = await c.updateTree();
        const after = c.indexes().map((i) => [i, c.elementAt(i).id]);
        document.getElementById('b') || document.body.insertBefore(Object.assign(document.createElement('button'), { id: 'b', textContent: 'B' }), document.getElementById('c'));
        x.remove();
        c.dispose();
        return { before, after, text };
      };
      return { plain: await run({}), stable: await run({ stableIndices: true }) };
    });
    assert.deepEqual(r.plain.after, [[0, 'x'], [1, 'a'], [2, 'c']], 'without: numbers shift');
    assert.deepEqual(r.stable.before, [[0, 'a'], [1, 'b'], [2, 'c']]);
    assert.deepEqual(r.stable.after, [[3, 'x'], [0, 'a'], [2, 'c']]);
    assert.match(r.stable.text, /\*\[3\]<button id=x>X \/>\n\[0\]<button id=a>A \/>\n\[2\]<button id=c>C \/>/);
  } finally { await page.closeAll(); }
});

test('diff: only changed lines, and the indices that vanished', async () => {
  const page = await open('<p>Cart</p><button id="a">Add</button><button id="b">Remove</button><button id="c">Pay</button>');
  try {
    const r = await page.evaluate(async () => {
      const c = new dehydra.PageController({ highlight: false, diff: true });
      const first = await c.updateTree();
      const same = await c.updateTree();
      document.getElementById('a').textContent = 'Add another';
      document.getElementById('b').remove();
      const changed = await c.updateTree();
      c.dispose();
      return { first, same, changed };
    });
    assert.match(r.first, /Cart\n\*\[0\]<button id=a>Add \/>/);
    assert.equal(r.same, '(no change since the previous state)');
    assert.equal(r.changed, '(changes since the previous state; unchanged lines omitted)\n[0]<button id=a>Add another />\nGone: [1]');
  } finally { await page.closeAll(); }
});

test('maxTokens folds long runs of similar items instead of cutting lines', async () => {
  let items = '';
  for (let i = 0; i < 150; i++) items += `<li><a href="/p/${i}">Product number ${i}</a></li>`;
  const page = await open(`<h1>Shop</h1><ul>${items}</ul><button>Checkout</button>`);
  try {
    const full = await content(page);
    const folded = await content(page, { maxTokens: 300 });
    assert.ok(folded.length < full.length / 5, `${folded.length} vs ${full.length}`);
    assert.match(folded, /^… 147 more like \[0\]$/m);
    assert.match(folded, /\[150\]<button >Checkout \/>/);
    const fullLines = new Set(full.split('\n').map((l) => l.replace(/^\*/, '')));
    for (const line of folded.split('\n')) {
      if (!line.startsWith('…')) assert.ok(fullLines.has(line.replace(/^\*/, '')), `whole line kept: ${line}`);
    }
    const unstar = (t) => t.replace(/^\*/gm, '');
    assert.equal(unstar(await content(page, { maxTokens: 100000 })), unstar(full), 'under budget: unchanged');
  } finally { await page.closeAll(); }
});

test('each control once: a wrapper around one control is one entry that carries its text', async () => {
  const page = await open(`<label>Email <input name="email"></label>
    <label for="agree">I agree</label><input type="checkbox" id="agree">
    <a href="#buy"><button>Buy now</button></a>
    <button><span style="cursor:pointer" onclick="void 0">★</span> Star</button>
    <div style="cursor:pointer" onclick="void 0">Quarterly report, 12 pages <button>Delete</button></div>
    <ul role="menu"><li role="menuitem">Open</li><li role="menuitem">Save</li></ul>
    <div onclick="void 0"><button>Left</button><button>Right</button></div>
    <label for="group">Plan</label><div id="group"><input type="radio" name="p" aria-label="Free"></div>`);
  try {
    const compat = await content(page, COMPAT);
    // Page Agent lists the label, the link, the icon, the menu and the handler's frame apart.
    for (const line of [/<label >Email \/>\n\t\*?\[\d+\]<input/, /<a  \/>\n\t\*?\[\d+\]<button >Buy now/, /<button >Star \/>\n\t\*?\[\d+\]<span >★/,
      /<ul role=menu \/>/, /<label for=agree>I agree \/>/, /<div  \/>\n\t\*?\[\d+\]<button >Left/])
      assert.match(compat, line, compat);
    const ours = (await content(page)).replace(/^\*/gm, '');
    assert.equal(ours, [
      '[0]<input name=email>Email />',
      '[1]<input type=checkbox checked=false id=agree>I agree />',
      '[2]<button >Buy now />',
      '[3]<button >★ Star />',
      '[4]<div >Quarterly report, 12 pages />',  // content of its own beside the button: its own action
      '\t[5]<button >Delete />',
      '[6]<li role=menuitem>Open />',
      '[7]<li role=menuitem>Save />',
      '[8]<button >Left />',
      '[9]<button >Right />',
      'Plan',
      '[10]<input type=radio checked=false name=p aria-label=Free />'].join('\n'));
    // The merged entries act on the control: a click on the label's entry checks the box, text goes into the input.
    const acted = await page.evaluate(async () => {
      const c = new dehydra.PageController({ highlight: false });
      await c.getBrowserState();
      const click = await c.clickElement(1);
      const typed = await c.inputText(0, 'ann@example.com');
      const r = { click: click.success, typed: typed.success, checked: document.getElementById('agree').checked,
        value: document.querySelector('[name=email]').value, first: c.elementAt(0).tagName };
      c.dispose();
      return r;
    });
    assert.deepEqual(acted, { click: true, typed: true, checked: true, value: 'ann@example.com', first: 'INPUT' });
  } finally { await page.closeAll(); }
});

test('attributes that tell an agent nothing are not printed', async () => {
  const page = await open(`<button type="button" aria-label="Save  draft">Save draft</button>
    <input type="text" id=":r1:" role="combobox" aria-haspopup="listbox" aria-expanded="false" aria-controls="list-1"
      aria-invalid="false" aria-label="City">
    <a href="#docs" role="link" id="docs-link" aria-current="false">Docs</a>
    <label for="mail">Mail</label><input id="mail" type="email" aria-disabled="false">
    <button type="submit" aria-haspopup="menu">Send</button>`);
  try {
    const compat = (await content(page, COMPAT)).replace(/^\*/gm, '');
    assert.match(compat, /\[0\]<button type=button aria-label=Save  draft>Save draft \/>/);
    assert.match(compat, /<input type=text role=combobox aria-label=City aria-expanded=false id=:r1: aria-haspopup=listbox aria-controls=list-1 \/>/);
    assert.match(compat, /<a role=link id=docs-link>Docs \/>\n\[\d+\]<label for=mail>/);
    const ours = (await content(page)).replace(/^\*/gm, '');
    assert.equal(ours, ['[0]<button >Save draft />',
      '[1]<input role=combobox aria-label=City aria-expanded=false />',
      '[2]<a id=docs-link>Docs />',
      '[3]<input type=email id=mail>Mail />',
      '[4]<button type=submit aria-haspopup=menu>Send />'].join('\n'));
    // Asked for by name, an attribute stays.
    assert.match(await content(page, { includeAttributes: ['aria-controls'] }), /aria-controls=list-1/);
  } finally { await page.closeAll(); }
});
