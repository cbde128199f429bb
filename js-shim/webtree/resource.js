// Same-origin GET of a page resource for 读取页面资源文字 and 装入页面模板: no redirects, status
// 200 only, at most 2 MiB counted chunk by chunk, strict UTF-8. The core checks the path first.
import { SafePromise, SafeUint8Array } from '../safe_builtins.js';
import { pageHref, pageOrigin } from './dom.js';

const g = globalThis;
const safeFetch = g.fetch;
const SafeURL = g.URL;
const SafeTextDecoder = g.TextDecoder;

// fail(key) must throw the Error for that failure.
export async function fetchResourceText(path, maxBytes, fail) {
  let url;
  try { url = new SafeURL(path, pageHref()); } catch { fail('resource-cross'); }
  if (url.origin !== pageOrigin()) fail('resource-cross');
  let response;
  try {
    response = await safeFetch.call(g, url.href,
      { method: 'GET', redirect: 'error', credentials: 'same-origin', cache: 'no-store' });
  } catch { fail('resource-unavailable'); }
  if (response.status !== 200 || response.redirected || !response.body) fail('resource-unavailable');
  const reader = response.body.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    let step;
    try { step = await reader.read(); } catch { fail('resource-unavailable'); }
    if (step.done) break;
    total += step.value.length;
    if (total > maxBytes) {
      SafePromise.resolve(reader.cancel()).catch(() => {});
      fail('resource-too-large');
    }
    chunks[chunks.length] = step.value;
  }
  const bytes = new SafeUint8Array(total);
  let at = 0;
  for (let i = 0; i < chunks.length; i++) { bytes.set(chunks[i], at); at += chunks[i].length; }
  try {
    return new SafeTextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch { fail('resource-encoding'); }
  return '';
}
