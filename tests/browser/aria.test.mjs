// dehydra.accessibilityTree() against Playwright's own locator('body').ariaSnapshot() in the same
// Chromium, refs against the PageController indices, and the core's robustness.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, startServer, inject } from './helpers/harness.mjs';
import { compareTrees } from './helpers/aria_compare.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(path, options) {
  const page = await newPage(browser, options);
  await page.goto(`${server.origin}${path}`);
  await inject(page);
  return page;
}

const strip = (yaml) => yaml.replace(/ \[required\]| \[ref=\d+\]/g, '');

test('the fixture tree equals Playwright\'s ariaSnapshot, but for the documented differences', async () => {
  const page = await open('/tests/fixtures/aria/aria_basic.html');
  const theirs = await page.locator('body').ariaSnapshot();
  const ours = await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false }));
  // Deliberate: password values are never read; inert content is pruned; [required] is ours.
  // Chromium's name where Playwright differs: a labelledby of blank text falls back to alt.
  const expected = theirs.replace('- textbox "Password": secret', '- textbox "Password"').replace(/\n\s*- button "Inert button"/, '')
    .replace('- img\n  - img "Alt wins"', '- img "Alt only"\n  - img "Alt wins"');
  assert.equal(strip(ours), expected);
  assert.match(ours, /textbox "Email" \[required\]: alice@example.com/);
  await page.closeAll();
});

test('roles, names, states and pruning on a second fixture (shadow DOM and slotted references, iframe, labelledby, presentation)', async () => {
  const page = await open('/tests/fixtures/aria/aria_structure.html');
  await page.waitForFunction(() => document.querySelector('iframe').contentDocument?.querySelector('button'));
  const ours = await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false }));
  const theirs = await page.locator('body').ariaSnapshot();
  for (const line of ['- button "Shadow button"', '- link "Slotted link"', '- button "Named from the document"', '- textbox "Slotted label"', '- button "Wrapped Shadow text Later select"', '- combobox:', '- heading "Wrapper heading" [level=3]', '- paragraph: Wrapped paragraph', '- option "Drawn option"', '- textbox "Unslotted text"', '- paragraph: Before inline generic after', '- generic: Block generic', '- textbox "Labelled by twice"', '- textbox "Only a title"',
    '- textbox "Only a placeholder"', '- button "Tooltip"', '- img "Logo"', '- figure:', '- treeitem "Node" [expanded] [level=2] [selected]',
    '- switch "Wifi" [checked]', '- textbox "Broken" [invalid]', '- combobox "Pick" [required]', '- option "Two" [disabled]', '- button "Shown"',
    '- iframe "Inner":', '- heading "Inside the frame" [level=3]', '- button "Frame button"', '- /url: data:text/plain;base64,\u2026'])
    assert.ok(ours.includes(line), `missing ${line}\n${ours}`);
  assert.doesNotMatch(ours, /Hidden [A-E]/);
  assert.doesNotMatch(ours, /listitem "Flat item"|- list\b.*\n.*Flat item/);
  // Apart from the iframe's content (Playwright does not enter frames), the trees differ only where
  // docs/aria-differences.md says: inert content pruned, optgroups of a drop-down select kept (named
  // by their label), and Chromium's names for an iframe (its title) and a figure (none from its caption).
  const withoutFrames = await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false, frames: false }));
  const c = compareTrees(withoutFrames, theirs);
  const brief = (nodes) => nodes.map((n) => `${n.role} ${n.name}`);
  assert.deepEqual({ extra: brief(c.extra), missing: brief(c.missing) },
    { extra: ['iframe Inner', 'figure ', 'group More', 'option Two'], missing: ['iframe ', 'button Hidden D', 'figure Figure one'] });
  await page.closeAll();
});

test('[ref=N] is the index the PageController acts on, on the same snapshot', async () => {
  const page = await open('/tests/fixtures/aria/aria_basic.html');
  const r = await page.evaluate(async () => {
    const yaml = await dehydra.accessibilityTree();
    const c = dehydra.getDefaultController();
    const refs = [...yaml.matchAll(/- (\w+)(?: "([^"]*)")?[^\n]*\[ref=(\d+)\]/g)].map(([, role, name, n]) => {
      const el = c.elementAt(Number(n));
      return { role, name, n: Number(n), tag: el && el.localName, label: el && (el.getAttribute('aria-label') || el.textContent.trim() || el.value || el.type) };
    });
    return { refs, indexes: c.indexes() };
  });
  assert.ok(r.refs.length >= 15, `only ${r.refs.length} refs`);
  const link = r.refs.find((x) => x.name === 'Get started');
  assert.deepEqual([link.tag, link.label], ['a', 'Get started']);
  const country = r.refs.find((x) => x.name === 'Country');
  assert.deepEqual([country.role, country.tag], ['combobox', 'select']);
  for (const ref of r.refs) {
    assert.ok(r.indexes.includes(ref.n), `ref ${ref.n} is not a controller index`);
    assert.ok(ref.tag, `ref ${ref.n} has no element`);
  }
  // An explicit controller works the same and refs can be turned off.
  const explicit = await page.evaluate(async () => {
    const c = new dehydra.PageController({ highlight: false });
    return [await dehydra.accessibilityTree({ controller: c }), await dehydra.accessibilityTree({ refs: false })];
  });
  assert.match(explicit[0], /link "Get started" \[ref=\d+\]/);
  assert.doesNotMatch(explicit[1], /\[ref=/);
  await page.closeAll();
});

test('every index the controller gives appears as a ref: elements without a role stay as generic nodes', async () => {
  const page = await open('/tests/fixtures/blank.html');
  const r = await page.evaluate(async () => {
    document.body.innerHTML = '<p>Intro</p><div style="cursor:pointer" onclick="1">Click me</div>' +
      '<a data-href="/x">No href link</a><label>Theme</label><label>Agree <input type="checkbox"></label>' +
      '<div role="presentation" onclick="1">Presented</div><div onclick="1"><svg width="10" height="10"></svg></div>';
    const c = new dehydra.PageController({ highlight: false });
    const withRefs = await dehydra.accessibilityTree({ controller: c });
    const refs = [...withRefs.matchAll(/\[ref=(\d+)\]/g)].map((m) => Number(m[1]));
    return { withRefs, refs, indexes: c.indexes(), plain: dehydra.accessibilityTreeSync() };
  });
  assert.deepEqual([...r.refs].sort((a, b) => a - b), [...r.indexes].sort((a, b) => a - b), r.withRefs);
  assert.match(r.withRefs, /- generic \[ref=\d+\]: Click me/);
  assert.match(r.withRefs, /- generic \[ref=\d+\]: No href link/);
  // A label around one control is that control's entry (docs/differences.md), so it is no node of its own.
  assert.match(r.withRefs, /- text: Agree\n- checkbox "Agree" \[ref=\d+\]/);
  // Without refs the tree stays Playwright's: nameless generic wrappers are unwrapped.
  assert.doesNotMatch(r.plain, /generic/);
  await page.closeAll();
});

// (Visible 100,000-deep nesting is in tests/native/aria_tree_test.cpp: Chromium's own renderer
// crashes laying out ~20,000 nested boxes, so here the chain is display:none.)
test('100,000 nested elements and a hostile page do not break the tree', async () => {
  const page = await newPage(browser);
  await page.setContent('<!doctype html><body></body>');
  await page.evaluate(() => {
    let el = document.body;
    for (let i = 0; i < 100000; i++) { const d = document.createElement(i % 2 ? 'div' : 'section'); if (i === 0) d.style.display = 'none'; el.appendChild(d); el = d; }
    el.innerHTML = '<button>Deep button</button>';
    document.body.insertAdjacentHTML('beforeend', '<button>Shallow button</button>');
  });
  await inject(page);
  // The page turns hostile after dehydra loaded (the built-ins it captured stay good).
  const r = await page.evaluate(() => {
    Array.prototype.map = () => { throw new Error('hostile'); };
    JSON.stringify = () => { throw new Error('hostile'); };
    JSON.parse = () => { throw new Error('hostile'); };
    return dehydra.accessibilityTreeSync({ refs: false });
  });
  assert.equal(r, '- button "Shallow button"');
  const error = await page.evaluate(() => { try { dehydra.accessibilityTreeSync(null); } catch (e) { return e.message; } });
  assert.match(error, /accessibilityTreeSync: options must be an object/);
  await page.closeAll();
});
