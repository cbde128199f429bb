// docs/configuration.md names every command-line option and every environment variable the code
// reads: the option tables of the CLI, the options in its help, and each variable read from
// process.env in the JavaScript and ${NAME:-…} in the scripts. Runs on the sources alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { root, sourceFiles } from './source_files.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BROWSER_OPTIONS } from '../../driver/browser_options.mjs';
import { SESSION_OPTIONS } from '../../driver/serve/session_options.mjs';
import { ONE_SHOT_OPTIONS } from '../../bin/once.mjs';
import { TOOL_BY_COMMAND } from '../../driver/tools/index.mjs';

const files = (dir) => sourceFiles(dir, ['.js', '.mjs', '.sh']);

const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
const mcpDoc = readFileSync(join(root, 'docs', 'mcp.md'), 'utf8');


// The options of the session commands are their tools' arguments, in docs/mcp.md's shell table.
const commandOptions = new Set([...TOOL_BY_COMMAND.values()].flatMap((t) => Object.keys(t.shell.options)));

test('every option of the command line is in docs/configuration.md, a session command\'s in docs/mcp.md', () => {
  const help = spawnSync(process.execPath, [join(root, 'bin', 'dehydra'), '--help'], { encoding: 'utf8' }).stdout;
  const helpOptions = [...help.matchAll(/(?<![\w-])--([a-z][a-z-]+)/g)].map((m) => m[1]);
  const tables = [...Object.keys(BROWSER_OPTIONS), ...Object.keys(SESSION_OPTIONS), ...Object.keys(ONE_SHOT_OPTIONS)];
  // Options the help shows as an example value of another (a browser switch) are not dehydra's.
  const missing = [...new Set([...tables, ...helpOptions])].filter((o) => !['lang', 'remote-debugging-port'].includes(o))
    .filter((o) => (commandOptions.has(o) ? !mcpDoc.includes(`--${o}`) : !doc.includes(`\`--${o}`)));
  assert.deepEqual(missing, [], 'options the docs do not name');
});

test('every environment variable the code reads is in docs/configuration.md', () => {
  const names = new Set();
  for (const file of ['driver', 'bin', 'wasm', 'scripts', 'tests', 'bench', '.ci'].flatMap(files)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
    if (file.endsWith('.sh') || file.startsWith('.ci')) for (const m of text.matchAll(/\$\{([A-Z][A-Z0-9_]*):[-=]/g)) names.add(m[1]);
  }
  // NODE_ENV appears only in bundler settings that define it for the page bundles; PATH is read
  // only to find a program, as any shell does.
  names.delete('NODE_ENV');
  names.delete('PATH');
  assert.ok(names.size > 10, `only ${names.size} variables found`);
  const missing = [...names].filter((n) => !doc.includes(`\`${n}\``)).sort();
  assert.deepEqual(missing, [], 'variables docs/configuration.md does not name');
});
