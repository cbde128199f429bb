// The classic-script bundle: defines globalThis.dehydra and nothing else. A second injection keeps
// the first instance (its element handles and state stay valid).
import * as api from './index.js';

if (!globalThis.dehydra) {
  const dehydra = {};
  for (const key of Object.keys(api)) dehydra[key] = api[key];
  Object.defineProperty(globalThis, 'dehydra', { value: dehydra, configurable: true, writable: true, enumerable: false });
}
