// The core's wasm parts started from modules dehydra compiled itself: fetched beside the bundle
// (wasm_beside.js) or inflated from it (wasm_packed.js). Each part is the Emscripten glue built
// without its inlined wasm; its instantiateWasm hook receives our instance.
import { SafePromise, SafeError, SafeWebAssembly } from '../safe_builtins.js';
import { withPristineWindow } from './pristine_window.js';

// `factories`: {controller, extras: Emscripten factory, or null for a build without extras};
// `load()`: called once, resolves to {controller: WebAssembly.Module, extras: () => WebAssembly.Module}.
// Returns the parts as choose_core.js starts them: `controller(options)` resolves once loaded and
// the controller part is instantiated (again for each fresh memory); `extras(m)` instantiates
// synchronously, because the extras' APIs are synchronous.
export function partsFromModules(factories, load) {
  let loading = null;
  let extrasModule = null;
  const controller = (options) => {
    if (loading === null) loading = load();
    return new SafePromise((resolve, reject) => {
      // The glue's start calls built-ins (Object.assign, Array.prototype.forEach...) that a page
      // may have replaced: its first half runs in choose_core.js's pristine window, its second
      // (the core's constructors, embind's registrations) in this one once instantiated.
      options.instantiateWasm = (imports, receive) => {
        // A start that fails after instantiating rejects `ready` rather than the page's console.
        loading.then((modules) => {
          extrasModule = modules.extras;
          return SafeWebAssembly.instantiate(modules.controller, imports)
            .then((instance) => withPristineWindow(() => receive(instance, modules.controller)));
        }).then(undefined, reject);
        return {};
      };
      factories.controller(options).then(resolve, reject);
    });
  };
  const extras = (m) => {
    if (extrasModule === null) throw new SafeError('its wasm has not been loaded');
    const module = extrasModule();
    m.instantiateWasm = (imports, receive) => {
      const instance = new SafeWebAssembly.Instance(module, imports);
      receive(instance, module);
      return instance.exports;
    };
    return factories.extras(m);
  };
  return { controller, extras: factories.extras ? extras : null };
}
