// A short name for an element in messages: <div id=cookie-banner> / <div class=modal-backdrop>.
import { tagOf, attr } from './dom_builtins.js';
import { words } from './safe_text.js';

export function shortName(el) {
  const id = attr(el, 'id');
  const cls = words(attr(el, 'class'))[0];
  return '<' + tagOf(el) + (id ? ' id=' + id : cls ? ' class=' + cls : '') + '>';
}
