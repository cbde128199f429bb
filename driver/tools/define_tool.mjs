// A tool, declared once: its MCP face (name, title, description, JSON Schema of its input), its
// handler, its bound (boundMs(args), where the default of run_tool.mjs is not enough), whether it
// takes an expectation (`expects`: an action's `expect` argument, expectations.mjs), and its shell
// form. A handler is called (browsing, args, {call}): `call(name, args)` runs another tool as a
// call of its own would run. The MCP server, the shell session, the CLI's help and the docs'
// tables are all read from these declarations.
//
// The shell form: `command` (default: the name, '_' as '-'), `usage` (the words after it),
// `options` ({name: 'boolean'|'string'}), `positionals` ([least, most], or one count), and
// `args(positionals, values)`: the tool's arguments from the words, checked as text here; the
// schema checks them again as the MCP server does.
import { UsageError } from '../command_line.mjs';
import { EXPECT } from '../expectations.mjs';

// A tool that takes an element's `index` (INDEX) takes a `locator` instead (locators.mjs): one of the two
// is required where the index was.
export function defineTool({ name, title, description, params = {}, required = [], handle, shell, boundMs,
  expects = false }) {
  const locates = params.index === INDEX;
  const properties = { ...params, ...(locates ? { locator: LOCATOR } : {}), ...(expects ? { expect: EXPECT } : {}) };
  return {
    name,
    title,
    description,
    inputSchema: { type: 'object', properties, required: required.filter((k) => !(locates && k === 'index')),
      additionalProperties: false },
    handle,
    boundMs,
    expects,
    locates,
    needsElement: locates && required.includes('index'),
    shell: shell && shellForm(name, shell),
  };
}

function shellForm(name, { command, usage = '', options = {}, positionals = 0, args = () => ({}) }) {
  const [least, most] = Array.isArray(positionals) ? positionals : [positionals, positionals];
  const table = Object.fromEntries(Object.entries(options).map(([k, type]) => [k, { type }]));
  return { command: command || name.replace(/_/g, '-'), usage, options: table, least, most, args };
}

// The element's number, as the agent read it in the last state.
export const INDEX = { type: 'integer', minimum: 0,
  description: 'The element\'s number in the last browser state ([N] before its line).' };

const LOCATOR = { type: 'string', minLength: 1,
  description: 'Instead of index: the element by role and name, as `state` with locators: true prints them, e.g. ' +
  'button "Save", region "Billing" >> textbox "City", or css=SELECTOR.' };

export function elementNumber(word, what) {
  if (word === undefined || !/^\d+$/.test(word)) {
    throw new UsageError(`${what} takes an element number from the last state ` +
      `(got ${word === undefined ? 'nothing' : JSON.stringify(word)})`);
  }
  return Number(word);
}

// The element a shell word names: {index} for a number, {locator} for a locator's words.
export function elementWord(word, what) {
  if (word !== undefined && (word.includes('"') || word.startsWith('css='))) return { locator: word };
  if (word === undefined || !/^\d+$/.test(word)) {
    throw new UsageError(`${what} takes an element number from the last state or a locator (button "Save") ` +
      `(got ${word === undefined ? 'nothing' : JSON.stringify(word)})`);
  }
  return { index: Number(word) };
}

// Only the keys whose value is set: an optional argument left out stays out.
export function given(entries) {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== false));
}
