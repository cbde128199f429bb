// Whether the page's scripting is disabled (e.g. Playwright's javaScriptEnabled: false). Then no
// page timer, observer callback or event runs — a wait could never end — and nothing but loading
// can change the DOM. The parser leaves the sign: <noscript> content becomes elements only when
// scripting is disabled. Read from the page's own <noscript> elements (parsing a probe would be a
// Trusted Types sink); a page without any is taken as scripting enabled.
import { queryAll } from './captured.js';

export function scriptingDisabled(doc) {
  const list = queryAll(doc, 'noscript');
  for (let i = 0; i < list.length; i++) if (list[i].firstElementChild !== null) return true;
  return false;
}
