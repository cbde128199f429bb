// A shell session reading a command's words, without a browser: the tool it runs and the
// arguments it gives it, the refusals of bad words and of browser options where they do not
// apply, and the session names it accepts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandAnswer, socketPath } from '../../driver/serve/shell_session.mjs';
import { browserOptions } from '../../driver/browser_options.mjs';

const own = browserOptions({});
// A runTool that records its calls and answers as a tool would.
function recorder() {
  const calls = [];
  const runTool = async (tool, args) => {
    calls.push([tool, args]);
    return { text: `ran ${tool}`, isError: false };
  };
  return { calls, runTool };
}
const answer = (words, r = recorder()) => commandAnswer(r.runTool, { command: words[0], words: words.slice(1) }, own,
  'default');

test('session words: the tool runs with the arguments its shell form gives, out kept for a screenshot', async () => {
  const r = recorder();
  assert.deepEqual(await answer(['click', '4', '--double'], r), { text: 'ran click', isError: false, out: undefined });
  assert.deepEqual(await answer(['screenshot', '--out', 'shot.png'], r), { text: 'ran screenshot', isError: false,
    out: 'shot.png' });
  assert.deepEqual(await answer(['open', 'https://example.com', '--browser', 'chromium'], r),
    { text: 'ran navigate', isError: false, out: undefined });
  assert.deepEqual(r.calls, [['click', { index: 4, count: 2 }], ['screenshot', {}],
    ['navigate', { url: 'https://example.com' }]]);
});

test('session words: bad words, and browser options that cannot apply, are usage answers; nothing runs', async () => {
  const r = recorder();
  for (const [words, message] of [
    [['click', 'four'], /click takes an element number/],
    [['clik', '4'], /unknown command clik \(did you mean click\?\)/],
    [['click', '4', '--viewport', '800x600'], /browser options are taken by the open that starts a session, not by click \(got --viewport\)/],
    [['open', 'https://example.com', '--browser', 'firefox'], /session default is running with other browser options than --browser; .*dehydra close first/],
    [['open', 'https://example.com', '--viewport', 'big'], /--viewport takes WIDTHxHEIGHT/],
  ]) {
    const a = await answer(words, r);
    assert.equal(a.usage, true, words.join(' '));
    assert.equal(a.isError, true, words.join(' '));
    assert.match(a.text, message, words.join(' '));
  }
  assert.deepEqual(r.calls, []);
  const help = await answer(['drag', '--help'], r);
  assert.match(help.text, /^usage: dehydra drag/);
  assert.deepEqual(r.calls, []);
});

test('session names: letters, digits, dot, dash and underscore, at most 64', () => {
  assert.ok(socketPath('work-1.a_b').endsWith('work-1.a_b.sock'));
  for (const bad of ['', '../x', 'a b', 'x'.repeat(65)]) assert.throws(() => socketPath(bad), /session/, JSON.stringify(bad));
});
