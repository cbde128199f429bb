// An <input list=…> with its <datalist> of suggestions: choosing one is what a user's pick from the
// suggestion popup does (click the field, then the value replaced with `input`, inputType
// insertReplacementText, and `change`, as Chromium fires them for a pick).
import { SafeError, append } from '../../safe_builtins.js';
import { dispatch, tagOf, queryAll, textOf } from '../dom/dom_builtins.js';
import { matchOption, listForMessage } from './option_text.js';
import { clickElementNode } from '../pointer/click.js';
import { fireChange } from '../controls/value_field.js';
import { setNativeProperty } from '../../forms/native_controls.js';
import { inputEvent } from '../keyboard/edit_command.js';

function listOf(input) {
  return tagOf(input) === 'input' && input.list && tagOf(input.list) === 'datalist' ? input.list : null;
}

// {input, datalist} for an input with suggestions, its label, or a wrapper holding exactly one.
export function datalistOf(el) {
  let input = null;
  if (tagOf(el) === 'input') input = el;
  else if (tagOf(el) === 'label' && el.control) input = el.control;
  else {
    const inner = queryAll(el, 'input[list]');
    if (inner.length === 1) input = inner[0];
  }
  const datalist = input ? listOf(input) : null;
  return datalist ? { input, datalist } : null;
}

// The suggestions' names: [value, label] (a label or text of its own, else the value).
function suggestionLabels(datalist) {
  const labels = [];
  const options = datalist.options;
  for (let i = 0; i < options.length; i++) append(labels, [options[i].value, options[i].label, textOf(options[i])]);
  return labels;
}

export async function chooseSuggestion(input, datalist, wanted, config) {
  const labels = suggestionLabels(datalist);
  const found = matchOption(labels, wanted);
  if (found < 0) {
    throw new SafeError('Option with text "' + wanted + '" not found in the suggestions. Available options: ' +
      listForMessage(labels));
  }
  const option = datalist.options[found];
  if (option.disabled) throw new SafeError('Option with text "' + wanted + '" is disabled');
  await clickElementNode(input, config);
  setNativeProperty(input, 'value', option.value);
  dispatch(input, inputEvent(input, 'input', 'insertReplacementText', option.value, false));
  fireChange(input);
  return option;
}
