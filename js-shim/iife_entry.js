// The classic-script bundle: defines globalThis.dehydra and nothing else. A second injection keeps
// the first instance (its element handles and state stay valid). A no-wasm bundle loaded while the
// first instance waits for a core (its page refused WebAssembly) hands its core over instead.
import './ship/iife_guard.js'; // first: a second copy starts no core
import * as api from './index.js';
import createCore, { flavour } from '#core';
import { adoptCore } from './ship/choose_core.js';
import { defineProperty } from './safe_builtins.js';

const existing = globalThis.dehydra;
if (!existing) {
  const dehydra = {};
  for (const key in api) dehydra[key] = api[key]; // not Object.keys: pages replace it
  defineProperty(dehydra, '_adoptCore', { value: adoptCore, enumerable: false });
  defineProperty(globalThis, 'dehydra', { value: dehydra, configurable: true, writable: true, enumerable: false });
} else if (flavour === 'nowasm' && typeof existing._adoptCore === 'function') {
  existing._adoptCore(createCore);
}
