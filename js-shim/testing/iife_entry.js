// The test bundle (build/testing/dehydra.iife.js): the classic-script bundle with the test hooks
// as dehydra._testing. Tests and benches that look inside load it; everything else loads dist/.
import '../iife_entry.js';
import { INSTANCE_KEY } from '../load/load_state.js';
import { defineProperty } from '../safe_builtins.js';
import { testingHooks } from './hooks.js';

const api = globalThis[INSTANCE_KEY];
if (api && !api._testing)
  defineProperty(api, '_testing',
  { __proto__: null, value: testingHooks, configurable: true, writable: true, enumerable: false });
