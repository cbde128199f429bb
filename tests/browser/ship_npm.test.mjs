// The npm package as a newcomer uses it: `npm pack` (its prepack builds dist/), the tarball installed
// into an empty folder, then each way in: `npx dehydra page.html`, an ES-module import bundled with
// esbuild, the IIFE by a script tag, the type declarations under `tsc --noEmit`, and the unpacked
// extension of dist/extension/ loaded into Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { root, startServer, launchBrowser, newPage } from './helpers/harness.mjs';
import { launchWithExtension, openPanelFor, readPanel } from './helpers/extension_harness.mjs';
import { exerciseEverything, EVERY_API, EXTRAS_APIS, PARTS_BEFORE, PARTS_AFTER } from './helpers/ship_exercise.mjs';

const BODY = `<h1>My app</h1><nav><a href="/home">Home</a><a href="/cart">Cart</a></nav>
<form><label>Search <input name="q"></label><button>Go</button></form>`;
const page = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>npm app</title></head><body>
${BODY}<script ${script}></script></body></html>`;
// The README's usage, as an app would write it; the routine then calls every export.
const APP_JS = `import * as dehydra from 'dehydra';
import { exerciseEverything } from ${JSON.stringify(join(root, 'tests', 'browser', 'helpers', 'ship_exercise.mjs'))};
globalThis.dehydra = dehydra;
window.result = exerciseEverything().then((r) => ({ ...r, exports: Object.keys(dehydra) }));
`;
// An app that only lets an agent read and act: the PageController alone, without the core's extras part.
const CONTROLLER_APP_JS = `import * as dehydra from 'dehydra/controller';
import { exerciseEverything } from ${JSON.stringify(join(root, 'tests', 'browser', 'helpers', 'ship_exercise.mjs'))};
globalThis.dehydra = dehydra;
window.result = exerciseEverything({ skip: ${JSON.stringify(EXTRAS_APIS)} }).then((r) => ({ ...r, exports: Object.keys(dehydra) }));
`;
// The same app on dehydra/streaming, bundled with esbuild, the .wasm files copied beside the bundle.
const STREAMING_APP_JS = APP_JS.replace("from 'dehydra';", "from 'dehydra/streaming';");
// The PageController alone with its part's .wasm beside the bundle, built as a bundler that keeps a
// dynamic import as a chunk of its own would (the no-wasm core, fetched only under a strict CSP).
const CONTROLLER_STREAMING_APP_JS = CONTROLLER_APP_JS.replace("from 'dehydra/controller';", "from 'dehydra/controller/streaming';");
// A TypeScript app: the declarations type each call, and a wrong call is refused.
const CONSUMER_TS = `import * as dehydra from 'dehydra';
import * as controllerOnly from 'dehydra/controller';
import * as controllerBeside from 'dehydra/controller/streaming';
import type { BrowserState, FormTool, StableResult, MarkdownArticle, WebTree } from 'dehydra';
await dehydra.ready;
const controller = new dehydra.PageController({ pageAgentCompat: false, maxTokens: 2000 });
const state: BrowserState = await controller.getBrowserState();
const clicked: boolean = (await controller.clickElement(1)).success;
const doubled: boolean = (await controller.clickElement(1, { count: 2, force: true })).success;
const page: string = dehydra.markdown();
const article: MarkdownArticle = dehydra.markdown({ mode: 'article' });
const yaml: string = await dehydra.accessibilityTree({ controller });
const tools: FormTool[] = dehydra.formTools();
const alone = new controllerOnly.PageController({ maxTokens: 2000 });
const aloneState: BrowserState = await alone.getBrowserState();
const besideState: BrowserState = await new controllerBeside.PageController().getBrowserState();
const filled: string[] = dehydra.fillForm(tools[0], { q: 'kettle' }).changed;
const stable: StableResult = await dehydra.waitForStable({ quietMs: 100 });
const tree: WebTree = dehydra.createWebTree();
const handle: string = tree.createNode('p', 'hello', '');
console.log(aloneState.content, besideState.content, state.content, clicked, doubled, page, article.byline, yaml, filled, stable.stable, handle, dehydra.snapshot().elements);
// @ts-expect-error: dehydra/controller has no Markdown
controllerOnly.markdown();
// @ts-expect-error: nor has dehydra/controller/streaming
controllerBeside.formTools();
// @ts-expect-error: markdown has no such mode
dehydra.markdown({ mode: 'summary' });
// @ts-expect-error: indices are numbers
controller.clickElement('1');
// @ts-expect-error: a click counts one or two presses
controller.clickElement(1, { count: 3 });
`;

// Export names the declarations promise: `export declare const|function|class NAME`.
function declaredExports(dts) {
  return [...new Set([...dts.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((m) => m[1]))].sort();
}

function npm(args, cwd) {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

let dir, app, pkg, server, browser;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dehydra-npm-'));
  npm(['pack', '--pack-destination', dir], root);
  const tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz')));
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', version: '1.0.0', private: true, type: 'module' }));
  // From the npm cache when it holds the dependencies (it does after the repository's npm install).
  try { npm(['install', '--offline', tarball], app); } catch { npm(['install', '--prefer-offline', tarball], app); }
  pkg = join(app, 'node_modules', 'dehydra');
  writeFileSync(join(app, 'main.js'), APP_JS);
  writeFileSync(join(app, 'controller.js'), CONTROLLER_APP_JS);
  writeFileSync(join(app, 'streaming.js'), STREAMING_APP_JS);
  writeFileSync(join(app, 'controller-streaming.js'), CONTROLLER_STREAMING_APP_JS);
  const esbuild = await import('esbuild');
  for (const [from, to] of [['main.js', 'app.js'], ['controller.js', 'app-controller.js'], ['streaming.js', 'app-streaming.js']]) {
    await esbuild.build({ entryPoints: [join(app, from)], bundle: true, format: 'esm', outfile: join(app, to),
      absWorkingDir: app, logLevel: 'silent', target: 'es2022' });
  }
  await esbuild.build({ entryPoints: [join(app, 'controller-streaming.js')], bundle: true, format: 'esm', splitting: true,
    outdir: join(app, 'cs'), absWorkingDir: app, logLevel: 'silent', target: 'es2022' });
  const controllerStreaming = {};
  for (const f of readdirSync(join(app, 'cs'))) controllerStreaming[`/cs/${f}`] = { body: readFileSync(join(app, 'cs', f), 'utf8'), type: 'text/javascript' };
  server = await startServer({
    '/esm.html': { body: page('type="module" src="/app.js"') },
    '/app.js': { body: readFileSync(join(app, 'app.js'), 'utf8'), type: 'text/javascript' },
    '/controller.html': { body: page('type="module" src="/app-controller.js"') },
    '/app-controller.js': { body: readFileSync(join(app, 'app-controller.js'), 'utf8'), type: 'text/javascript' },
    '/streaming.html': { body: page('type="module" src="/app-streaming.js"') },
    '/app-streaming.js': { body: readFileSync(join(app, 'app-streaming.js'), 'utf8'), type: 'text/javascript' },
    '/dehydra.controller.wasm': { body: readFileSync(join(pkg, 'dist', 'dehydra.controller.wasm')), type: 'application/wasm' },
    '/dehydra.extras.wasm': { body: readFileSync(join(pkg, 'dist', 'dehydra.extras.wasm')), type: 'application/wasm' },
    '/controller-streaming.html': { body: page('type="module" src="/cs/controller-streaming.js"') },
    ...controllerStreaming,
    '/cs/dehydra.controller.wasm': { body: readFileSync(join(pkg, 'dist', 'dehydra.controller.wasm')), type: 'application/wasm' },
    '/iife.html': { body: page('src="/dehydra.iife.js"') },
    '/plain.html': { body: page('') },
    '/dehydra.iife.js': { body: readFileSync(join(pkg, 'dist', 'dehydra.iife.js'), 'utf8'), type: 'text/javascript' },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the built files, the CLI and the licence, and no sources', () => {
  for (const f of ['dist/dehydra.mjs', 'dist/dehydra.controller.mjs', 'dist/dehydra.controller.d.ts', 'dist/dehydra.iife.js', 'dist/dehydra.nowasm.mjs', 'dist/dehydra.nowasm.iife.js',
    'dist/dehydra.auto.iife.js', 'dist/dehydra.streaming.mjs', 'dist/dehydra.controller.streaming.mjs', 'dist/dehydra.controller.wasm', 'dist/dehydra.extras.wasm', 'dist/dehydra.d.ts', 'bin/dehydra', 'bin/once.mjs', 'driver/tools/index.mjs', 'driver/tools/actions.mjs', 'driver/command_line.mjs', 'driver/serve/mcp_server.mjs', 'driver/serve/shell_session.mjs', 'README.md', 'LICENSE', 'package.json']) {
    assert.ok(existsSync(join(pkg, f)), `${f} is in the package`);
  }
  for (const f of ['js-shim', 'extension', 'dehydrate', 'build', 'node_modules', 'tests']) assert.ok(!existsSync(join(pkg, f)), `${f} is not`);
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  assert.match(readFileSync(join(pkg, 'LICENSE'), 'utf8'), new RegExp(`^${manifest.license} License`));
  // dist is self-contained: no bare #core or relative source imports left.
  assert.doesNotMatch(readFileSync(join(pkg, 'dist', 'dehydra.mjs'), 'utf8'), /from\s*["'](#core|\.\.?\/)/);
  // The packed bundle is the one the repository builds (prepack ran on the current sources).
  assert.equal(readFileSync(join(pkg, 'dist', 'dehydra.mjs'), 'utf8'), readFileSync(join(root, 'dist', 'dehydra.mjs'), 'utf8'));
});

// The files an unpacked extension loads besides its manifest: the service worker, the side panel
// page, the scripts the worker imports and injects, and the scripts and styles its pages link.
function filesTheExtensionLoads(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const files = new Set([manifest.background.service_worker, manifest.side_panel.default_path]);
  const quoted = (text) => [...text.matchAll(/'([\w.-]+)'/g)].map((m) => m[1]);
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (f.endsWith('.js')) {
      for (const m of text.matchAll(/importScripts\(([^)]*)\)|files: \[([^\]]*)\]/g)) quoted(m[1] || m[2]).forEach((n) => files.add(n));
    } else if (f.endsWith('.html')) {
      for (const m of text.matchAll(/(?:src|href)="([\w.-]+\.(?:js|css|html))"/g)) files.add(m[1]);
    }
  }
  return [...files].sort();
}

test('the tarball holds the unpacked extension, and Chromium loads it: its side panel reads a page', async () => {
  const extension = join(pkg, 'dist', 'extension');
  const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8'));
  assert.equal(manifest.manifest_version, 3);
  const files = filesTheExtensionLoads(extension);
  for (const f of ['background.js', 'bridge.js', 'content.js', 'inject.js', 'nowasm_core.js', 'pair.html', 'panel.html', 'panel.js']) {
    assert.ok(files.includes(f), `the extension loads ${f} (${files.join(' ')})`);
  }
  for (const f of files) assert.ok(existsSync(join(extension, f)), `${f} is in the package's dist/extension/`);
  const ext = await launchWithExtension(extension);
  try {
    const { panel } = await openPanelFor(ext, `${server.origin}/plain.html`);
    const shown = await readPanel(panel);
    assert.match(shown.state, /\[\d+\]<input[^\n]*name=q/, shown.status);
  } finally {
    await ext.close();
  }
});

test('exports resolve the ES module, the no-wasm module, the IIFE and the types', () => {
  const require = createRequire(join(app, 'main.js'));
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  assert.match(require.resolve('dehydra/iife'), /dist\/dehydra\.iife\.js$/);
  assert.match(require.resolve('dehydra/nowasm/iife'), /dist\/dehydra\.nowasm\.iife\.js$/);
  assert.match(require.resolve('dehydra/auto/iife'), /dist\/dehydra\.auto\.iife\.js$/);
  assert.equal(manifest.exports['.'].import, './dist/dehydra.mjs');
  assert.equal(manifest.exports['.'].types, './dist/dehydra.d.ts');
  assert.equal(manifest.exports['./nowasm'].import, './dist/dehydra.nowasm.mjs');
  assert.equal(manifest.exports['./streaming'].import, './dist/dehydra.streaming.mjs');
  assert.match(require.resolve('dehydra/controller/streaming'), /dist\/dehydra\.controller\.streaming\.mjs$/);
  assert.equal(manifest.exports['./controller/streaming'].types, './dist/dehydra.controller.d.ts');
  assert.deepEqual(Object.keys(manifest.dependencies).sort(),
    ['@modelcontextprotocol/sdk', 'pdfjs-dist', 'playwright-core', 'puppeteer-core', 'ws'],
    'the CLI\'s browser drivers, the MCP SDK, the PDF reader and the extension\'s WebSocket, and nothing else');
});

test('npx dehydra page.html prints the page\'s state', () => {
  writeFileSync(join(app, 'page.html'), page(''));
  const out = execFileSync('npx', ['--no', 'dehydra', 'page.html'], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.match(out, /\[\d+\]<input[^\n]*name=q/);
  assert.match(out, /\[\d+\]<button[^\n]*Go/);
  assert.match(out, /\[\d+\]<a[^\n]*Cart/);
});

test('the installed dehydra mcp answers the SDK\'s client', async () => {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({ name: 'ship-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(pkg, 'bin', 'dehydra'), 'mcp'], cwd: app, stderr: 'pipe' }));
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'navigate'));
    const r = await client.callTool({ name: 'navigate', arguments: { url: join(app, 'page.html') } });
    assert.match(r.content[0].text, /\[\d+\]<input[^\n]*name=q/);
  } finally {
    await client.close();
  }
});

for (const [how, path] of [['an ES-module import bundled with esbuild', '/esm.html'], ['the IIFE by a script tag', '/iife.html'],
  ['dehydra/streaming bundled with esbuild, its .wasm files beside the bundle', '/streaming.html']]) {
  test(`${how}: every export works in Chromium and matches the declarations`, async () => {
    const p = await newPage(browser);
    const errors = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(server.origin + path, { waitUntil: 'load' });
    const r = path !== '/iife.html'
      ? await p.evaluate(() => window.result)
      : await p.evaluate(exerciseEverything).then(async (x) => ({ ...x, exports: await p.evaluate(() => Object.keys(globalThis.dehydra)) }));
    await p.closeAll();
    assert.deepEqual(errors, []);
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.used, EVERY_API);
    assert.deepEqual([r.partsBefore, r.partsAfter], [PARTS_BEFORE, PARTS_AFTER]);
    assert.equal(r.flavour, 'wasm');
    const declared = declaredExports(readFileSync(join(pkg, 'dist', 'dehydra.d.ts'), 'utf8'));
    assert.deepEqual(r.exports.slice().sort(), declared, 'runtime exports = declared exports');
  });
}

// An app page's routine result, the page's errors, and the .wasm and no-wasm files it fetched.
async function appResult(path) {
  const p = await newPage(browser);
  const errors = [];
  const fetched = [];
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('request', (q) => { if (/\.wasm$|nowasm/.test(q.url())) fetched.push(new URL(q.url()).pathname); });
  await p.goto(server.origin + path, { waitUntil: 'load' });
  const r = await p.evaluate(() => window.result);
  await p.closeAll();
  return { r, errors, fetched };
}

// The PageController's APIs all ran without a page error, and the extras part's are not exported.
function assertControllerOnly({ r, errors }) {
  assert.deepEqual(errors, []);
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.used, EVERY_API.filter((n) => !EXTRAS_APIS.includes(n)));
  assert.deepEqual([r.partsBefore, r.partsAfter], [PARTS_BEFORE, PARTS_BEFORE]);
  for (const n of EXTRAS_APIS) assert.ok(!r.exports.includes(n), `${n} is not exported`);
}

test("dehydra/controller: the PageController's APIs work without the extras part, from a bundle half the size", async () => {
  assertControllerOnly(await appResult('/controller.html'));
  // The same app code with the whole package: the extras part and its APIs are what the difference holds.
  const gz = (f) => gzipSync(readFileSync(join(app, f))).length;
  assert.ok(gz('app-controller.js') < 0.6 * gz('app.js'), `${gz('app-controller.js')} vs ${gz('app.js')} bytes gzip`);
});

test("dehydra/controller/streaming: the PageController's APIs work, only the controller part's .wasm is fetched, the module carries no wasm", async () => {
  const result = await appResult('/controller-streaming.html');
  assertControllerOnly(result);
  assert.equal(result.r.flavour, 'wasm');
  assert.deepEqual(result.fetched, ['/cs/dehydra.controller.wasm']);
  const gz = (f) => gzipSync(readFileSync(join(pkg, 'dist', f))).length;
  assert.doesNotMatch(readFileSync(join(pkg, 'dist', 'dehydra.controller.streaming.mjs'), 'utf8'), /"H4sI|base64,AGFzbQ/);
  // The one-file form is this module plus its wasm packed in: the wasm's weight is what it saves.
  assert.ok(gz('dehydra.controller.streaming.mjs') + 0.9 * gz('dehydra.controller.wasm') < gz('dehydra.controller.mjs'),
    `${gz('dehydra.controller.streaming.mjs')} + ${gz('dehydra.controller.wasm')} vs ${gz('dehydra.controller.mjs')} bytes gzip`);
});

test('the type declarations check a TypeScript consumer (tsc --noEmit)', () => {
  writeFileSync(join(app, 'consumer.ts'), CONSUMER_TS);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'],
      strict: true, noEmit: true, types: [], skipLibCheck: false },
    files: ['consumer.ts'],
  }));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(app, 'tsconfig.json')], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    assert.fail(`tsc: ${e.stdout}${e.stderr}`);
  }
});
