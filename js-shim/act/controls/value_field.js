// Fields whose text is their value (a textarea, an input of a type that takes typed text), and the
// change event a user's edit of a control ends with: what typing and text entry (keyboard/), the
// options (options/) and a slider's drag (range.js) ask.
import { dispatch, makeEvent, tagOf } from '../dom/dom_builtins.js';

const NOT_TYPABLE = { checkbox: 1, radio: 1, file: 1, submit: 1, button: 1, image: 1, reset: 1, hidden: 1 };

export function isValueField(el) {
  const tag = tagOf(el);
  return tag === 'textarea' || (tag === 'input' && !NOT_TYPABLE[el.type]);
}

export function fireChange(el) {
  dispatch(el, makeEvent(el, 'Event', 'change', { bubbles: true }));
}
