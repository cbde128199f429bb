// dehydra.markdown() in real Chromium: the Markdown constructs, noise rules and disclosures on a
// fixture, the page left untouched, bad options refused, deep nesting, and the CLI format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, inject, root } from './helpers/harness.mjs';

const run = promisify(execFile);

// A fixture page with dehydra injected (the blank one for tests that write their own markup).
async function onPage(fixture, fn) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${server.origin}/tests/fixtures/${fixture}`);
    await inject(page);
    await fn(page);
    await page.closeAll();
  } finally {
    await browser.close();
    await server.close();
  }
}

test('markdown page mode on the fixture: constructs, safe links, noise dropped, disclosures kept', async () => {
  await onPage('markdown/markdown_page.html', async (page) => {
    const { md, unchanged, errors } = await page.evaluate(() => {
      const before = document.documentElement.outerHTML;
      const md = dehydra.markdown();
      const errors = [];
      for (const bad of [{ mode: 'reader' }, { mode: 3 }, { root: document.createElement('div') }]) {
        try { dehydra.markdown(bad); errors.push('accepted'); } catch (e) { errors.push(e.message); }
      }
      return { md, unchanged: before === document.documentElement.outerHTML, errors };
    });
    assert.ok(unchanged, 'the page is not modified');
    assert.match(errors[0], /mode must be 'page' or 'article'/);
    assert.match(errors[1], /mode must be/);
    assert.match(errors[2], /options.root is not in the document/);
    const has = (s) => assert.ok(md.includes(s), `expected ${JSON.stringify(s)} in:\n${md}`);
    const lacks = (s) => assert.ok(!md.includes(s), `unexpected ${JSON.stringify(s)} in:\n${md}`);
    has('# Guide v2');
    has('[introduction](https://docs.example.org/guide/intro.html "Intro page")');
    has('the script link and [mail us](mailto:team@example.org)');
    lacks('javascript:');
    has('*emphasis*, **strong**, ~~old~~, `` x = `y` ``');
    for (const gone of ['display none text', 'faded text', 'ghost text', 'cloaked template', 'pageProps', 'tracking pixel']) lacks(gone);
    has('visible again');
    has('![Lazy photo](https://docs.example.org/img/lazy.png)');
    has('![Responsive](https://docs.example.org/guide/large.jpg)');
    has('3. three\n   - nested\n4. four');
    has('> Quoted');
    has('````python\nprint("```")\n````');
    has('```\nfirst_line()\nsecond_line()\n```');  // a code viewer's line boxes are lines
    lacks('HIDDEN_IN_CODE');
    has('Run `npm install` first.');  // inline code leaves hidden parts out too
    lacks('HIDDEN_INLINE_CODE');
    has('### Step `one two`');  // a block box inside a code span is a word break, as innerText shows it
    for (const kept of ['First panel', 'Second panel', 'Expandable text', 'Details summary', 'Collapsed details body']) has(kept);
    has('| Name | Qty |\n| --- | --- |\n| Apple | 3 |');
    has('<table><tbody><tr><td rowspan="2">Span</td><td><a>bad</a></td></tr><tr><td>b</td></tr></tbody></table>');
    lacks('evil');
    for (const gone of ['FADED_IN_TABLE', 'TABLE_PIXEL']) lacks(gone);  // the HTML fallback drops noise too
    has('☑ Remember me `alice` `Password` `Green`');
    lacks('hunter2');
    has('line one  \nline two');
    has('---\n\nThe end.');
  });
});

// Chromium itself crashes laying out ~2,000 nested boxes, so the rendered chain is 1,000 deep; the
// 100,000-deep chain sits in a hidden tab panel (a disclosure: kept, and never laid out).
test('markdown: deep nesting converts (1,000 rendered, 100,000 in a hidden tab panel), root converts a subtree', async () => {
  await onPage('blank.html', async (page) => {
    const r = await page.evaluate(() => {
      const tags = ['blockquote', 'div', 'span', 'em'];
      const chain = (parent, depth, first) => {
        let node = parent;
        for (let i = 0; i < depth; i++) {
          node = node.appendChild(document.createElement(tags[i % 4]));
          if (i === 0) first(node);
        }
        node.textContent = 'bottom';
      };
      const out = {};
      const rendered = document.body.appendChild(document.createElement('section'));
      chain(rendered, 1000, () => {});
      out.rendered = dehydra.markdown({ root: rendered });
      const hidden = document.body.appendChild(document.createElement('section'));
      chain(hidden, 100000, (n) => { n.setAttribute('role', 'tabpanel'); n.hidden = true; });
      out.deep = dehydra.markdown({ root: hidden });
      const part = document.body.appendChild(document.createElement('p'));
      part.innerHTML = 'only <b>this</b>';
      out.sub = dehydra.markdown({ root: part });
      return out;
    });
    assert.ok(r.rendered.startsWith('> > > '), r.rendered.slice(0, 40));
    assert.ok(r.rendered.endsWith('> bottom'), r.rendered.slice(-40));
    assert.equal(r.rendered.split('> ').length - 1, 250);
    assert.ok(r.deep.startsWith('> > > '), r.deep.slice(0, 40));
    assert.ok(r.deep.endsWith('> bottom'), r.deep.slice(-40));
    assert.equal(r.deep.split('> ').length - 1, 25000);
    assert.equal(r.sub, 'only **this**');
  });
});

// Formulas: MathML parts are laid out as "block math" boxes, and MathJax wraps each formula in a
// container whose class names its context menu ("CtxtMenu"), which reads like navigation.
test('markdown: a formula is one run of text, in page and article mode', async () => {
  await onPage('blank.html', async (page) => {
    const r = await page.evaluate(() => {
      const formula = '<math><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>';
      const sentence = 'The relation between mass and energy, first written down in 1905, changed physics, chemistry and astronomy. ';
      document.body.innerHTML = `<nav class="menu"><a href="/">Home</a> <a href="/a">About</a></nav>
        <div class="post"><h1>Mass and energy</h1><p>${sentence.repeat(3)}</p>
        <div>It reads <span class="MathJax CtxtMenu_Attached_0">${formula}</span> in its usual form, and ${sentence}</div>
        <p>${sentence.repeat(3)}</p></div>`;
      return { page: dehydra.markdown(), article: dehydra.markdown({ mode: 'article' }).markdown };
    });
    assert.ok(r.page.includes('It reads E=mc2 in its usual form'), r.page);
    assert.ok(r.article.includes('It reads E=mc2 in its usual form'), r.article);
    assert.ok(!r.article.includes('About'), r.article);
  });
});

test('markdown: an icon link says what its picture says, unless it is invisible; an item that shows nothing is no bullet', async () => {
  await onPage('blank.html', async (page) => {
    const md = await page.evaluate(() => {
      const icon = '<svg width="7" height="7"><path d="M0 0h5v5z"/></svg>';
      document.body.innerHTML = `<ul>
        <li><a href="https://example.com/fb" aria-label="Share on Facebook">${icon}</a></li>
        <li><a href="https://example.com/tw"><svg width="7" height="7"><title>Twitter</title></svg></a></li>
        <li><a href="https://example.com/t" title="Print"><i class="icon"></i></a></li>
        <li><a href="https://example.com/x"><img alt="Logo" src="data:,"></a></li>
        <li><a href="https://example.com/h" aria-label="Hidden label"><span style="display:none">secret</span></a></li>
        <li><a href="https://example.com/r" aria-label="Not used">Read more</a></li>
        <li><a href="https://example.com/v" title="Invisible" aria-label="Invisible too" style="visibility:hidden">x</a></li>
        <li><a href="https://example.com/w" title="Title"><img alt="Invisible logo" src="data:," style="visibility:hidden"></a></li>
        <li><span aria-hidden="true">${icon}</span></li><li></li></ul>
        <ol><li>one</li><li><b></b></li><li>two</li></ol>
        <p>See <a href="https://example.com/e"></a>this.</p>`;
      return dehydra.markdown();
    });
    assert.equal(md, [
      '- [Share on Facebook](https://example.com/fb)',
      '- [Twitter](https://example.com/tw)',
      '- [Print](https://example.com/t "Print")',
      '- [Logo](https://example.com/x)',
      '- [Hidden label](https://example.com/h)',
      '- [Read more](https://example.com/r)',
      '- [Title](https://example.com/w "Title")',
      '',
      '1. one',
      '3. two',
      '',
      'See this.',
    ].join('\n'));
  });
});

test('markdown: content-visibility:hidden contents are noise; hidden=until-found and closed details are disclosures', async () => {
  await onPage('blank.html', async (page) => {
    const md = await page.evaluate(() => {
      document.body.innerHTML = `<p>Shown</p>
        <div style="content-visibility:hidden">Skipped words<p>Skipped paragraph</p><pre>skipped code</pre></div>
        <pre>code <span style="display:inline-block;content-visibility:hidden">skipped</span>kept</pre>
        <span style="content-visibility:hidden">Inline: applies not</span>
        <div hidden="until-found">Found on search</div>
        <details><summary>More</summary>Details text</details>`;
      return dehydra.markdown();
    });
    assert.doesNotMatch(md, /[Ss]kipped/);
    for (const kept of ['Shown', 'code kept', 'Inline: applies not', 'Found on search', 'More', 'Details text']) assert.ok(md.includes(kept), `${kept}\n${md}`);
  });
});

// display is not inherited: under `html {display: none}` (pages that wait for their scripts) the
// body's own style still says block, and a shadow root's hidden child has no element parent.
test('nothing hidden leaks: a display:none shadow child, shadow-host children no slot takes, a frame or page whose html is display:none', async () => {
  await onPage('blank.html', async (page) => {
    const seen = await page.evaluate(async () => {
      document.body.innerHTML = `<p>Shown</p><div id="host"></div>
        <iframe srcdoc="<style>html{display:none}</style><p>Frame hidden</p><a href=x>Frame link</a>"></iframe>
        <iframe srcdoc="<p>Frame shown</p>"></iframe>`;
      const loaded = [...document.querySelectorAll('iframe')].map((f) =>
        new Promise((done) => f.addEventListener('load', done, { once: true })));
      const host = document.getElementById('host');
      host.append('Unslotted text hidden ', Object.assign(document.createElement('b'), { textContent: 'Unslotted element hidden' }));
      host.attachShadow({ mode: 'open' }).innerHTML =
        '<div style="display:none">Shadow hidden</div><p>Shadow shown</p><slot name="none"></slot>';
      await Promise.all(loaded);
      const all = async () => [dehydra.markdown(), (await new dehydra.PageController({}).getBrowserState()).content,
        await dehydra.accessibilityTree()].join('\n----\n');
      const shown = await all();
      const style = document.createElement('style');
      style.textContent = 'html { display: none }';
      document.head.append(style);
      const pageHidden = await all();
      const article = dehydra.markdown({ mode: 'article' });
      style.remove();
      return { shown, pageHidden, article, restored: await all() };
    });
    for (const text of ['Shown', 'Shadow shown', 'Frame shown']) assert.ok(seen.shown.split('----').every((part) => part.includes(text)), `${text}\n${seen.shown}`);
    assert.doesNotMatch(seen.shown, /hidden|Frame link/);
    assert.doesNotMatch(seen.pageHidden, /Shown|shown|hidden|\[\d+\]/);
    assert.equal(seen.article.markdown, '');
    assert.equal(seen.restored, seen.shown);
  });
});

// An article split into sibling blocks whose first part sits deeper than scores climb (a lead
// section with its own wrappers, then the body): both parts are the article.
test('article mode: a part of the article nested deep in a sibling block is kept', async () => {
  await onPage('blank.html', async (page) => {
    const article = await page.evaluate(() => {
      const p = (words) => `<p>${words}, which the team measured again, and again, before anyone would believe it. </p>`;
      const lead = p('LEAD One winter the computer, a new machine, printed weather nobody expected') + p('The numbers, rounded once, grew apart');
      const body = [1, 2, 3, 4, 5].map((k) => p(`BODY part ${k} of the story, with its details`)).join('');
      document.body.innerHTML = `<nav class="menu"><a href="/">Home</a></nav><div id="post">
        <div class="part"><div><div><div><div><div class="text">${lead}</div></div></div></div></div></div>
        <div class="part"><div class="text">${body}</div></div></div>
        <footer>Copyright</footer>`;
      return dehydra.markdown({ mode: 'article' }).markdown;
    });
    assert.ok(article.includes('LEAD One winter'), article);
    assert.ok(article.includes('BODY part 5'), article);
    assert.ok(!article.includes('Copyright'), article);
  });
});

// Readability's climb: a table's cells score its tbody above any paragraph, but the block around the
// table scores higher still and holds the rest of the article. And a heading that repeats the page
// title is the title, not a line of the body.
test('article mode: climbs from a table to the block that holds it; the title is not repeated', async () => {
  await onPage('blank.html', async (page) => {
    const r = await page.evaluate(() => {
      const row = (k) => `<tr><td>Film number ${k}, a story told again, and again</td><td>${1940 + k}, a year, like any</td><td>A woman, a man, a clock, number ${k}</td></tr>`;
      const rows = Array.from({ length: 30 }, (_, k) => row(k)).join('');
      const prose = 'This list covers films, shown in cinemas or on television, in which the same day repeats. ';
      document.body.innerHTML = `<nav class="menu"><a href="/">Home</a> <a href="/b">Browse</a></nav>
        <div class="content"><div class="lead"><div><p>INTRO ${prose}</p><p>${prose}</p></div></div>
        <table><tbody>${rows}</tbody></table></div>`;
      const table = dehydra.markdown({ mode: 'article' }).markdown;
      document.title = 'Films about time loops, from 1947 to today | Example Wiki';
      const sentence = 'The loop resets at midnight, or at a death, and the hero, slowly, learns from each day. ';
      document.body.innerHTML = `<nav class="menu"><a href="/">Home</a></nav><div class="post">
        <h1>Films about time loops, from 1947 to today</h1><p>${sentence.repeat(3)}</p><h2>Early films</h2>
        <p>${sentence.repeat(3)}</p></div>`;
      return { table, titled: dehydra.markdown({ mode: 'article' }) };
    });
    assert.ok(r.table.includes('INTRO This list'), r.table.slice(0, 300));
    assert.ok(r.table.includes('Film number 29'), r.table.slice(-300));
    assert.ok(!r.table.includes('Browse'), r.table.slice(0, 300));
    assert.equal(r.titled.title, 'Films about time loops, from 1947 to today');
    assert.ok(!r.titled.markdown.includes('# Films about time loops'), r.titled.markdown);
    assert.ok(r.titled.markdown.includes('## Early films'), r.titled.markdown);
  });
});

test('CLI --format markdown prints the page as Markdown', async () => {
  const { stdout } = await run(process.execPath, [join(root, 'bin', 'dehydra'), '--format', 'markdown', join(root, 'tests', 'fixtures', 'markdown', 'markdown_page.html')]);
  assert.match(stdout, /^# Guide v2\n/);
  assert.match(stdout, /\| Apple \| 3 \|/);
});
