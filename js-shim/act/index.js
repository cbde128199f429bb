// The write side of PageController, installed on PageController.prototype by js-shim/index.js. Each method resolves an index through the controller (this.elementAt, this.lineOf,
// this.isIndexed, this.config) and returns {success, message} with the reference's wording.
import { SafeError } from '../safe_builtins.js';
import { tagOf, attr, queryAll } from './dom_builtins.js';
import { words } from './safe_text.js';
import { elementForIndex, describe, errorText, NOT_INDEXED } from './target.js';
import { clickElementNode, hoverElement } from './click.js';
import { textTarget, setFieldValue, typeIntoEditable, describeNonText } from './text_entry.js';
import { selectNativeOption } from './native_select.js';
import { selectAriaOption, isAriaSelect } from './aria_select.js';
import { pressKeys } from './keyboard.js';
import { scrollAround, scrollDocument, VERTICAL, HORIZONTAL } from './scroll.js';

const ok = (message) => ({ success: true, message });
const failed = (what, e) => ({ success: false, message: '❌ Failed to ' + what + ': ' + errorText(e) });

function configOf(controller) { return controller.config || {}; }

// A short name for an element in messages: <div id=cookie-banner> / <div class=modal-backdrop>.
function shortName(el) {
  const id = attr(el, 'id');
  const cls = words(attr(el, 'class'))[0];
  return '<' + tagOf(el) + (id ? ' id=' + id : cls ? ' class=' + cls : '') + '>';
}

// Clicks; returns a warning when another element covers the whole target.
export async function clickNode(el, config) {
  const p = await clickElementNode(el, config);
  return p.cover ? ' ⚠️ It is covered by ' + shortName(p.cover) + ' (a user would click that); the events went to the element directly.' : '';
}

export async function inputIntoNode(el, text, config) {
  const field = textTarget(el);
  if (!field) throw new SafeError(describeNonText(el));
  await clickElementNode(field.el, config);
  if (field.kind === 'value') setFieldValue(field.el, text);
  else await typeIntoEditable(field.el, text);
}

// The native <select> behind a label or a wrapper holding exactly one (unless the wrapper is a
// custom select, whose hidden <select> only mirrors it for forms), else null.
function nativeSelectFor(el) {
  if (tagOf(el) === 'select') return el;
  if (tagOf(el) === 'label' && el.control && tagOf(el.control) === 'select') return el.control;
  const inner = queryAll(el, 'select');
  return inner.length === 1 && !isAriaSelect(el) ? inner[0] : null;
}

export async function selectInNode(el, optionText, config) {
  const select = nativeSelectFor(el);
  if (select) return selectNativeOption(select, optionText);
  return selectAriaOption(el, optionText, config);
}

function pixelsOf(value, fallback) {
  return typeof value === 'number' && value === value ? value : fallback;
}

export const actionMethods = {
  async clickElement(index) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      const warning = await clickNode(el, configOf(this));
      const newTab = tagOf(el) === 'a' && el.target === '_blank';
      return ok('✅ Clicked element (' + line + ').' + (newTab ? ' ⚠️ Link opened in a new tab.' : '') + warning);
    } catch (e) {
      return failed('click element', e);
    }
  },

  async inputText(index, text) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await inputIntoNode(el, String(text), configOf(this));
      return ok('✅ Input text (' + text + ') into element (' + line + ').');
    } catch (e) {
      return failed('input text', e);
    }
  },

  async selectOption(index, optionText) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await selectInNode(el, String(optionText), configOf(this));
      return ok('✅ Selected option (' + optionText + ') in element (' + line + ').');
    } catch (e) {
      return failed('select option', e);
    }
  },

  async scroll(options) {
    try {
      const { down, numPages, pixels, index } = options || {};
      if (!this.isIndexed) throw new SafeError(NOT_INDEXED);
      const amount = pixelsOf(pixels, (numPages || 0) * globalThis.innerHeight) * (down ? 1 : -1);
      if (index === undefined) return ok(scrollDocument(amount, VERTICAL));
      return ok(scrollAround(elementForIndex(this, index), amount, VERTICAL));
    } catch (e) {
      return failed('scroll', e);
    }
  },

  async scrollHorizontally(options) {
    try {
      const { right, pixels, index } = options || {};
      if (!this.isIndexed) throw new SafeError(NOT_INDEXED);
      const amount = pixelsOf(pixels, 0) * (right ? 1 : -1);
      if (index === undefined) return ok(scrollDocument(amount, HORIZONTAL));
      return ok(scrollAround(elementForIndex(this, index), amount, HORIZONTAL));
    } catch (e) {
      return failed('scroll horizontally', e);
    }
  },

  async sendKeys(index, keys) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await pressKeys(el, keys);
      return ok('✅ Sent keys (' + keys + ') to element (' + line + ').');
    } catch (e) {
      return failed('send keys', e);
    }
  },

  async hover(index) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await hoverElement(el, configOf(this));
      return ok('✅ Hovered element (' + line + ').');
    } catch (e) {
      return failed('hover element', e);
    }
  },
};

// Element-level entry points for tests and for callers holding elements, not indices.
export const act = {
  click: (el, config) => clickNode(el, config || {}),
  hover: (el, config) => hoverElement(el, config || {}),
  input: (el, text, config) => inputIntoNode(el, text, config || {}),
  select: (el, text, config) => selectInNode(el, text, config || {}),
  keys: (el, keys) => pressKeys(el, keys),
  actionMethods,
};
