// The text of CSS generated content: a ::before / ::after `content` value as getComputedStyle
// serializes it (strings quoted, attr() already resolved). Strings count; counters, quotes and
// images do not; text after a "/" is the alternative text and replaces the rest (CSS Content 3),
// as Chromium names it. Private-use characters (icon-font glyphs) are dropped: they say nothing.
import { fromCodePoint, charCodeAt, regexTest } from '../safe_builtins.js';

const HEX = /[0-9a-fA-F]/;

function isPrivateUse(cp) { return (cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000; }

// Reads the quoted string starting at `value[i]` (a quote). Returns the index after it; the text
// goes to `out.text`.
function readString(value, i, out) {
  const quote = value[i++];
  let text = '';
  while (i < value.length && value[i] !== quote) {
    const unit = charCodeAt(value, i);
    if (unit === 0x5C && i + 1 < value.length) {  // a backslash escape
      i++;
      let hex = '';
      while (hex.length < 6 && i < value.length && regexTest(HEX, value[i])) hex += value[i++];
      if (hex === '') { text += value[i++]; continue; }
      if (value[i] === ' ') i++;
      const cp = +('0x' + hex);
      if (!isPrivateUse(cp)) text += cp === 0 || cp > 0x10FFFF ? '\uFFFD' : fromCodePoint(cp);
      continue;
    }
    if (unit >= 0xDB80 && unit <= 0xDBFF) { i += 2; continue; }  // planes 15 and 16: private use
    if (!isPrivateUse(unit)) text += value[i];
    i++;
  }
  out.text = text;
  return i + 1;
}

const scratch = { text: '' };

// The text of a computed `content` value ('' for none, normal and values without strings).
export function contentText(value) {
  let text = '';
  let depth = 0;  // inside a function's parentheses (url("..."), counters(n, ".")): skipped
  for (let i = 0; i < value.length;) {
    const c = value[i];
    if (c === '"' || c === "'") {
      i = readString(value, i, scratch);
      if (depth === 0) text += scratch.text;
    } else if (c === '(') { depth++; i++; }
    else if (c === ')') { if (depth > 0) depth--; i++; }
    else if (c === '/' && depth === 0) { text = ''; i++; }  // the alternative text follows
    else i++;
  }
  return text;
}
