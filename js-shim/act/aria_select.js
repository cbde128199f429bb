// Custom selects through the WAI-ARIA combobox / listbox pattern (antd, MUI, Headless UI, Radix…):
// open the trigger like a user, wait for the listbox it controls, pick the option by text, click
// it, and wait until the component shows the choice.
import {
  attr, hasAttr, closest, queryAll, byId, isConnected, textOf, rectOf,
} from './dom_builtins.js';
import { SafeError } from '../safe_builtins.js';
import { matchOption, listForMessage, normaliseText } from './option_text.js';
import { clickElementNode, hoverElement } from './click.js';
import { composedContains } from './geometry.js';
import { pressKeys } from './keyboard.js';
import { isValueField, setFieldValue } from './text_entry.js';
import { waitUntil } from './wait.js';
import { words, has, append, contains } from './safe_text.js';

const OPEN_TIMEOUT_MS = 1500;
const CHOOSE_TIMEOUT_MS = 1500;
const CLOSE_TIMEOUT_MS = 300;
const QUICK_OPEN_MS = 300;
const POPUP_ROLES = { listbox: 1, true: 1, menu: 1, tree: 1, grid: 1, dialog: 1 };

const roleOf = (el) => words(attr(el, 'role'))[0] || '';

function isShown(el) {
  if (!isConnected(el)) return false;
  const r = rectOf(el);
  return r.width > 0 && r.height > 0;
}

function isTrigger(el) {
  const role = roleOf(el);
  if (role === 'combobox') return true;
  const popup = attr(el, 'aria-haspopup');
  return popup !== null && popup !== 'false' && POPUP_ROLES[popup || 'true'] === 1;
}

// The trigger for an indexed element: itself, the combobox it sits in, or one inside it.
function findTrigger(el) {
  if (isTrigger(el)) return el;
  const up = closest(el, '[role="combobox"], [aria-haspopup]:not([aria-haspopup="false"])');
  if (up && isTrigger(up)) return up;
  const down = queryAll(el, '[role="combobox"], [aria-haspopup]:not([aria-haspopup="false"])');
  for (let i = 0; i < down.length; i++) if (isTrigger(down[i]) && isShown(down[i])) return down[i];
  return null;
}

// The listbox the trigger controls (aria-controls / aria-owns, or a listbox inside that popup).
function controlledListbox(trigger) {
  const root = trigger.getRootNode();
  const doc = trigger.ownerDocument;
  const ids = words((attr(trigger, 'aria-controls') || '') + ' ' + (attr(trigger, 'aria-owns') || ''));
  for (let i = 0; i < ids.length; i++) {
    if (!ids[i]) continue;
    const popup = (root && root.getElementById ? root.getElementById(ids[i]) : null) || byId(doc, ids[i]);
    if (!popup || !isShown(popup)) continue;
    if (roleOf(popup) === 'listbox' || roleOf(popup) === 'menu') return popup;
    const inner = queryAll(popup, '[role="listbox"], [role="menu"]');
    for (let j = 0; j < inner.length; j++) if (isShown(inner[j])) return inner[j];
  }
  return null;
}

// Any visible listbox in the document that was not there before (portals render at the end of body).
function newListbox(doc, before) {
  const all = queryAll(doc, '[role="listbox"], [role="menu"]');
  for (let i = all.length - 1; i >= 0; i--) {
    if (isShown(all[i]) && !has(before, all[i])) return all[i];
  }
  return null;
}

function visibleListboxes(doc) {
  const out = [];
  const all = queryAll(doc, '[role="listbox"], [role="menu"]');
  for (let i = 0; i < all.length; i++) if (isShown(all[i])) append(out, all[i]);
  return out;
}

function optionsOf(listbox) {
  const found = queryAll(listbox, '[role="option"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]');
  const out = [];
  for (let i = 0; i < found.length; i++) append(out, found[i]);
  const owned = words(attr(listbox, 'aria-owns'));
  for (let i = 0; i < owned.length; i++) {
    const o = owned[i] ? byId(listbox.ownerDocument, owned[i]) : null;
    if (o) append(out, o);
  }
  return out;
}

function labelsOf(options) {
  const labels = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    const names = [o.innerText || textOf(o)];
    const aria = attr(o, 'aria-label');
    if (aria) append(names, aria);
    append(labels, names);
  }
  return labels;
}

function editableInput(trigger) {
  if (isValueField(trigger)) return trigger;
  const inner = queryAll(trigger, 'input');
  for (let i = 0; i < inner.length; i++) if (isValueField(inner[i]) && isShown(inner[i])) return inner[i];
  return null;
}

// Resolves when the component reflects the choice: the option is marked selected, the listbox
// closed, or the trigger shows the option's text.
function chosen(option, listbox, trigger, text) {
  return () => {
    if (attr(option, 'aria-selected') === 'true' || attr(option, 'aria-checked') === 'true') return true;
    if (!isShown(listbox)) return true;
    if (trigger && contains(normaliseText(trigger.innerText || trigger.value || ''), normaliseText(text))) return true;
    return false;
  };
}

function activeElementIn(doc) {
  let a = doc.activeElement;
  let guard = 0;
  while (a && a.shadowRoot && a.shadowRoot.activeElement && guard++ < 64) a = a.shadowRoot.activeElement;
  return a;
}

// Escape where the component listens (the focused part of it, else the listbox); if it stays
// open, a second press on the trigger toggles it shut.
async function closeDropdown(trigger, listbox, config) {
  const doc = trigger.ownerDocument;
  const active = activeElementIn(doc);
  const target = active && (composedContains(listbox, active) || composedContains(trigger, active)) ? active : listbox;
  await pressKeys(target, 'Escape');
  if (await waitUntil(() => !isShown(listbox), CLOSE_TIMEOUT_MS, doc)) return;
  await clickElementNode(trigger, config);
}

// True when `el` is, holds or sits in a combobox/listbox this module can drive.
export function isAriaSelect(el) {
  return findTrigger(el) !== null || roleOf(el) === 'listbox' || closest(el, '[role="listbox"]') !== null;
}

export async function selectAriaOption(el, optionText, config) {
  const doc = el.ownerDocument;
  let listbox = roleOf(el) === 'listbox' ? el : closest(el, '[role="listbox"]');
  const trigger = listbox ? null : findTrigger(el);
  if (!listbox && !trigger) throw new SafeError('Element is not a select element');
  if (!listbox) listbox = controlledListbox(trigger);
  const input = trigger ? editableInput(trigger) : null;
  if (!listbox) {
    // Click to open; an editable combobox may open only on ArrowDown (the pattern's key) or typing.
    const before = visibleListboxes(doc);
    const appeared = () => controlledListbox(trigger) || newListbox(doc, before);
    await clickElementNode(trigger, config);
    listbox = await waitUntil(appeared, input ? QUICK_OPEN_MS : OPEN_TIMEOUT_MS, doc);
    if (!listbox) {
      await pressKeys(input || trigger, 'ArrowDown');
      listbox = await waitUntil(appeared, QUICK_OPEN_MS, doc);
    }
  }
  let options = listbox ? optionsOf(listbox) : [];
  let found = matchOption(labelsOf(options), optionText);
  if (found < 0 && input) {
    // Searchable comboboxes filter as you type; virtual lists only render what matches.
    setFieldValue(input, optionText);
    listbox = await waitUntil(() => {
      const lb = controlledListbox(trigger) || newListbox(doc, []);
      return lb && matchOption(labelsOf(optionsOf(lb)), optionText) >= 0 ? lb : null;
    }, OPEN_TIMEOUT_MS, doc) || listbox;
    options = listbox ? optionsOf(listbox) : [];
    found = matchOption(labelsOf(options), optionText);
  }
  if (!listbox) throw new SafeError('Opened the dropdown but no listbox of options appeared');
  if (found < 0) {
    const available = listForMessage(labelsOf(options));
    if (trigger) await closeDropdown(trigger, listbox, config);
    throw new SafeError('Option with text "' + optionText + '" not found in the dropdown. Available options: ' + available);
  }
  const option = options[found];
  if (attr(option, 'aria-disabled') === 'true' || hasAttr(option, 'disabled')) {
    throw new SafeError('Option with text "' + optionText + '" is disabled');
  }
  await hoverElement(option, config);
  await clickElementNode(option, config);
  const done = await waitUntil(chosen(option, listbox, trigger, optionText), CHOOSE_TIMEOUT_MS, doc);
  if (!done) throw new SafeError('Clicked option "' + optionText + '" but the dropdown did not take the choice');
  return option;
}

