// The forms of every corpus page against Chromium's own WebMCP mapping. The saved pages carry no
// `toolname`, so the test gives each live form one (and a description) in the page, then compares
// our schema with document.modelContext.getTools() property by property. The corpus files are read
// in place and never changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { launchBrowser, startServer, inject, openCorpusPage, corpusPages, needsCorpus } from './helpers/harness.mjs';
import { chromiumTools, ourDeclarativeNames, compareToolNames } from './helpers/webmcp_oracle.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(['--enable-features=WebMCP']); });
after(async () => { await browser?.close(); await server?.close(); });

// Chromium lists a control without a name under the key "". Unnamed controls are skipped on
// purpose: a form submits no value for them (docs/aria-differences.md, "Form tools").
const unnamed = (key) => key === '';

test('schemas equal Chromium\'s getTools() for the forms of the corpus pages', { ...needsCorpus(), timeout: 600000 }, async () => {
  let tools = 0, properties = 0, skippedUnnamed = 0;
  const problems = [];
  for (const name of corpusPages()) {
    const page = await openCorpusPage(browser, server.origin, name);
    try {
      const forms = await page.evaluate(() => {
        const list = document.querySelectorAll('form');
        for (let i = 0; i < list.length; i++) {
          list[i].setAttribute('toolname', `corpus_form_${i}`);
          list[i].setAttribute('tooldescription', `form ${i}`);
        }
        return list.length;
      });
      if (forms === 0) continue;
      await inject(page);
      const theirs = await chromiumTools(page);
      const ours = await page.evaluate(() => dehydra.formTools());
      problems.push(...compareToolNames(name, await ourDeclarativeNames(page), theirs.map((t) => t.name)));
      for (const t of theirs) {
        const o = ours.find((x) => x.name === t.name);
        if (!o) { problems.push(`${name}: no tool ${t.name}`); continue; }
        tools++;
        if (o.description !== t.description) problems.push(`${name} ${t.name}: description ${o.description} / ${t.description}`);
        const theirKeys = Object.keys(t.inputSchema.properties || {}).filter((k) => !unnamed(k));
        skippedUnnamed += Object.keys(t.inputSchema.properties || {}).length - theirKeys.length;
        const ourProps = o.inputSchema.properties || {};
        if (!isDeepStrictEqual(Object.keys(ourProps), theirKeys)) problems.push(`${name} ${t.name}: keys ${JSON.stringify(Object.keys(ourProps))} / ${JSON.stringify(theirKeys)}`);
        const theirRequired = (t.inputSchema.required || []).filter((k) => !unnamed(k));
        if (!isDeepStrictEqual(o.inputSchema.required || [], theirRequired)) problems.push(`${name} ${t.name}: required ${JSON.stringify(o.inputSchema.required)} / ${JSON.stringify(theirRequired)}`);
        for (const k of theirKeys) {
          properties++;
          if (!isDeepStrictEqual(ourProps[k], t.inputSchema.properties[k])) problems.push(`${name} ${t.name}.${k}: ours ${JSON.stringify(ourProps[k])} theirs ${JSON.stringify(t.inputSchema.properties[k])}`);
        }
      }
    } finally {
      await page.closeAll();
    }
  }
  console.log(`forms corpus oracle: ${tools} tools, ${properties} properties equal to Chromium's; ${skippedUnnamed} unnamed control(s) skipped`);
  assert.deepEqual(problems, []);
  // 122 tools, 169 properties measured 2026-12-04 (node --test tests/browser/forms_corpus.test.mjs); the
  // pages and the browser are fixed, so every run compares as many: fewer means tools went missing.
  assert.ok(tools >= 122 && properties >= 169, `compared ${tools} tools, ${properties} properties`);
});
