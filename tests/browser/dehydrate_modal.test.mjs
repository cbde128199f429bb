// An open modal: only what a user can reach is listed (the modal's contents and what stands above
// it), in every mode, and the header says so; when it closes the page comes back with the same
// numbers. Native <dialog>, aria-modal, inert content, a mask, and antd / MUI components (bundled
// from node_modules at test time). Compat mode lists the page behind, as Page Agent does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, inject, root } from './helpers/harness.mjs';

let server, browser;
before(async () => {
  const out = await build({ entryPoints: [join(root, 'tests', 'fixtures', 'dehydrate', 'modal_react_app.jsx')], bundle: true,
    write: false, format: 'iife', minify: true, logLevel: 'silent', jsx: 'automatic', absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' } });
  server = await startServer({
    '/modal_react.html': { body: '<!doctype html><meta charset="utf-8"><title>Settings</title><div id="root"></div><script src="/modal_react.js"></script>' },
    '/modal_react.js': { body: out.outputFiles[0].text, type: 'text/javascript' },
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

async function open(html) {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  await page.setContent(html);
  await inject(page);
  return page;
}

// header + content of one getBrowserState; with `keep`, from one controller kept in the page.
function state(page, config = {}, keep = false) {
  return page.evaluate(async ({ config, keep }) => {
    const c = keep ? (globalThis.kept ||= new dehydra.PageController({ highlight: false, ...config }))
      : new dehydra.PageController({ highlight: false, ...config });
    const s = await c.getBrowserState();
    if (!keep) c.dispose();
    return { header: s.header, content: s.content };
  }, { config, keep });
}

const NOTICE = /A modal (dialog|layer) is open/;
const indexOf = (content, text) => {
  const m = content.match(new RegExp(`\\[(\\d+)\\]<[^\\n]*${text}`));
  return m ? Number(m[1]) : null;
};
// Until antd's and MUI's open and close animations have finished: no animation running and no
// motion class for three frames in a row. A layer sits at opacity 0 for a frame or two before its
// animation starts, so one empty getAnimations() is not enough.
const settled = (page) => page.evaluate(() => new Promise((resolve) => {
  const motion = '[class*="-appear"], [class*="-enter"], [class*="-leave"]';
  let quiet = 0;
  const tick = () => {
    const busy = document.getAnimations().some((a) => a.playState === 'running') || document.querySelector(motion);
    quiet = busy ? 0 : quiet + 1;
    if (quiet >= 3) resolve(); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}));

test('a <dialog> opened with showModal() hides the page behind it; one opened with show() hides nothing', async () => {
  const page = await open(`<h1>Page</h1><button>Behind 1</button><button>Behind 2</button><a href="/x">Behind link</a>
    <dialog id="d"><h2>Edit profile</h2><input placeholder="Name"><button>Save</button></dialog>`);
  try {
    await page.evaluate(() => document.getElementById('d').showModal());
    for (const config of [{}, { viewportExpansion: 0 }, { viewportExpansion: 2000 }]) {
      const s = await state(page, config);
      assert.doesNotMatch(s.content, /Behind|Page/, JSON.stringify(config));
      assert.match(s.content, /<button >Save \/>/);
      assert.match(s.content, /placeholder=Name/);
      assert.match(s.header, /\nA modal dialog is open \("Edit profile"\); .* listed\.\n/);
    }
    // Over the whole page it counts them (in viewport mode the hit test has already left out most).
    assert.match((await state(page)).header, /; 3 elements behind it are not listed\./);
    const compat = await state(page, { pageAgentCompat: true });
    assert.match(compat.content, /Behind 1/);
    assert.doesNotMatch(compat.header, NOTICE);
    await page.evaluate(() => { const d = document.getElementById('d'); d.close(); d.show(); });
    const s = await state(page);
    assert.match(s.content, /<button >Behind 1 \/>/);
    assert.match(s.content, /<button >Save \/>/);
    assert.doesNotMatch(s.header, NOTICE);
  } finally { await page.closeAll(); }
});

test('a confirm opened inside a modal dialog: only the confirm is listed', async () => {
  const page = await open(`<button>Behind</button>
    <dialog id="outer"><h2>Settings</h2><button>Outer save</button>
      <dialog id="inner" aria-label="Discard changes?"><button>Discard</button><button>Keep</button></dialog></dialog>
    <dialog id="elsewhere" aria-label="Are you sure?"><button>Yes</button></dialog>`);
  try {
    await page.evaluate(() => { document.getElementById('outer').showModal(); document.getElementById('inner').showModal(); });
    let s = await state(page);
    assert.doesNotMatch(s.content, /Behind|Outer save|Settings/);
    assert.match(s.content, /Discard \/>[\s\S]*Keep \/>/);
    assert.match(s.header, /A modal dialog is open \("Discard changes\?"\); 2 elements behind it are not listed\./);
    // The top one of two modal dialogs is the one shown last (it has the focus), not the last in the page.
    await page.evaluate(() => { document.getElementById('inner').close(); document.getElementById('elsewhere').showModal();
      document.getElementById('outer').close(); document.getElementById('outer').showModal(); });
    s = await state(page);
    assert.match(s.content, /Outer save/);
    assert.doesNotMatch(s.content, /Yes/);
  } finally { await page.closeAll(); }
});

test('a rendered aria-modal element hides the page; a hidden one does not', async () => {
  const page = await open(`<h1>Page</h1><button>Behind</button>
    <div id="m" role="dialog" aria-modal="true" aria-labelledby="t" style="position:fixed;top:100px;left:100px;width:300px;background:#fff">
      <h2 id="t">Cookie settings</h2><button>Accept</button></div>
    <div role="dialog" aria-modal="true" style="display:none"><button>Hidden modal</button></div>`);
  try {
    let s = await state(page);
    assert.doesNotMatch(s.content, /Behind|Page|Hidden modal/);
    assert.match(s.content, /<button >Accept \/>/);
    assert.match(s.header, /A modal dialog is open \("Cookie settings"\); 1 element behind it is not listed\./);
    await page.evaluate(() => { document.getElementById('m').style.display = 'none'; });
    s = await state(page);
    assert.match(s.content, /<button >Behind \/>/);
    assert.doesNotMatch(s.header, NOTICE);
  } finally { await page.closeAll(); }
});

test('content made inert while a dialog shows is behind it', async () => {
  const page = await open(`<main inert><h1>Page</h1><button>Behind</button><a href="/x">Behind link</a></main>
    <div role="dialog" aria-label="Sign in"><button>OK</button></div>`);
  try {
    const s = await state(page);
    assert.equal(s.content.replace(/^\*/gm, ''), '[0]<button >OK />');
    assert.match(s.header, /A modal dialog is open \("Sign in"\); 2 elements behind it are not listed\./);
  } finally { await page.closeAll(); }
});

test('a mask that takes the pointer over the viewport (a drawer over a backdrop) hides the page, in every mode', async () => {
  const page = await open(`<h1>Page</h1><button>Behind 1</button><a href="/x">Behind link</a>
    <div style="height:3000px"></div><button>Far below</button>
    <div style="position:fixed;inset:0;background:rgba(0,0,0,.4)"></div>
    <aside style="position:fixed;right:0;top:0;bottom:0;width:300px;background:#fff"><h2>Filters</h2><button>Apply</button></aside>`);
  try {
    for (const config of [{}, { viewportExpansion: 0 }, { viewportExpansion: 5000 }]) {
      const s = await state(page, config);
      assert.doesNotMatch(s.content, /Behind|Page|Far below/, JSON.stringify(config));
      assert.match(s.content, /Filters\n\*?\[0\]<button >Apply \/>/);
      assert.match(s.header, /\nA modal layer is open; /);
    }
    assert.match((await state(page)).header, /3 elements behind it are not listed/);
    assert.match((await state(page, { pageAgentCompat: true, viewportExpansion: -1 })).content, /Far below/);
  } finally { await page.closeAll(); }
});

test('non-modal layers hide nothing: a cookie banner, a toast, a menu, a fixed backdrop under the page, a fixed app root', async () => {
  const page = await open(`<div style="position:fixed;inset:0;z-index:-1;background:linear-gradient(#eef,#fff)"></div>
    <div style="position:fixed;inset:0;overflow:auto"><h1>Page</h1><button>Page button</button>
      <div style="position:relative"><button aria-expanded="true">Menu</button>
        <ul role="menu" style="position:absolute;top:30px;left:0;background:#fff"><li role="menuitem">Rename</li></ul></div>
      <div style="height:2000px"></div><a href="/far">Far link</a></div>
    <div role="status" style="position:fixed;top:10px;right:10px">Saved</div>
    <div style="position:fixed;left:0;right:0;bottom:0;background:#333;color:#fff">We use cookies <button>Accept cookies</button></div>`);
  try {
    for (const config of [{}, { viewportExpansion: 0 }]) {
      const s = await state(page, config);
      assert.doesNotMatch(s.header, NOTICE, JSON.stringify(config));
      for (const text of ['Page button', 'Rename', 'Saved', 'Accept cookies']) assert.match(s.content, new RegExp(text));
    }
    assert.match((await state(page)).content, /Far link/);
  } finally { await page.closeAll(); }
});

test('a modal inside a same-origin frame hides that frame\'s page only', async () => {
  const page = await open(`<button>Top page</button>
    <iframe style="width:500px;height:300px" srcdoc="<button>Frame page</button><dialog id=d><button>Frame OK</button></dialog><script>d.showModal()</script>"></iframe>`);
  try {
    await page.frames()[1].waitForFunction(() => document.getElementById('d')?.open);
    const s = await state(page);
    assert.match(s.content, /<button >Top page \/>/);
    assert.match(s.content, /<button >Frame OK \/>/);
    assert.doesNotMatch(s.content, /Frame page/);
    assert.match(s.header, /A modal dialog is open; 1 element behind it is not listed\./);
  } finally { await page.closeAll(); }
});

async function openApp() {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/modal_react.html`);
  await page.waitForSelector('#page-9');
  await inject(page);
  return page;
}

test('antd Modal: its contents and its Select\'s list are listed, the page is not; closed, the page comes back with the same numbers', async () => {
  const page = await openApp();
  try {
    const before = await state(page, { stableIndices: true }, true);
    const number = indexOf(before.content, 'Page action 7');
    assert.notEqual(number, null);
    await page.evaluate(() => openLayer('modal'));
    await page.waitForSelector('.ant-modal #name-input');
    await settled(page);
    let s = await state(page, { stableIndices: true }, true);
    assert.doesNotMatch(s.content, /Page action|Help centre|Settings/);
    assert.match(s.content, /placeholder="?Your name/);
    assert.match(s.content, /Save/);
    assert.match(s.header, /A modal dialog is open \("Edit profile"\); \d+ elements behind it are not listed\./);
    assert.ok(Number(s.header.match(/(\d+) elements behind/)[1]) >= 11, s.header);
    // The Select's list is portalled after the modal, above it.
    await page.click('.ant-modal .ant-select');
    await page.waitForSelector('.ant-select-item-option');
    await settled(page);
    s = await state(page, { stableIndices: true }, true);
    assert.match(s.content, /Red/);
    assert.match(s.content, /Green/);
    assert.doesNotMatch(s.content, /Page action/);
    // Closed: the page comes back under the same numbers.
    await page.keyboard.press('Escape');
    await page.evaluate(() => openLayer(null));
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap') || getComputedStyle(document.querySelector('.ant-modal-wrap')).display === 'none');
    await settled(page);
    s = await state(page, { stableIndices: true }, true);
    assert.doesNotMatch(s.header, NOTICE);
    assert.equal(indexOf(s.content, 'Page action 7'), number);
    const compat = await state(page, { pageAgentCompat: true });
    assert.match(compat.content, /Page action 7/);
  } finally { await page.closeAll(); }
});

test('antd: a confirm opened from a Modal hides the Modal; a Drawer hides the page', async () => {
  const page = await openApp();
  try {
    await page.evaluate(() => openLayer('modal'));
    await page.waitForSelector('.ant-modal #name-input');
    await settled(page);
    await page.evaluate(() => openConfirm(true));
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-modal-title')].some((t) => t.textContent === 'Discard changes?'));
    await settled(page);
    let s = await state(page);
    assert.match(s.content, /Discard/);
    assert.match(s.content, /Your edits will be lost/);
    assert.doesNotMatch(s.content, /Your name|Page action/);
    assert.match(s.header, /A modal dialog is open \("Discard changes\?"\)/);
    await page.evaluate(() => { openConfirm(false); openLayer('drawer'); });
    await page.waitForSelector('text=Only active');
    await settled(page);
    s = await state(page);
    assert.match(s.content, /Only active/);
    assert.doesNotMatch(s.content, /Page action/);
    assert.match(s.header, /A modal dialog is open \("Filters"\)/);
  } finally { await page.closeAll(); }
});

test('MUI Dialog: named in the header, the page not listed', async () => {
  const page = await openApp();
  try {
    await page.evaluate(() => openLayer('mui'));
    await page.waitForSelector('#mui-title');
    await settled(page);
    const s = await state(page);
    assert.match(s.content, /Cancel/);
    assert.match(s.content, /Delete/);
    assert.doesNotMatch(s.content, /Page action/);
    assert.match(s.header, /A modal dialog is open \("Delete file\?"\)/);
  } finally { await page.closeAll(); }
});
