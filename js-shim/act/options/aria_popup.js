// Finding the parts of a custom select: the trigger (role=combobox or aria-haspopup), the listbox it
// controls (or one that appeared, portals included), its options and their names, and the visible
// popup around a listbox that only mirrors a rendered list for screen readers (antd does this).
import { attr, closest, queryAll, byId, isConnected, textOf, rectOf, tagOf,
  matchesSelector, rootNodeOf } from '../dom/dom_builtins.js';
import { isValueField } from '../controls/value_field.js';
import { words } from '../dom/safe_text.js';
import { normaliseText } from './option_text.js';
import { lower, has, append } from '../../safe_builtins.js';
import { composedContains, composedParent } from '../dom/composed_tree.js';

const POPUP_ROLES = { listbox: 1, true: 1, menu: 1, tree: 1, grid: 1, dialog: 1 };
const TRIGGERS = '[role="combobox"], [aria-haspopup]:not([aria-haspopup="false"])';
// A tree select's popup is a tree of treeitems (antd TreeSelect); a select whose popup is a dialog
// (Ionic's popover, alert and action sheet) holds a group of radios. Each is chosen from as a
// listbox is.
const LISTBOXES = '[role="listbox"], [role="menu"], [role="tree"], [role="radiogroup"]';
const OPTIONS = '[role="option"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], ' +
  '[role="treeitem"], [role="radio"]';
const DIALOGS = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';
const BUTTONS = 'button, [role="button"], input[type="submit"], input[type="button"]';
// The buttons of a dialog that leave it without taking anything.
const DISMISSALS = { cancel: 1, close: 1, back: 1, dismiss: 1, no: 1, '×': 1, '✕': 1, 取消: 1, 关闭: 1, 返回: 1 };

export const roleOf = (el) => words(attr(el, 'role'))[0] || '';

export function isShown(el) {
  if (!isConnected(el)) return false;
  const r = rectOf(el);
  return r.width > 0 && r.height > 0;
}

function isTrigger(el) {
  if (roleOf(el) === 'combobox') return true;
  const popup = attr(el, 'aria-haspopup');
  return popup !== null && popup !== 'false' && POPUP_ROLES[popup || 'true'] === 1;
}

// The trigger for an indexed element: itself, the combobox it sits in, or one inside it.
export function findTrigger(el) {
  if (isTrigger(el)) return el;
  const up = closest(el, TRIGGERS);
  if (up && isTrigger(up)) return up;
  // Inside it, then inside its shadow tree (web-component selects keep the combobox there).
  const roots = [el];
  for (let r = 0; r < roots.length && r < 8; r++) {
    const down = queryAll(roots[r], TRIGGERS);
    for (let i = 0; i < down.length; i++) if (isTrigger(down[i]) && isShown(down[i])) return down[i];
    const hosts = queryAll(roots[r], '*');
    if (roots[r].shadowRoot) append(roots, roots[r].shadowRoot);
    for (let i = 0; i < hosts.length && roots.length < 8; i++) {
      if (hosts[i].shadowRoot) append(roots, hosts[i].shadowRoot);
    }
  }
  return null;
}

export function isExpanded(trigger) { return attr(trigger, 'aria-expanded') === 'true'; }

// The listbox the trigger controls (aria-controls / aria-owns, or a listbox inside that popup).
// A zero-size one counts while the trigger says it is expanded: it mirrors a rendered list.
export function controlledListbox(trigger) {
  const root = rootNodeOf(trigger);
  const doc = trigger.ownerDocument;
  const ids = words((attr(trigger, 'aria-controls') || '') + ' ' + (attr(trigger, 'aria-owns') || ''));
  const expanded = isExpanded(trigger);
  for (let i = 0; i < ids.length; i++) {
    const popup = (root && root.getElementById ? root.getElementById(ids[i]) : null) || byId(doc, ids[i]);
    if (!popup || !isConnected(popup)) continue;
    const role = roleOf(popup);
    if ((role === 'listbox' || role === 'menu' || role === 'tree') && (isShown(popup) || expanded)) return popup;
    if (!isShown(popup)) continue;
    const inner = queryAll(popup, LISTBOXES);
    for (let j = 0; j < inner.length; j++) if (isShown(inner[j])) return inner[j];
  }
  return null;
}

export function visibleListboxes(doc) {
  const out = [];
  const all = queryAll(doc, LISTBOXES);
  for (let i = 0; i < all.length; i++) if (isShown(all[i])) append(out, all[i]);
  return out;
}

// A visible listbox that was not there before (portals render at the end of body).
export function newListbox(doc, before) {
  const all = queryAll(doc, LISTBOXES);
  for (let i = all.length - 1; i >= 0; i--) if (isShown(all[i]) && !has(before, all[i])) return all[i];
  return null;
}

// An element the platform renders as an option: its own role, or (web components) an option role
// on an element inside its own shadow root.
function isOptionHost(el) {
  if (matchesSelector(el, OPTIONS)) return true;
  return !!el.shadowRoot && queryAll(el.shadowRoot, OPTIONS).length > 0;
}

export function optionsOf(listbox) {
  const out = [];
  const found = queryAll(listbox, OPTIONS);
  for (let i = 0; i < found.length; i++) append(out, found[i]);
  // Options assigned to the listbox's slots (light-DOM children of a web component).
  const slots = queryAll(listbox, 'slot');
  for (let i = 0; i < slots.length; i++) {
    const assigned = typeof slots[i].assignedElements === 'function'
      ? slots[i].assignedElements({ flatten: true }) : [];
    for (let j = 0; j < assigned.length; j++) {
      const a = assigned[j];
      if (isOptionHost(a)) { if (!has(out, a)) append(out, a); continue; }
      const inner = queryAll(a, OPTIONS);
      for (let k = 0; k < inner.length; k++) if (!has(out, inner[k])) append(out, inner[k]);
    }
  }
  const owned = words(attr(listbox, 'aria-owns'));
  for (let i = 0; i < owned.length; i++) {
    const o = byId(listbox.ownerDocument, owned[i]);
    if (o) append(out, o);
  }
  return out;
}

// An option's names: its visible text, and its aria-label when it has one.
export function namesOf(option) {
  const names = [option.innerText || textOf(option)];
  const aria = attr(option, 'aria-label');
  if (aria) append(names, aria);
  return names;
}

export function labelsOf(options) {
  const labels = [];
  for (let i = 0; i < options.length; i++) append(labels, namesOf(options[i]));
  return labels;
}

export function shownOnly(options) {
  const out = [];
  for (let i = 0; i < options.length; i++) if (isShown(options[i])) append(out, options[i]);
  return out;
}

// The one button that confirms a choice in the dialog around `listbox` (an alert's "OK"): shown,
// outside the list, not a dismissal; null when there is none or more than one.
export function confirmButtonOf(listbox) {
  let dialog = listbox;
  while (dialog && !(dialog.nodeType === 1 && matchesSelector(dialog, DIALOGS))) dialog = composedParent(dialog);
  if (!dialog) return null;
  const buttons = queryAll(dialog, BUTTONS);
  let found = null;
  for (let i = 0; i < buttons.length; i++) {
    const b = buttons[i];
    if (composedContains(listbox, b) || matchesSelector(b, OPTIONS) || !isShown(b)) continue;
    if (DISMISSALS[lower(normaliseText(b.innerText || b.value || ''))] === 1) continue;
    if (found) return null;
    found = b;
  }
  return found;
}

// The text field of a searchable combobox (a read-only one only displays the choice).
function typable(el) { return isValueField(el) && !el.readOnly && !el.disabled; }

export function editableInput(trigger) {
  if (typable(trigger)) return trigger;
  const inner = queryAll(trigger, 'input');
  for (let i = 0; i < inner.length; i++) if (typable(inner[i]) && isShown(inner[i])) return inner[i];
  return null;
}

// The visible popup holding a listbox: the listbox itself when it has a size, else its nearest
// sized ancestor below <body>.
export function popupOf(listbox) {
  let n = listbox;
  const doc = listbox.ownerDocument;
  while (n && n !== doc.body && n !== doc.documentElement) {
    if (isShown(n)) return n;
    n = n.parentElement;
  }
  return null;
}

// The deepest visible elements in `popup` whose whole text is `wanted` (exact, else
// case-insensitive): the rendered rows of a list that has no option roles.
export function rowsWithText(popup, wanted) {
  const want = normaliseText(wanted);
  const wantLower = lower(want);
  const all = queryAll(popup, '*');
  let exact = null;
  let loose = null;
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    const tag = tagOf(el);
    if (tag === 'script' || tag === 'style' || !isShown(el)) continue;
    const text = normaliseText(el.innerText || '');
    // The first matching row, narrowed to its deepest matching descendant.
    if (text === want) { if (!exact || composedContains(exact, el)) exact = el; }
    else if (!exact && lower(text) === wantLower && (!loose || composedContains(loose, el))) loose = el;
  }
  return exact || loose;
}
