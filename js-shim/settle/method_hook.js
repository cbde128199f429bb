// A method of a page object (window.fetch, XMLHttpRequest.prototype.send, ...) replaced by a
// wrapper only while some wait needs it.
//
// acquire() installs the wrapper on the first user; release() by the last user puts the original
// back, so between waits `owner[key]` is the page's own function again (identity restored). If the
// page replaced or wrapped ours meanwhile, ours cannot be taken out of its chain: it stays, but its
// generation is over and it forwards every call untouched (neutral), returning what the original
// returns. The wrapper keeps the original's name and length; its toString differs while installed.
import { reflectApply } from '../safe_builtins.js';
import { getOwnPropertyDescriptor, defineProperty } from './captured.js';
import { count } from './live_count.js';

export class MethodHook {
  // makeWrapper(original, isLive) returns the replacement; isLive() says whether to track this call.
  constructor(owner, key, makeWrapper) {
    this.owner = owner;
    this.key = key;
    this.makeWrapper = makeWrapper;
    this.users = 0;
    this.generation = 0;
    this.installed = null;
  }

  // Returns whether the wrapper is in place (false when the page made the property unwritable).
  acquire() {
    this.users += 1;
    if (this.users === 1) this.install();
    return this.installed !== null;
  }

  release() {
    if (this.users === 0) return;
    this.users -= 1;
    if (this.users === 0 && this.installed !== null) this.remove();
  }

  install() {
    const owner = this.owner;
    if (!owner) return;
    const d = getOwnPropertyDescriptor(owner, this.key);
    if (!d || typeof d.value !== 'function' || (!d.writable && !d.configurable)) return;
    const gen = ++this.generation;
    const original = d.value;
    const hook = this;
    const wrapper = this.makeWrapper(original, () => hook.generation === gen);
    try {
      defineProperty(wrapper, 'name', { __proto__: null, value: original.name, configurable: true });
      defineProperty(wrapper, 'length', { __proto__: null, value: original.length, configurable: true });
      defineProperty(owner, this.key,
        { __proto__: null, value: wrapper, writable: d.writable, enumerable: d.enumerable,
        configurable: d.configurable });
    } catch (e) {
      this.generation += 1;
      return; // a frozen or proxied owner: do without this hook
    }
    this.installed = { wrapper, original };
    count('hooks', 1);
  }

  remove() {
    const { wrapper, original } = this.installed;
    this.installed = null;
    this.generation += 1; // the wrapper turns neutral whether or not it can be taken out
    count('hooks', -1);
    const d = getOwnPropertyDescriptor(this.owner, this.key);
    if (d && d.value === wrapper) {
      try {
        defineProperty(this.owner, this.key,
          { __proto__: null, value: original, writable: d.writable, enumerable: d.enumerable,
          configurable: d.configurable });
      } catch (e) { /* stays neutral */ }
    }
  }
}

// A wrapper function of the usual shape: forwards `this` and arguments, and calls `around` only
// while live. around(original, self, args) must return what the call returns.
export function forwarding(original, isLive, around) {
  return {
    wrapper(...args) {
      if (!isLive()) return reflectApply(original, this, args);
      return around(original, this, args);
    },
  }.wrapper;
}
