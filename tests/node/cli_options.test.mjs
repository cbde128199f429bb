// The CLI's own options, without a browser: the one-shot mode's words (bin/once.mjs), the wait
// they ask of the page, `dehydra mcp`'s HTTP settings (bin/mcp_options.mjs), and the CLI itself
// refusing bad words with exit code 2 before it loads a browser or reaches a session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './source_files.mjs';
import { parseOneShot, settleOptions } from '../../bin/once.mjs';
import { httpSettings } from '../../bin/mcp_options.mjs';
import { UsageError } from '../../driver/command_line.mjs';

test('one-shot words: defaults, every option read, browser options passed on', () => {
  const plain = parseOneShot(['https://example.com']);
  assert.deepEqual({ ...plain, browser: undefined }, { format: 'text', timings: false, waitUntil: 'load',
    waitSelector: null, waitTimeout: 10000, target: 'https://example.com', browser: undefined });
  assert.equal(plain.browser.browser, 'chromium');
  const o = parseOneShot(['--format', 'json', 'page.html', '--wait-until=networkidle', '--wait-selector', '#done',
    '--wait-timeout', '500', '--timings', '--browser', 'firefox']);
  assert.deepEqual([o.format, o.target, o.waitUntil, o.waitSelector, o.waitTimeout, o.timings, o.browser.browser],
    ['json', 'page.html', 'networkidle', '#done', 500, true, 'firefox']);
});

test('one-shot words: bad ones are usage errors that say what is wrong', () => {
  for (const [words, message] of [
    [['--format', 'pdf', 'a.html'], /unknown format pdf \(one of text, json, markdown, webtree, aria, tools\)/],
    [['--wait-until', 'idle', 'a.html'], /--wait-until takes load, domstable, networkidle \(got idle\)/],
    [['--wait-timeout', '0', 'a.html'], /--wait-timeout takes a number of milliseconds \(got 0\)/],
    [['--wait-timeout', '1.5', 'a.html'], /--wait-timeout takes a number of milliseconds/],
    [['--wait-selector', ' ', 'a.html'], /--wait-selector needs a CSS selector/],
    [['--wait-selector'], /--wait-selector needs a value/],
    [['a.html', 'b.html'], /one page at a time \(got a.html and b.html\)/],
    [[], /no page given/],
    [['--extension', 'a.html'], /--extension goes with dehydra mcp and dehydra open/],
    [['--colour', 'a.html'], /unknown option --colour for dehydra URL/],
    [['--viewport', 'big', 'a.html'], /--viewport takes WIDTHxHEIGHT/],
  ]) {
    assert.throws(() => parseOneShot(words), (e) => e instanceof UsageError && message.test(e.message), words.join(' '));
  }
});

test('one-shot wait: none after load alone, else what waitForStable is asked', () => {
  const wait = (words) => settleOptions(parseOneShot([...words, 'a.html']));
  assert.equal(wait([]), null);
  assert.deepEqual(wait(['--wait-until', 'domstable']), { timeoutMs: 10000, network: false });
  assert.deepEqual(wait(['--wait-until', 'networkidle', '--wait-timeout', '700']), { timeoutMs: 700, network: true });
  assert.deepEqual(wait(['--wait-selector', '.ready']), { timeoutMs: 10000, network: false, quietMs: 0, selector: '.ready' });
});

test('mcp: stdio without --http; over HTTP the defaults, a shared context where the browser is one', () => {
  assert.equal(httpSettings({}), null);
  assert.deepEqual(httpSettings({ http: '8931' }),
    { host: '127.0.0.1', port: 8931, shared: false, maxClients: 16, idleMs: 1800000 });
  assert.deepEqual(httpSettings({ http: '0', host: '0.0.0.0', 'max-clients': '2', 'idle-timeout': '60' }),
    { host: '0.0.0.0', port: 0, shared: false, maxClients: 2, idleMs: 60000 });
  for (const shared of [{ 'shared-context': true }, { 'cdp-endpoint': 'http://127.0.0.1:9222' },
    { 'user-data-dir': 'profile' }, { extension: true }]) {
    assert.equal(httpSettings({ http: '1', ...shared }).shared, true, JSON.stringify(shared));
  }
});

test('mcp: bad HTTP settings are usage errors', () => {
  for (const [values, message] of [
    [{ http: '70000' }, /--http takes a port number/],
    [{ http: 'eighty' }, /--http takes a port number/],
    [{ http: '1', 'max-clients': '0' }, /--max-clients takes a whole number of at least 1 \(got 0\)/],
    [{ http: '1', 'idle-timeout': '-5' }, /--idle-timeout takes a whole number of at least 1/],
    [{ host: '0.0.0.0' }, /go with --http/],
    [{ 'max-clients': '3' }, /go with --http/],
  ]) {
    assert.throws(() => httpSettings(values), (e) => e instanceof UsageError && message.test(e.message), JSON.stringify(values));
  }
});

// A session name no other run uses, so a command can only find no session and answer here.
const env = { ...process.env, DEHYDRA_SESSION: `cli-options-test-${process.pid}`, CHROMIUM: '/nonexistent/chromium' };
const cli = (...args) => spawnSync(process.execPath, [join(root, 'bin', 'dehydra'), ...args], { encoding: 'utf8', env });

test('the CLI: bad words exit with code 2 and the message, before any browser or session', () => {
  for (const [args, message] of [
    [['--format', 'pdf', 'a.html'], /dehydra: unknown format pdf/],
    [['mcp', '--http', '70000'], /dehydra: --http takes a port number/],
    [['mcp', 'extra'], /dehydra: dehydra mcp takes no other words \(got extra\)/],
    [['clik', '4'], /dehydra: unknown command clik \(did you mean click\?\)/],
    [['click', 'four'], /dehydra: click takes an element number from the last state or a locator/],
    [['click', '4', '--browser', 'firefox'], /dehydra: browser options are taken by the open that starts a session, not by click/],
    [['close', '--bogus'], /dehydra: unknown option --bogus for dehydra close/],
    [['replay'], /dehydra: usage: dehydra replay FILE/],
    [['open', 'https://example.com', '--viewport', 'big'], /dehydra: --viewport takes WIDTHxHEIGHT/],
  ]) {
    const r = cli(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
});
