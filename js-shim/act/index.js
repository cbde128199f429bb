// The write side of PageController, installed on PageController.prototype by js-shim/index.js.
// Each method resolves an index through the controller (this.elementAt, this.lineOf,
// this.isIndexed, this.config) and returns {success, message} with the reference's wording.
import { SafeError } from '../safe_builtins.js';
import { checkString, checkOptions, preview } from '../validate.js';
import { tagOf } from './dom_builtins.js';
import { elementForIndex, describe, errorText, NOT_INDEXED } from './target.js';
import { hoverElement } from './click.js';
import { clickNode, inputIntoNode, selectInNode } from './element_actions.js';
import { pressKeys } from './keyboard.js';
import { scrollAround, scrollDocument, VERTICAL, HORIZONTAL } from './scroll.js';

const ok = (message) => ({ success: true, message });
const failed = (what, e) => ({ success: false, message: '❌ Failed to ' + what + ': ' + errorText(e) });

function configOf(controller) { return controller.config || {}; }

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
      checkString('inputText', text, 'text');
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      const warning = await inputIntoNode(el, text, configOf(this));
      return ok('✅ Input text (' + preview(text) + ') into element (' + line + ').' + warning);
    } catch (e) {
      return failed('input text', e);
    }
  },

  async selectOption(index, optionText) {
    try {
      checkString('selectOption', optionText, 'optionText');
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await selectInNode(el, optionText, configOf(this));
      return ok('✅ Selected option (' + preview(optionText) + ') in element (' + line + ').');
    } catch (e) {
      return failed('select option', e);
    }
  },

  async scroll(options) {
    try {
      const { down, numPages, pixels, index } = checkOptions('scroll', options, 'options', true);
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
      const { right, pixels, index } = checkOptions('scrollHorizontally', options, 'options', true);
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
      checkString('sendKeys', keys, 'keys');
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      await pressKeys(el, keys);
      return ok('✅ Sent keys (' + preview(keys) + ') to element (' + line + ').');
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
