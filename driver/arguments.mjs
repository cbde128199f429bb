// Checks a tool's arguments against its JSON Schema (the subset the tools use) and names every
// problem at once, so a bad call changes nothing and the agent can fix it in one step.
import { ToolError } from './tool_error.mjs';

function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function fits(type, v) {
  const t = typeOf(v);
  return t === type || (type === 'number' && t === 'integer');
}

function shown(v) {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function checkValue(schema, v, path, problems) {
  if (schema.type && !fits(schema.type, v)) {
    const article = schema.type === 'integer' || schema.type === 'array' || schema.type === 'object' ? 'an' : 'a';
    problems.push(`${path} must be ${article} ${schema.type} (got ${shown(v)})`);
    return;
  }
  if (schema.enum && !schema.enum.includes(v))
    problems.push(`${path} must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')} (got ${shown(v)})`);
  if (schema.minimum !== undefined && v < schema.minimum)
    problems.push(`${path} must be at least ${schema.minimum} (got ${shown(v)})`);
  if (schema.exclusiveMinimum !== undefined && v <= schema.exclusiveMinimum)
    problems.push(`${path} must be more than ${schema.exclusiveMinimum} (got ${shown(v)})`);
  if (schema.maximum !== undefined && v > schema.maximum)
    problems.push(`${path} must be at most ${schema.maximum} (got ${shown(v)})`);
  if (schema.minLength !== undefined && v.length < schema.minLength) problems.push(`${path} must not be empty`);
  if (schema.type === 'array') {
    if (schema.minItems !== undefined && v.length < schema.minItems)
      problems.push(`${path} needs at least ${schema.minItems} item(s)`);
    if (schema.items) v.forEach((item, i) => checkValue(schema.items, item, `${path}[${i}]`, problems));
  }
  if (schema.type === 'object' && schema.properties) checkObject(schema, v, path, problems);
}

function checkObject(schema, v, path, problems) {
  for (const key of schema.required || [])
    if (v[key] === undefined) problems.push(`${path ? path + '.' : ''}${key} is required`);
  for (const [key, value] of Object.entries(v)) {
    const p = schema.properties[key];
    const where = path ? `${path}.${key}` : key;
    if (!p) {
      if (schema.additionalProperties === false)
        problems.push(`${where} is not an argument of this tool ` +
          `(it takes ${Object.keys(schema.properties).join(', ') || 'none'})`);
      continue;
    }
    if (value === undefined) continue;
    checkValue(p, value, where, problems);
  }
}

export function checkArguments(tool, args) {
  const a = args === undefined || args === null ? {} : args;
  if (typeOf(a) !== 'object') throw new ToolError(`${tool.name}: the arguments must be an object`);
  const problems = [];
  checkObject(tool.inputSchema, a, '', problems);
  if (problems.length) throw new ToolError(`${tool.name}: bad arguments, nothing was done: ${problems.join('; ')}`);
  return a;
}
