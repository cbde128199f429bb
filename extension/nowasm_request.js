// The no-wasm core for a frame whose page refuses WebAssembly: the content script asks the
// background, which injects dist/extension/nowasm_core.js into that frame's isolated world; the
// script leaves the core's parts there under a symbol. So frames whose pages allow WebAssembly
// never evaluate the 1.5 MB no-wasm core (wasm/core_modules.mjs, writeExtensionCore).
export const NOWASM_CORE = Symbol.for('dehydra.nowasmCore');

// Resolves to the injected core's `nowasmParts(...)` function (build/wasm/core-nowasm-deferred.mjs).
export function injectedNowasmCore() {
  const injected = () => globalThis[NOWASM_CORE];
  if (typeof injected() === 'function') return Promise.resolve(injected());
  return chrome.runtime.sendMessage({ to: 'dehydra-background', type: 'nowasmCore' }).then((answer) => {
    if (answer && answer.error) throw new Error(answer.error);
    if (typeof injected() !== 'function') throw new Error('the extension injected no no-wasm core');
    return injected();
  });
}
