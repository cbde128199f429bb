// Key names an agent writes ("Enter", "Control+a", "ArrowDown") → KeyboardEvent key, code and the
// legacy keyCode that older handlers still read.
import { lower, SafeError, append } from '../../safe_builtins.js';
import { words, split, matches, upper, charCode } from '../dom/safe_text.js';

const NAMED = {
  enter: ['Enter', 'Enter', 13], tab: ['Tab', 'Tab', 9], escape: ['Escape', 'Escape', 27],
  backspace: ['Backspace', 'Backspace', 8], delete: ['Delete', 'Delete', 46], space: [' ', 'Space', 32],
  arrowup: ['ArrowUp', 'ArrowUp', 38], arrowdown: ['ArrowDown', 'ArrowDown', 40],
  arrowleft: ['ArrowLeft', 'ArrowLeft', 37], arrowright: ['ArrowRight', 'ArrowRight', 39],
  home: ['Home', 'Home', 36], end: ['End', 'End', 35], pageup: ['PageUp', 'PageUp', 33],
  pagedown: ['PageDown', 'PageDown', 34], insert: ['Insert', 'Insert', 45],
  control: ['Control', 'ControlLeft', 17], shift: ['Shift', 'ShiftLeft', 16], alt: ['Alt', 'AltLeft', 18],
  meta: ['Meta', 'MetaLeft', 91],
};
const ALIASES = { esc: 'escape', return: 'enter', ctrl: 'control', cmd: 'meta', command: 'meta', option: 'alt',
  up: 'arrowup', down: 'arrowdown', left: 'arrowleft', right: 'arrowright', del: 'delete', spacebar: 'space',
  win: 'meta', super: 'meta' };
export const MODIFIERS = { Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' };

const PUNCTUATION = {
  '-': ['Minus', 189], '=': ['Equal', 187], '[': ['BracketLeft', 219], ']': ['BracketRight', 221],
  '\\': ['Backslash', 220], ';': ['Semicolon', 186], "'": ['Quote', 222], ',': ['Comma', 188],
  '.': ['Period', 190], '/': ['Slash', 191], '`': ['Backquote', 192],
};

// One key: {key, code, keyCode, printable}. `shift` makes letters upper case.
export function describeKey(name, shift) {
  const n = lower(name);
  const canonical = ALIASES[n] || n;
  const named = NAMED[canonical];
  if (named) return { key: named[0], code: named[1], keyCode: named[2], printable: named[0] === ' ' };
  if (matches(/^f([1-9]|1[0-2])$/, canonical)) {
    const n = canonical.length === 2 ? charCode(canonical[1]) - 48 : 10 + charCode(canonical[2]) - 48;
    const k = 'F' + n;
    return { key: k, code: k, keyCode: 111 + n, printable: false };
  }
  if (name.length === 1) {
    const c = name;
    if (matches(/[a-z]/i, c)) {
      const big = upper(c);
      return { key: shift ? big : c, code: 'Key' + big, keyCode: charCode(big), printable: true };
    }
    if (matches(/[0-9]/, c)) return { key: c, code: 'Digit' + c, keyCode: charCode(c), printable: true };
    const p = PUNCTUATION[c];
    if (p) return { key: c, code: p[0], keyCode: p[1], printable: true };
    return { key: c, code: '', keyCode: 0, printable: true };
  }
  throw new SafeError('Unknown key "' + name +
    '" (key names like Enter, Tab, ArrowDown, Control+a; type text with inputText)');
}

// "Control+Shift+ArrowLeft Enter" → [{modifiers:['Control','Shift'], key:'ArrowLeft'}, {… 'Enter'}].
// A lone "+" is the plus key; a chord's last part is its key, the rest must be modifiers.
export function parseKeys(keys) {
  if (typeof keys !== 'string' || words(keys).length === 0) throw new SafeError('No keys given');
  const chords = [];
  const parts = words(keys);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const pieces = p === '+' ? ['+'] : split(p, /\+(?!$)/);
    const modifiers = [];
    for (let j = 0; j < pieces.length - 1; j++) {
      const m = describeKey(pieces[j], false).key;
      if (!MODIFIERS[m])
        throw new SafeError('"' + pieces[j] + '" is not a modifier (Control, Shift, Alt, Meta) in "' + p + '"');
      append(modifiers, m);
    }
    append(chords, { modifiers, key: pieces[pieces.length - 1] });
  }
  return chords;
}
