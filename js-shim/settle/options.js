// waitForStable's options, checked before anything is installed: a typo or a bad selector is a
// clear Error, never a wait that silently means something else.
import { SafeError, join, jsonStringify, reflectApply, fragmentQueryAll, capturedMethod } from '../safe_builtins.js';
import { getOwnPropertyDescriptor, objectKeys } from './captured.js';
import { isOptionsObject } from '../validate.js';

const KNOWN = ['quietMs', 'timeoutMs', 'network', 'selector', 'ignore'];
const MAX_MS = 2147483647; // setTimeout's limit
const createFragment = capturedMethod('Document', 'createDocumentFragment');

function fail(message) { return new SafeError('dehydra.waitForStable: ' + message); }

function show(v) {
  try { return typeof v === 'string' ? jsonStringify(v) : '' + v; } catch (e) { return typeof v; }
}

function milliseconds(name, value, fallback, min) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || value !== value || value < min || value > MAX_MS) {
    return fail(`${name} must be a number of milliseconds from ${min} to ${MAX_MS} (got ${show(value)})`);
  }
  return value;
}

function checkSelector(doc, name, s) {
  if (typeof s !== 'string' || s.trim() === '')
    return fail(`${name} must be a non-empty CSS selector string (got ${show(s)})`);
  try {
    reflectApply(fragmentQueryAll, reflectApply(createFragment, doc, []), [s]);
  } catch (e) {
    return fail(`${name} ${jsonStringify(s)} is not a valid CSS selector`);
  }
  return null;
}

// Returns {quietMs, timeoutMs, network, selector, ignore} (ignore joined into one selector list or
// null), or an Error.
export function readOptions(options, doc) {
  if (options === undefined || options === null) options = {};
  if (!isOptionsObject(options) || getOwnPropertyDescriptor(options, 'length')) {
    return fail(`options must be an object like {quietMs: 500} (got ${show(options)})`);
  }
  const keys = objectKeys(options);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    let known = false;
    for (let i = 0; i < KNOWN.length; i++) if (KNOWN[i] === key) known = true;
    if (!known) return fail(`unknown option ${jsonStringify(key)} (known: ${join(KNOWN, ', ')})`);
  }
  const quietMs = milliseconds('quietMs', options.quietMs, 500, 0);
  if (quietMs instanceof SafeError) return quietMs;
  const timeoutMs = milliseconds('timeoutMs', options.timeoutMs, 10000, 1);
  if (timeoutMs instanceof SafeError) return timeoutMs;
  if (quietMs > timeoutMs)
    return fail(`quietMs (${quietMs}) is longer than timeoutMs (${timeoutMs}): the wait could never succeed`);
  const network = options.network === undefined ? true : options.network;
  if (typeof network !== 'boolean') return fail(`network must be true or false (got ${show(network)})`);
  let selector = null;
  if (options.selector !== undefined) {
    const bad = checkSelector(doc, 'selector', options.selector);
    if (bad) return bad;
    selector = options.selector;
  }
  let ignore = null;
  if (options.ignore !== undefined) {
    const list = typeof options.ignore === 'string' ? [options.ignore] : options.ignore;
    if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
      return fail(`ignore must be a selector or an array of selectors (got ${show(options.ignore)})`);
    }
    const parts = [];
    for (let i = 0; i < list.length; i++) {
      const bad = checkSelector(doc, `ignore[${i}]`, list[i]);
      if (bad) return bad;
      parts[parts.length] = list[i];
    }
    if (parts.length > 0) ignore = join(parts, ', ');
  }
  return { quietMs, timeoutMs, network, selector, ignore };
}
