// Which option the agent meant: trimmed text (whitespace collapsed) equal to what it asked for,
// else the first case-insensitive match. A handful of candidates per action, so plain JS.
import { lower } from '../../safe_builtins.js';
import { collapse } from '../dom/safe_text.js';

export function normaliseText(s) { return collapse(s); }

// `labels[i]` is the visible text of candidate i (several names per candidate allowed, e.g. text
// and aria-label). Returns the index of the match or -1.
export function matchOption(labels, wanted) {
  const want = normaliseText(wanted);
  for (let i = 0; i < labels.length; i++) {
    for (let j = 0; j < labels[i].length; j++) if (normaliseText(labels[i][j]) === want) return i;
  }
  const wantLower = lower(want);
  for (let i = 0; i < labels.length; i++) {
    for (let j = 0; j < labels[i].length; j++) if (lower(normaliseText(labels[i][j])) === wantLower) return i;
  }
  return -1;
}

// "a", "b", "c" (first few) for error messages, so the agent can retry with a real option.
export function listForMessage(labels, max = 20) {
  let out = '';
  const n = labels.length < max ? labels.length : max;
  for (let i = 0; i < n; i++) out += (i ? ', ' : '') + '"' + normaliseText(labels[i][0]) + '"';
  if (labels.length > max) out += ', … (' + (labels.length - max) + ' more)';
  return out;
}
