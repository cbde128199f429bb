// PageController configuration: Page Agent's keys with its defaults, plus dehydra's own switches.
// The defaults of what the core reads (viewportExpansion, keepSemanticTags, pageAgentCompat,
// maxElementText, maxBareText, stableIndices, diff, maxTokens) are the core's
// (dehydrate/index/options.hpp): a key left unset is not sent. Their checks stay here because the
// constructor must refuse a bad config synchronously, before the core is ready, and must judge JS
// values (NaN, a non-array) that JSON cannot carry to the core.
import { SafeError, ownKeys } from '../safe_builtins.js';
import { checkOptions } from '../validate.js';
import { checkSettle } from '../settle/state_options.js';

export const DEFAULT_CONFIG = {
  interactiveBlacklist: [],     // Elements (or functions returning one) never indexed
  interactiveWhitelist: [],     // Elements (or functions returning one) always indexed when visible
  includeAttributes: [],        // extra attribute names or `*` globs, printed before the defaults
  highlightOpacity: 0,
  highlightLabelOpacity: 0.1,
  enableMask: false,
  // dehydra's own
  highlight: true,              // draw numbered boxes over indexed elements
  settle: null,                 // waitForStable options (or true) awaited before each getBrowserState
  actionSettleMs: 500,          // the longest an action waits for the page to settle from it
  elementNames: 'line',         // action messages name the element by 'line' (as Page Agent) or 'index' ([N])
};

function checkNumber(config, key, min) {
  const v = config[key];
  if (v === undefined) return;  // the core's default
  if (typeof v !== 'number' || v !== v || v < min) throw new SafeError(`dehydra: ${key} must be a number >= ${min}`);
}

function checkList(config, key) {
  const v = config[key];
  if (v === null || typeof v !== 'object' || typeof v.length !== 'number')
    throw new SafeError(`dehydra: ${key} must be an array`);
}

// Defaults filled in; bad values are a clear error and change nothing.
export function resolveConfig(config) {
  checkOptions('PageController', config, 'config');
  const out = {};
  const defaults = ownKeys(DEFAULT_CONFIG);
  for (let i = 0; i < defaults.length; i++) out[defaults[i]] = DEFAULT_CONFIG[defaults[i]];
  const given = config ? ownKeys(config) : [];
  for (let i = 0; i < given.length; i++) if (config[given[i]] !== undefined) out[given[i]] = config[given[i]];
  checkNumber(out, 'viewportExpansion', -1);
  checkNumber(out, 'maxElementText', 0);
  checkNumber(out, 'maxBareText', 0);
  checkNumber(out, 'maxTokens', 0);
  checkNumber(out, 'actionSettleMs', 0);
  checkNumber(out, 'highlightOpacity', 0);
  checkNumber(out, 'highlightLabelOpacity', 0);
  checkList(out, 'interactiveBlacklist');
  checkList(out, 'interactiveWhitelist');
  checkList(out, 'includeAttributes');
  if (out.elementNames !== 'line' && out.elementNames !== 'index')
    throw new SafeError("dehydra: elementNames must be 'line' or 'index'");
  out.settle = checkSettle(out.settle, 'settle');
  for (let i = 0; i < out.includeAttributes.length; i++) {
    if (typeof out.includeAttributes[i] !== 'string')
      throw new SafeError('dehydra: includeAttributes must hold strings');
  }
  return out;
}
