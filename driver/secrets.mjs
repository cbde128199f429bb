// Secrets the model never sees (--secrets FILE, `NAME=value` lines): the agent writes {{NAME}} in a
// tool's arguments and the page receives the value; every answer has each value, and its URL- and
// JSON-escaped forms, put back as {{NAME}} before it leaves the driver.
import { existsSync, readFileSync } from 'node:fs';
import { ToolError } from './tool_error.mjs';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// The secrets of a file: Map NAME -> value. Blank lines and `#` comments are skipped.
export function readSecrets(file) {
  if (!existsSync(file)) throw new ToolError(`no such secrets file: ${file}`);
  const secrets = new Map();
  readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    const at = line.indexOf('=');
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (!NAME.test(name))
      throw new ToolError(`${file}:${i + 1}: a secret is a line NAME=value, NAME of letters, digits and _`);
    const value = line.slice(at + 1);
    if (value.length < 4)
      throw new ToolError(`${file}:${i + 1}: the value of ${name} is shorter than 4 characters, too short to keep ` +
      `out of answers`);
    secrets.set(name, value);
  });
  return secrets;
}

// `args` with {{NAME}} replaced by the value in every string, at any depth.
export function withSecrets(args, secrets) {
  if (!secrets || !secrets.size) return args;
  const fill = (v) => {
    if (typeof v === 'string')
      return v.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g,
      (whole, name) => (secrets.has(name) ? secrets.get(name) : whole));
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(args);
}

// `text` with every secret value (as typed, URL-encoded, JSON-escaped) put back as {{NAME}};
// longer values first, so one that holds another is not cut in two.
export function redact(text, secrets) {
  if (!secrets || !secrets.size || typeof text !== 'string') return text;
  const forms = [];
  for (const [name, value] of secrets) {
    for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]))
      forms.push([form, `{{${name}}}`]);
  }
  forms.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [form, mark] of forms) out = out.split(form).join(mark);
  return out;
}
