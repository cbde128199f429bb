// The CLI's --wait-until / --wait-selector / --wait-timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './helpers/harness.mjs';

function cli(...args) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'dehydra'), ...args], { encoding: 'utf8', timeout: 60000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const fixture = (name) => join(root, 'tests', 'fixtures', ...name.split('/'));

test('--wait-until domstable waits for late content; networkidle and --wait-selector too', () => {
  for (const args of [['--wait-until', 'domstable'], ['--wait-until=networkidle'], ['--wait-selector', '#content button']]) {
    const r = cli(...args, '--timings', fixture('settle/settle_late_render.html'));
    assert.equal(r.code, 0, r.err);
    const m = /wait (\d+) ms \(stable\)/.exec(r.err);
    assert.ok(m, `${args.join(' ')}: ${r.err}`);
    assert.match(r.out, /Ready\nRendered after load\.\n\*?\[0\]<button >Go \/>/, `${args.join(' ')}: the rendered content`);
  }
});

test('--wait-timeout: the page is read anyway and stderr names what still moves', () => {
  const r = cli('--wait-until', 'domstable', '--wait-timeout', '700', fixture('settle/settle_counter.html'));
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /page not stable after \d+ ms; still moving: div#telemetry > span\.count \(\d+ mutations\)/);
  assert.match(r.out, /settle: hidden counter/);
});

test('--no-javascript: the wait is skipped instead of hanging', () => {
  const r = cli('--no-javascript', '--wait-until', 'networkidle', fixture('blank.html'));
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /ignored with --no-javascript/);
});

test('bad wait options are usage errors', () => {
  assert.equal(cli('--wait-until', 'idle', fixture('blank.html')).code, 2);
  assert.equal(cli('--wait-timeout', '0', fixture('blank.html')).code, 2);
  assert.equal(cli('--wait-selector', fixture('blank.html')).code, 2);
  const r = cli('--wait-selector', 'div[', fixture('blank.html'));
  assert.equal(r.code, 1);
  assert.match(r.err, /is not a valid CSS selector/);
});
