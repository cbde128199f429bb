// 网页文树 0.3.0: one application instance (dehydra.createWebTree()). The core decides every rule
// and keeps the handle table; js-shim performs exactly the DOM operations the core allows. The
// methods are grouped by the work they do (*_methods.js) over one instance's state (instance.js).
// Every failure is an Error with the reference host's Chinese message; nothing else escapes.
import { getCore, unwrap } from '../core_module.js';
import { SafeError, SafePromise, reflectApply } from '../safe_builtins.js';
import { METHOD_NAMES } from './method_names.js';
import { WebTreeFailure, createInstance } from './instance.js';
import { handleMethods } from './handle_methods.js';
import { contentMethods } from './content_methods.js';
import { structureMethods } from './structure_methods.js';
import { queryMethods } from './query_methods.js';
import { planMethods } from './plan_methods.js';
import { pageMethods } from './page_methods.js';

const GROUPS = [handleMethods, contentMethods, structureMethods, queryMethods, planMethods, pageMethods];

export function createWebTree() {
  const w = createInstance();
  const api = {};
  for (let g = 0; g < GROUPS.length; g++) {
    const methods = GROUPS[g](w);
    for (let i = 0; i < METHOD_NAMES.length; i++) {
      const name = METHOD_NAMES[i][0];
      const f = methods[name];
      if (f !== undefined) api[name] = f;
    }
  }
  return guarded(api);
}

function asError(e) {
  if (e instanceof WebTreeFailure) return e.error;
  const detail = e && typeof e.message === 'string' ? e.message : 'unknown';
  return new SafeError(unwrap(getCore('extras').webtreeMessage('failed', detail)));
}

// Every method under its Chinese name and its English alias; every failure an Error.
function guarded(api) {
  const out = {};
  for (let i = 0; i < METHOD_NAMES.length; i++) {
    const chinese = METHOD_NAMES[i][0];
    const english = METHOD_NAMES[i][1];
    const f = api[chinese];
    const isAsync = chinese === '读取页面资源文字' || chinese === '装入页面模板';
    const wrapped = isAsync
      ? function asyncMethod(...args) {
        let p;
        try { p = reflectApply(f, api, args); } catch (e) { return SafePromise.reject(asError(e)); }
        return SafePromise.resolve(p).then((v) => v, (e) => { throw asError(e); });
      }
      : function method(...args) {
        try { return reflectApply(f, api, args); } catch (e) { throw asError(e); }
      };
    out[chinese] = wrapped;
    if (english) out[english] = wrapped;
  }
  return out;
}
