// <select>: choose the option by text, set it through the native setter and fire what a user's
// choice fires (input, then change).
import { dispatch, makeEvent, textOf } from '../dom/dom_builtins.js';
import { SafeError, append } from '../../safe_builtins.js';
import { matchOption, listForMessage } from './option_text.js';
import { fireChange } from '../controls/value_field.js';
import { setNativeProperty } from '../../forms/native_controls.js';

export function selectNativeOption(select, optionText) {
  const options = select.options;
  const labels = [];
  for (let i = 0; i < options.length; i++) append(labels, [textOf(options[i]), options[i].label]);
  const found = matchOption(labels, optionText);
  if (found < 0) {
    throw new SafeError('Option with text "' + optionText + '" not found in select element. Available options: ' +
      listForMessage(labels));
  }
  const option = options[found];
  if (option.disabled) throw new SafeError('Option with text "' + optionText + '" is disabled');
  if (select.multiple) setNativeProperty(option, 'selected', true);
  else setNativeProperty(select, 'selectedIndex', found);
  dispatch(select, makeEvent(select, 'Event', 'input', { bubbles: true, composed: true }));
  fireChange(select);
  return option;
}
