// The npm package as a newcomer uses it: `npm pack`, install the tarball into a fresh app (offline:
// the package has no dependencies), bundle the app with esbuild, open it in Chromium, dehydrate.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { root, startServer, launchBrowser, newPage } from './harness.mjs';

const APP_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>npm app</title></head><body>
<h1>My app</h1><nav><a href="/home">Home</a><a href="/cart">Cart</a></nav>
<form><label>Email <input type="email" name="email"></label><button>Subscribe</button></form>
<pre id="out"></pre><script type="module" src="/app.js"></script></body></html>`;
// The README's usage, as an app would write it.
const APP_JS = `import * as dehydra from 'dehydra';
await dehydra.ready;
const state = typeof dehydra.PageController === 'function'
  ? await new dehydra.PageController().getBrowserState()
  : dehydra.snapshot();
document.getElementById('out').textContent = JSON.stringify(state);
`;

let dir, app, server, browser;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dehydra-npm-'));
  const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' });
  const tarball = join(dir, out.trim().split('\n').pop());
  app = join(dir, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', version: '1.0.0', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app, encoding: 'utf8' });
  writeFileSync(join(app, 'main.js'), APP_JS);
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [join(app, 'main.js')], bundle: true, format: 'esm', outfile: join(app, 'app.js'),
    absWorkingDir: app, logLevel: 'silent', target: 'es2022' });
  server = await startServer({
    '/app.html': { body: APP_HTML },
    '/app.js': { body: readFileSync(join(app, 'app.js'), 'utf8'), type: 'text/javascript' },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the built files and no sources', () => {
  const pkg = join(app, 'node_modules', 'dehydra');
  for (const f of ['dist/dehydra.mjs', 'dist/dehydra.iife.js', 'dist/dehydra.nowasm.mjs', 'dist/dehydra.nowasm.iife.js',
    'dist/dehydra.d.ts', 'bin/dehydra', 'README.md', 'package.json']) {
    assert.ok(existsSync(join(pkg, f)), `${f} is in the package`);
  }
  for (const f of ['js-shim', 'dehydrate', 'build', 'node_modules', 'tests']) assert.ok(!existsSync(join(pkg, f)), `${f} is not`);
  // dist is self-contained: no bare #core or relative source imports left.
  const mjs = readFileSync(join(pkg, 'dist', 'dehydra.mjs'), 'utf8');
  assert.doesNotMatch(mjs, /from\s*["'](#core|\.\.?\/)/);
});

test('exports resolve the ES module, the no-wasm module, the IIFE and the types', () => {
  const require = createRequire(join(app, 'main.js'));
  const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'dehydra', 'package.json'), 'utf8'));
  assert.match(require.resolve('dehydra/iife'), /dist\/dehydra\.iife\.js$/);
  assert.match(require.resolve('dehydra/nowasm/iife'), /dist\/dehydra\.nowasm\.iife\.js$/);
  assert.equal(pkg.exports['.'].import, './dist/dehydra.mjs');
  assert.equal(pkg.exports['.'].types, './dist/dehydra.d.ts');
  assert.equal(pkg.exports['./nowasm'].import, './dist/dehydra.nowasm.mjs');
  const types = readFileSync(join(app, 'node_modules', 'dehydra', pkg.exports['.'].types), 'utf8');
  assert.match(types, /export declare const ready: Promise<void>/);
});

test('a fresh app bundled with esbuild dehydrates its page in Chromium', async () => {
  const page = await newPage(browser);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}/app.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.getElementById('out').textContent !== '', null, { timeout: 15000 });
  const state = JSON.parse(await page.textContent('#out'));
  assert.deepEqual(errors, []);
  if ('content' in state) {
    assert.match(state.content, /Subscribe/);
    assert.match(state.content, /\[\d+\]/);
  } else {
    assert.ok(state.elements >= 8, `elements: ${state.elements}`);
  }
  await page.closeAll();
});
