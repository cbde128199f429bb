// The one command-line parser: every mode of the CLI and every shell command reads its words
// through parseWords, which is Node's util.parseArgs with two conventions of ours: options are
// long (--name, --name=value, --name value) and a value may start with a dash (--dx -30), and any
// other word is a positional, a dash-led one included (type 3 -5). -h is --help.
import { parseArgs } from 'node:util';

// Bad usage: the CLI's exit code 2, the message whole.
export class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

// Orders the words for parseArgs: the options (a valued one joined to its value), then `--`, then
// the positionals in their order.
function arrange(words, options) {
  const flags = [];
  const positionals = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] === '-h' ? '--help' : words[i];
    if (w === '--') { positionals.push(...words.slice(i + 1)); break; }
    if (!/^--[^-]/.test(w)) { positionals.push(w); continue; }
    const name = w.slice(2).split('=')[0];
    if (options[name]?.type === 'string' && !w.includes('=')) {
      if (i + 1 >= words.length) throw new UsageError(`--${name} needs a value`);
      flags.push(`--${name}=${words[++i]}`);
    } else flags.push(w);
  }
  return [...flags, '--', ...positionals];
}

// `options`: parseArgs' table ({name: {type: 'string'|'boolean', multiple?}}). Resolves
// {values, positionals}; a word that fits no option is a UsageError naming it, unless `loose`
// (the options of `options` read, any other taken as given).
export function parseWords(words, options, what = 'this command', loose = false) {
  const table = { help: { type: 'boolean' }, ...options };
  try {
    return parseArgs({ args: arrange(words, table), options: table, allowPositionals: true, strict: !loose });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const name = /'(--?[^' ]+)/.exec(e.message)?.[1] || '';
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${name} for ${what}`);
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${name} takes no value`);
    throw new UsageError(e.message.split('\n')[0]);
  }
}

// Where the first positional of `words` (the command) stands, reading past options as `options`
// types them: its index in `words`, or -1.
export function commandIndex(words, options) {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '--') return i + 1 < words.length ? i + 1 : -1;
    if (!/^--[^-]/.test(w)) { if (w !== '-h') return i; continue; }
    if (options[w.slice(2).split('=')[0]]?.type === 'string' && !w.includes('=')) i++;
  }
  return -1;
}

// Values that the words give as text, checked: a whole number, a number, one of a list.
export function wholeNumber(word, what) {
  if (word === undefined || !/^\d+$/.test(word))
    throw new UsageError(`${what} takes a whole number${word === undefined ? '' : ` (got ${JSON.stringify(word)})`}`);
  return Number(word);
}

export function decimal(word, what) {
  if (!/^-?\d+(\.\d+)?$/.test(word)) throw new UsageError(`${what} takes a number`);
  return Number(word);
}
