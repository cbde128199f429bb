// Custom selects through the WAI-ARIA combobox / listbox pattern (antd, MUI, Headless UI, Radix…):
// open the trigger like a user, wait for the listbox it controls, then choose the option by text —
// by clicking it when it is rendered (after typing to filter, for searchable ones), else through
// the keyboard (ArrowDown … Enter) — and wait until the component shows the choice.
import { attr, hasAttr, closest, tagOf } from '../dom/dom_builtins.js';
import { EffectWatch } from '../effect/effect.js';
import { settleAfter } from '../effect/settle_after.js';
import { SafeError, contains } from '../../safe_builtins.js';
import { matchOption, listForMessage, normaliseText } from './option_text.js';
import { clickElementNode, hoverElement } from '../pointer/click.js';
import { composedContains } from '../dom/composed_tree.js';
import { deepActiveElement } from '../dom/focus.js';
import { pressKeys } from '../keyboard/keyboard.js';
import { setFieldValue } from '../keyboard/text_entry.js';
import { waitUntil } from '../effect/wait.js';
import {
  roleOf, isShown, findTrigger, isExpanded, controlledListbox, visibleListboxes, newListbox, optionsOf,
  labelsOf, shownOnly, editableInput, popupOf, rowsWithText, confirmButtonOf,
} from './aria_popup.js';
import { chooseByKeys } from './option_by_keys.js';

const OPEN_TIMEOUT_MS = 1500;
const QUICK_OPEN_MS = 300;
const FILTER_TIMEOUT_MS = 1500;
const CHOOSE_TIMEOUT_MS = 1500;
const CLOSE_TIMEOUT_MS = 600;
const OPEN_SETTLE_MS = 600;

// A rendered element to click for `wanted`: a visible option, else a visible row of the popup
// with that text (lists whose rows carry no option role).
function clickable(listbox, wanted) {
  const shown = shownOnly(optionsOf(listbox));
  const found = matchOption(labelsOf(shown), wanted);
  if (found >= 0) return shown[found];
  const popup = popupOf(listbox);
  return popup ? rowsWithText(popup, wanted) : null;
}

// Resolves when the component reflects the choice: the option marked selected, the popup closed,
// or the trigger showing the text.
function chosen(option, listbox, trigger, text, wasShown) {
  return () => {
    if (option && (attr(option, 'aria-selected') === 'true' || attr(option, 'aria-checked') === 'true')) return true;
    // Web-component options (md-select-option, sl-option) say it through their `selected` property.
    if (option && option.selected === true && tagOf(option) !== 'option') return true;
    if (wasShown && !isShown(listbox)) return true;
    if (trigger && attr(trigger, 'aria-expanded') === 'false') return true;
    if (trigger && contains(normaliseText(trigger.innerText || trigger.value || ''), normaliseText(text))) return true;
    return false;
  };
}

// Escape where the component listens (the focused part of it, else the listbox); if it stays
// open, a second press on the trigger toggles it shut.
async function closeDropdown(trigger, listbox, config) {
  const doc = trigger.ownerDocument;
  const active = deepActiveElement(doc);
  const target = active && (composedContains(listbox, active) || composedContains(trigger, active)) ? active : listbox;
  await pressKeys(target, 'Escape');
  // aria-expanded turns false at once; the popup may still fade out for a while.
  const closed = () => (hasAttr(trigger, 'aria-expanded') ? !isExpanded(trigger) : !isShown(listbox));
  if (await waitUntil(closed, CLOSE_TIMEOUT_MS, doc)) return;
  await clickElementNode(trigger, config);
}

// True when `el` is, holds or sits in a combobox/listbox this module can drive.
export function isAriaSelect(el) {
  return findTrigger(el) !== null || roleOf(el) === 'listbox' || closest(el, '[role="listbox"]') !== null;
}

// Clicks the trigger open; an editable combobox may open only on ArrowDown (the pattern's key).
// The popup has opened once its opening animation is over: an option clicked while it still
// animates in is ignored by some libraries (Material's menu).
async function open(trigger, input, config) {
  const doc = trigger.ownerDocument;
  const before = visibleListboxes(doc);
  const appeared = () => controlledListbox(trigger) || newListbox(doc, before);
  const watch = new EffectWatch(trigger, []);
  await clickElementNode(trigger, config);
  let listbox = await waitUntil(appeared, input ? QUICK_OPEN_MS : OPEN_TIMEOUT_MS, doc);
  if (!listbox) {
    await pressKeys(input || trigger, 'ArrowDown');
    listbox = await waitUntil(appeared, QUICK_OPEN_MS, doc);
  }
  if (listbox) await settleAfter(watch, OPEN_SETTLE_MS);
  watch.stop();
  return listbox;
}

// A dialog of choices that stays open after the choice (Ionic's alert) takes it only when its one
// confirming button is pressed, as a user does; one that closes by itself (a popover, an action
// sheet) is waited for. Returns the pressed button's text, or ''.
async function finishChoice(trigger, listbox, option, config) {
  if (!trigger || !isExpanded(trigger) || !isShown(listbox)) return '';
  const doc = trigger.ownerDocument;
  const closed = () => !isExpanded(trigger) || !isShown(listbox);
  const button = confirmButtonOf(listbox);
  if (!button) {
    if (roleOf(option) === 'radio') await waitUntil(closed, CLOSE_TIMEOUT_MS, doc);
    return '';
  }
  const text = normaliseText(button.innerText || button.value || '');
  await clickElementNode(button, config);
  if (!await waitUntil(closed, CHOOSE_TIMEOUT_MS, doc)) {
    throw new SafeError('Pressed "' + text + '" in the dropdown\'s dialog but it stayed open');
  }
  return text;
}

// Chooses `optionText`; returns {option, confirmedBy}: the option, and the text of the dialog
// button pressed to commit it ('' when the choice needed none).
export async function selectAriaOption(el, optionText, config) {
  const doc = el.ownerDocument;
  let listbox = roleOf(el) === 'listbox' ? el : closest(el, '[role="listbox"]');
  const trigger = listbox ? null : findTrigger(el);
  if (!listbox && !trigger) throw new SafeError('Element is not a select element');
  const input = trigger ? editableInput(trigger) : null;
  if (!listbox) listbox = controlledListbox(trigger) || await open(trigger, input, config);
  if (!listbox) {
    // Whatever did open is not left over the page.
    if (isExpanded(trigger)) await pressKeys(input || trigger, 'Escape');
    throw new SafeError('Opened the dropdown but no listbox of options appeared');
  }

  let target = clickable(listbox, optionText);
  if (!target && input) {
    // Searchable comboboxes filter as you type; virtual lists then render the match.
    setFieldValue(input, optionText);
    const lb = await waitUntil(() => {
      const now = controlledListbox(trigger) || newListbox(doc, []);
      return now && clickable(now, optionText) ? now : null;
    }, FILTER_TIMEOUT_MS, doc);
    if (lb) { listbox = lb; target = clickable(lb, optionText); }
  }
  const wasShown = isShown(listbox);
  let option = null;
  if (target) {
    option = closest(target, '[role="option"]') || target;
    if (attr(option, 'aria-disabled') === 'true' || hasAttr(option, 'disabled')) {
      throw new SafeError('Option with text "' + optionText + '" is disabled');
    }
    await hoverElement(target, config);
    await clickElementNode(target, config);
  } else if (trigger && attr(input || trigger, 'aria-activedescendant') !== null) {
    option = await chooseByKeys(input || trigger, optionText);
  }
  if (!option) {
    const available = listForMessage(labelsOf(optionsOf(listbox)));
    if (trigger) await closeDropdown(trigger, listbox, config);
    throw new SafeError('Option with text "' + optionText + '" not found in the dropdown. Available options: ' +
      available);
  }
  const done = await waitUntil(chosen(option, listbox, trigger, optionText, wasShown), CHOOSE_TIMEOUT_MS, doc);
  if (!done) throw new SafeError('Clicked option "' + optionText + '" but the dropdown did not take the choice');
  return { option, confirmedBy: await finishChoice(trigger, listbox, option, config) };
}
