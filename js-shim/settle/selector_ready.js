// Whether a selector matches a visible element of the document: a non-empty box and not
// visibility:hidden (opacity is not considered, as in Playwright's notion of visible).
import { queryAll, rectOf, checkVisibility } from './captured.js';

const MAX_CANDIDATES = 1000;

export function hasVisibleMatch(doc, selector) {
  const list = queryAll(doc, selector);
  const n = list.length < MAX_CANDIDATES ? list.length : MAX_CANDIDATES;
  for (let i = 0; i < n; i++) {
    const el = list[i];
    const r = rectOf(el);
    if (r.width > 0 && r.height > 0 && checkVisibility(el)) return true;
  }
  return false;
}
