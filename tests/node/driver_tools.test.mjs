// The driver's tools as declared (driver/tools/), without a browser: each is one definition whose
// MCP face, shell form, CLI help and docs rows agree; the one command-line parser and every
// shell form read words as documented, and bad words are usage errors that name the problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { TOOLS, TOOL_BY_COMMAND, INSTRUCTIONS } from '../../driver/tools/index.mjs';
import { parseCommand, commandsHelp } from '../../driver/serve/shell_commands.mjs';
import { SESSION_COMMANDS } from '../../driver/serve/session_options.mjs';
import { parseWords, commandIndex, UsageError } from '../../driver/command_line.mjs';
import { checkArguments } from '../../driver/arguments.mjs';
import { BROWSER_OPTIONS, browserOptions } from '../../driver/browser_options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mcpDoc = readFileSync(join(root, 'docs', 'mcp.md'), 'utf8');

test('every tool: a title, a description, an object schema whose properties are typed and described', () => {
  assert.equal(new Set(TOOLS.map((t) => t.name)).size, TOOLS.length, 'names are unique');
  for (const t of TOOLS) {
    assert.match(t.name, /^[a-z_]+$/);
    assert.ok(t.title && t.description.length > 40, t.name);
    assert.equal(typeof t.handle, 'function', t.name);
    assert.equal(t.inputSchema.additionalProperties, false, t.name);
    for (const [key, p] of Object.entries(t.inputSchema.properties)) assert.ok(p.type && p.description, `${t.name}.${key}`);
    for (const key of t.inputSchema.required) assert.ok(t.inputSchema.properties[key], `${t.name}: required ${key}`);
  }
});

test('docs/mcp.md has a row for every tool naming each argument, and one for every shell command', () => {
  const lines = mcpDoc.split('\n');
  for (const t of TOOLS) {
    const row = lines.find((l) => l.startsWith(`| \`${t.name}\` |`));
    assert.ok(row, `docs/mcp.md has a row for ${t.name}`);
    for (const arg of Object.keys(t.inputSchema.properties)) assert.match(row, new RegExp(`\`${arg}\``), `${t.name}'s row names ${arg}`);
  }
  const shellRows = lines.filter((l) => /^\| `[a-z-]+[ `]/.test(l) && !TOOLS.some((t) => l.startsWith(`| \`${t.name}\` |`)));
  for (const command of TOOL_BY_COMMAND.keys()) {
    assert.ok(shellRows.some((l) => l.includes(`\`${command}`)), `docs/mcp.md's shell table lists ${command}`);
  }
});

test('the CLI\'s help and the MCP instructions come from the definitions', () => {
  const help = spawnSync(process.execPath, [join(root, 'bin', 'dehydra'), '--help'], { encoding: 'utf8' }).stdout;
  assert.ok(help.includes(commandsHelp()));
  for (const command of TOOL_BY_COMMAND.keys()) assert.match(help, new RegExp(`(^|\\s)${command}( |$)`, 'm'), command);
  for (const name of ['click', 'type', 'drag', 'evaluate']) assert.ok(INSTRUCTIONS.includes(name), name);
  const one = spawnSync(process.execPath, [join(root, 'bin', 'dehydra'), 'drag', '--help'], { encoding: 'utf8' });
  assert.equal(one.status, 0);
  assert.match(one.stdout, /^usage: dehydra drag N M \| drag N --dx PX \[--dy PX\]/);
  assert.ok(one.stdout.includes(TOOL_BY_COMMAND.get('drag').description));
});

// Words of each command, the arguments they give; the arguments pass the tool's own schema.
const SHELL_CASES = [
  ['open', ['https://example.com'], { url: 'https://example.com' }],
  ['state', ['--in-viewport', '--max-tokens', '800'], { viewport: true, maxTokens: 800 }],
  ['click', ['4', '--double', '--force'], { index: 4, count: 2, force: true }],
  ['click', ['region "Billing" >> button "Save"'], { locator: 'region "Billing" >> button "Save"' }],
  ['type', ['2', '-5', '--submit'], { index: 2, text: '-5', submit: true }],
  ['type', ['2', '--', '--not-an-option'], { index: 2, text: '--not-an-option' }],
  ['drag', ['3', '--dx', '-30'], { index: 3, dx: -30 }],
  ['drag', ['3', '7'], { index: 3, to: 7 }],
  ['keys', ['Control+a', 'Backspace', '--index=2'], { keys: 'Control+a Backspace', index: 2 }],
  ['scroll', ['left', '--pages', '0.5'], { direction: 'left', pages: 0.5 }],
  ['dialog', ['accept', 'yes'], { accept: true, text: 'yes' }],
  ['dialog', ['dismiss'], { accept: false }],
  ['tabs', ['select', '1'], { action: 'select', index: 1 }],
  ['wait', ['text', 'Done', '--timeout', '500'], { for: 'text', value: 'Done', timeoutMs: 500 }],
  ['fill', ['form_order', '{"name":"Kim"}', '--submit'], { tool: 'form_order', input: { name: 'Kim' }, submit: true }],
  ['eval', ['(el) => el.id', '--index', '3'], { function: '(el) => el.id', index: 3 }],
  ['screenshot', ['--full', '--out', 'shot.png'], { fullPage: true }],
  ['forward', [], {}],
  ['find', ['/Item \\d+/i', '--around', '2'], { text: '/Item \\d+/i', around: 2 }],
  ['state', ['--within', '12'], { within: 12 }],
  ['more', [], {}],
  ['save-state', ['state.json'], { path: 'state.json' }],
  ['batch', ['[{"tool": "state"}]'], { steps: [{ tool: 'state' }] }],
  ['reload', [], {}],
];

test('shell forms: the words become the tool\'s arguments, which its schema accepts', () => {
  for (const [command, words, args] of SHELL_CASES) {
    const call = parseCommand(command, words);
    assert.deepEqual(call.args, args, `${command} ${words.join(' ')}`);
    assert.doesNotThrow(() => checkArguments(TOOL_BY_COMMAND.get(command), call.args), `${command}: the schema takes it`);
  }
  assert.equal(parseCommand('screenshot', ['--out', 'x.png']).values.out, 'x.png');
  assert.equal(parseCommand('state', ['--session', 'two']).values.session, 'two');
});

test('shell forms: bad words are usage errors that say what is wrong', () => {
  for (const [command, words, message] of [
    ['click', ['four'], /click takes an element number from the last state or a locator \(button "Save"\) \(got "four"\)/],
    ['click', [], /^usage: dehydra click N \[--double\] \[--force\]$/],
    ['click', ['1', '--triple'], /unknown option --triple for dehydra click/],
    ['click', ['1', '--force=yes'], /--force takes no value/],
    ['drag', ['3', '--dx', 'far'], /--dx takes a number of CSS pixels/],
    ['drag', ['3', '4', '--dx', '5'], /^usage: dehydra drag/],
    ['resize', ['wide', '500'], /resize takes a whole number/],
    ['wait', ['text'], /^usage: dehydra wait/],
    ['dialog', ['maybe'], /^usage: dehydra dialog/],
    ['fill', ['form', '{name'], /the input must be JSON/],
    ['state', ['--max-tokens'], /--max-tokens needs a value/],
  ]) {
    assert.throws(() => parseCommand(command, words), (e) => e instanceof UsageError && message.test(e.message), `${command} ${words.join(' ')}`);
  }
  assert.throws(() => parseCommand('teleport', []), /unknown command teleport/);
  assert.throws(() => parseCommand('clik', ['4']), /unknown command clik \(did you mean click\?\)/);
  for (const name of Object.keys(SESSION_COMMANDS)) assert.ok(!TOOL_BY_COMMAND.has(name), name);
});

test('the one parser: options anywhere, a valued option before the command, -h as --help', () => {
  const options = { ...BROWSER_OPTIONS, session: { type: 'string' } };
  const words = ['--browser', 'firefox', 'click', '3', '--session', 'click'];
  assert.equal(commandIndex(words, options), 2);
  assert.equal(commandIndex(['--viewport', '800x600'], options), -1);
  const { values, positionals } = parseWords(['-h', '--browser-arg', '--lang=de', '--browser-arg=--mute-audio', 'x'], BROWSER_OPTIONS);
  assert.deepEqual(positionals, ['x']);
  assert.equal(values.help, true);
  assert.deepEqual(values['browser-arg'], ['--lang=de', '--mute-audio']);
});

test('browser options: defaults filled in, bad values refused before any browser starts', () => {
  const o = browserOptions({ viewport: '800x600', 'no-javascript': true });
  assert.deepEqual([o.browser, o.viewport, o.javaScript, o.browserArgs], ['chromium', { width: 800, height: 600 }, false, []]);
  for (const [given, message] of [
    [{ browser: 'netscape' }, /--browser takes chromium or firefox/],
    [{ viewport: 'big' }, /--viewport takes WIDTHxHEIGHT/],
    [{ 'cdp-endpoint': 'localhost:9222' }, /--cdp-endpoint takes an http/],
    [{ 'browser-arg': ['lang=de'] }, /--browser-arg takes a switch/],
    [{ 'cdp-endpoint': 'http://127.0.0.1:9222', browser: 'firefox' }, /does not go with --browser firefox/],
  ]) assert.throws(() => browserOptions(given), message);
});
