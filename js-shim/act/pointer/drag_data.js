// The DataTransfer of a drag dehydra performs. A constructed DataTransfer carries data, but Chromium
// keeps its effectAllowed and dropEffect at "none" whatever a page sets, and pages read them (a
// dragend with dropEffect "none" reads as a cancelled drag). The drag keeps its own pair on the
// instance, as the HTML drag and drop model runs it: dropEffect set from effectAllowed before each
// dragenter and dragover, the page's choice checked against effectAllowed, and the operation
// reported at drop and dragend.
import { eventConstructor, defineProperty } from '../dom/dom_builtins.js';
import { has } from '../../safe_builtins.js';

const EFFECTS_ALLOWED = ['none', 'copy', 'copyLink', 'copyMove', 'link', 'linkMove', 'move', 'all', 'uninitialized'];
const DROP_EFFECTS = ['none', 'copy', 'link', 'move'];

// What dropEffect starts as before dragenter and dragover, from effectAllowed.
function initialDrop(allowed) {
  if (allowed === 'none') return 'none';
  if (allowed === 'link' || allowed === 'linkMove') return 'link';
  if (allowed === 'move') return 'move';
  return 'copy';
}

function permits(allowed, drop) {
  if (allowed === 'uninitialized' || allowed === 'all') return drop !== 'none';
  if (allowed === 'copyLink') return drop === 'copy' || drop === 'link';
  if (allowed === 'copyMove') return drop === 'copy' || drop === 'move';
  if (allowed === 'linkMove') return drop === 'link' || drop === 'move';
  return drop === allowed && drop !== 'none';
}

export class DragData {
  constructor(el) {
    this.allowed = 'uninitialized';
    this.drop = 'none';
    this.transfer = new (eventConstructor(el, 'DataTransfer'))();
    defineProperty(this.transfer, 'effectAllowed', { configurable: true, get: () => this.allowed,
      set: (v) => { if (has(EFFECTS_ALLOWED, v)) this.allowed = v; } });
    defineProperty(this.transfer, 'dropEffect', { configurable: true, get: () => this.drop,
      set: (v) => { if (has(DROP_EFFECTS, v)) this.drop = v; } });
  }

  // Before dragenter and dragover.
  offer() { this.drop = initialDrop(this.allowed); }

  // After a dragover: the operation a drop would perform ('none' when the page did not cancel the
  // dragover, or chose an effect effectAllowed forbids).
  operation(cancelled) { return cancelled && permits(this.allowed, this.drop) ? this.drop : 'none'; }

  report(operation) { this.drop = operation; }
}
