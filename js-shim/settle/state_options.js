// PageController's settle hooks: the `settle` config key (a wait before every getBrowserState) and
// getBrowserState's own options {boxes, settle}. Checked eagerly so a bad value is a clear error
// before anything runs.
import { isOptionsObject } from '../validate.js';
import { SafeError } from '../safe_builtins.js';
import { objectKeys } from './captured.js';
import { readOptions } from './options.js';
import { waitForStable } from './wait_for_stable.js';

// null (no wait) or waitForStable options; `true` means the defaults. Throws on anything else.
export function checkSettle(value, where) {
  if (value === undefined || value === null || value === false) return null;
  const options = value === true ? {} : value;
  const checked = readOptions(options, globalThis.document);
  if (checked instanceof SafeError) throw new SafeError(`dehydra: ${where}: ${checked.message}`);
  return options;
}

const STATE_KEYS = ['boxes', 'settle'];

// {boxes, settle} where settle is undefined when the call does not override the config.
export function readStateOptions(options) {
  if (options === undefined || options === null) return { boxes: false, settle: undefined };
  if (!isOptionsObject(options))
    throw new SafeError('dehydra: getBrowserState options must be an object like {boxes: true}');
  const keys = objectKeys(options);
  for (let i = 0; i < keys.length; i++) {
    let known = false;
    for (let k = 0; k < STATE_KEYS.length; k++) if (STATE_KEYS[k] === keys[i]) known = true;
    if (!known) throw new SafeError(`dehydra: getBrowserState: unknown option "${keys[i]}" (known: boxes, settle)`);
  }
  if (options.boxes !== undefined && typeof options.boxes !== 'boolean')
    throw new SafeError('dehydra: getBrowserState: boxes must be true or false');
  const settle = options.settle === undefined ? undefined : checkSettle(options.settle, 'getBrowserState settle');
  return { boxes: options.boxes === true, settle };
}

// Waits as asked (null: not at all). Resolves with the wait's result or null.
export async function settleFirst(options) {
  if (options === null || options === undefined) return null;
  return waitForStable(options);
}
