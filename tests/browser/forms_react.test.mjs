// A React-controlled form (react + react-dom from node_modules, bundled with esbuild at test time):
// fillForm must reach React's state, not only the DOM, and the schema must equal Chromium's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { launchBrowser, newPage, startServer, inject, root } from './helpers/harness.mjs';

const APP = `
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
const h = React.createElement;
function App() {
  const [s, set] = useState({ name: '', plan: 'free', tags: [], newsletter: false, country: 'fr', seats: 1, bio: '' });
  const upd = (k, v) => set((old) => ({ ...old, [k]: v }));
  const toggle = (t) => upd('tags', s.tags.includes(t) ? s.tags.filter((x) => x !== t) : [...s.tags, t]);
  return h('div', null,
    h('form', { toolname: 'signup', tooldescription: 'Create an account', onSubmit: (e) => { e.preventDefault(); upd('submitted', true); } },
      h('label', { htmlFor: 'n' }, 'Full name'),
      h('input', { id: 'n', name: 'name', required: true, value: s.name, onChange: (e) => upd('name', e.target.value) }),
      h('fieldset', { toolparamdescription: 'Billing plan' },
        ['free', 'pro', 'team'].map((p) => h('label', { key: p }, h('input', { type: 'radio', name: 'plan', value: p, checked: s.plan === p, onChange: () => upd('plan', p) }), ' ' + p.toUpperCase()))),
      h('fieldset', null, ['js', 'css'].map((t) => h('label', { key: t }, h('input', { type: 'checkbox', name: 'tags', value: t, checked: s.tags.includes(t), onChange: () => toggle(t) }), t))),
      h('label', null, h('input', { type: 'checkbox', name: 'newsletter', checked: s.newsletter, onChange: (e) => upd('newsletter', e.target.checked) }), 'Newsletter'),
      h('label', null, 'Country ', h('select', { name: 'country', value: s.country, onChange: (e) => upd('country', e.target.value) },
        h('option', { value: 'fr' }, 'France'), h('option', { value: 'jp' }, 'Japan'))),
      h('label', null, 'Seats ', h('input', { type: 'number', name: 'seats', min: 1, max: 50, value: s.seats, onChange: (e) => upd('seats', e.target.valueAsNumber) })),
      h('textarea', { name: 'bio', 'aria-description': 'About you', value: s.bio, onChange: (e) => upd('bio', e.target.value) }),
      h('button', null, 'Sign up')),
    h('pre', { id: 'state' }, JSON.stringify(s)));
}
createRoot(document.getElementById('root')).render(h(App));
`;

let server, browser, bundle;
before(async () => {
  const out = await build({ stdin: { contents: APP, resolveDir: root, loader: 'js' }, bundle: true, write: false, format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' }, minify: true, logLevel: 'silent' });
  bundle = out.outputFiles[0].text;
  server = await startServer({
    '/react_form.html': { body: '<!doctype html><meta charset="utf-8"><title>React form</title><div id="root"></div><script src="/react_form.js"></script>' },
    '/react_form.js': { body: bundle, type: 'text/javascript' },
  });
  browser = await launchBrowser(['--enable-features=WebMCP']);
});
after(async () => { await browser?.close(); await server?.close(); });

test('a React-controlled form: schema equals Chromium\'s, fillForm updates React state', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/react_form.html`);
  await page.waitForSelector('#state');
  await inject(page);
  const theirs = await page.evaluate(async () => (await document.modelContext.getTools())[0]);
  const ours = await page.evaluate(() => dehydra.formTools()[0]);
  assert.equal(ours.name, 'signup');
  assert.deepEqual(ours.inputSchema, typeof theirs.inputSchema === 'string' ? JSON.parse(theirs.inputSchema) : theirs.inputSchema);
  const result = await page.evaluate(() => dehydra.fillForm('signup', { name: 'Ada Lovelace', plan: 'pro', tags: ['css', 'js'], newsletter: true, country: 'jp', seats: 12, bio: 'Analyst' }));
  assert.deepEqual(result.changed, ['name', 'plan', 'tags', 'newsletter', 'country', 'seats', 'bio']);
  await page.waitForFunction(() => JSON.parse(document.querySelector('#state').textContent).bio === 'Analyst');
  const state = JSON.parse(await page.textContent('#state'));
  assert.deepEqual(state, { name: 'Ada Lovelace', plan: 'pro', tags: ['js', 'css'], newsletter: true, country: 'jp', seats: 12, bio: 'Analyst' });
  // React re-renders must not have reverted the DOM.
  assert.equal(await page.inputValue('#n'), 'Ada Lovelace');
  await page.evaluate(() => dehydra.fillForm('signup', { tags: [] }, { submit: true }));
  await page.waitForFunction(() => JSON.parse(document.querySelector('#state').textContent).submitted === true);
  assert.deepEqual(JSON.parse(await page.textContent('#state')).tags, []);
  await page.closeAll();
});
