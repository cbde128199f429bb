// The write side of PageController, installed on PageController.prototype by js-shim/index.js.
// Each method resolves an index through the controller (this.elementAt, this.lineOf,
// this.isIndexed, this.config) and returns {success, message} with the reference's wording, plus
// `effect` (what the page did, settled) outside Page Agent compat mode; ✅ only when the page took it.
import { SafeError, contains } from '../safe_builtins.js';
import { checkString, checkOptions, preview } from '../validate.js';
import { tagOf, attr, closest } from './dom_builtins.js';
import { elementForIndex, describe, errorText, NOT_INDEXED } from './target.js';
import { hoverElement } from './click.js';
import {
  clickNode, inputIntoNode, selectInNode, nativeSelectFor, toggleOf, toggleState, expectedValue, acceptsHint,
} from './element_actions.js';
import { textTarget, editableText } from './text_entry.js';
import { EffectWatch, effectText } from './effect.js';
import { settleAfter, SETTLE_MS } from './settle_after.js';
import { shortName } from './short_name.js';
import { collapse } from './safe_text.js';
import { pressKeys } from './keyboard.js';
import { scrollAround, scrollDocument, VERTICAL, HORIZONTAL } from './scroll.js';

const ok = (message) => ({ success: true, message });
const failed = (what, e) => ({ success: false, message: '❌ Failed to ' + what + ': ' + errorText(e) });

function configOf(controller) { return controller.config || {}; }

function pixelsOf(value, fallback) {
  return typeof value === 'number' && value === value ? value : fallback;
}

// Runs `action` between the start of an EffectWatch on `el` (and `controls`) and the page settling
// from it; `judge(out, effect)` returns the reason the purpose was not met, or '' (or a warning
// beginning with ' ⚠️'). The result carries `effect` and says it, except in Page Agent compat mode,
// which keeps Page Agent's messages and shape (failures to meet the purpose included).
async function watched(controller, what, el, controls, action, judge, success) {
  const watch = new EffectWatch(el, controls);
  let out;
  try {
    out = await action();
  } catch (e) {
    watch.stop();
    throw e;
  }
  const budget = configOf(controller).actionSettleMs;
  const settled = await settleAfter(watch, typeof budget === 'number' && budget >= 0 ? budget : SETTLE_MS);
  const effect = watch.finish(settled);
  const verdict = judge(out, effect);
  const compat = !!configOf(controller).pageAgentCompat;
  if (verdict.failure) {
    const r = failed(what, new SafeError(verdict.failure));
    if (!compat) r.effect = effect;
    return r;
  }
  const message = success(out) + (verdict.warning || '');
  return compat ? ok(message) : { success: true, message: message + effectText(effect), effect };
}

const fine = () => ({});

function clickVerdict(toggle, before) {
  return (out, effect) => {
    if (!toggle || toggleState(toggle) !== before || out.cancelled || effect.navigation !== null) return { warning: out.warning };
    const why = toggle.disabled === true || attr(toggle, 'aria-disabled') === 'true' ? ' (it is disabled)' : '';
    return { failure: 'The click did not change ' + shortName(toggle) + ' (still ' + stateWord(before) + ')' + why +
      ', and the page did not cancel the click' };
  };
}

function stateWord(v) { return v === true || v === 'true' ? 'checked' : v === 'mixed' ? 'mixed' : 'unchecked'; }

function inputVerdict(text) {
  return (out, effect) => {
    const field = out.field;
    if (field.kind === 'value') {
      const now = field.el.value;
      if (now === text) return {};
      const hint = acceptsHint(field.el);
      if (text !== '' && now !== expectedValue(field, text) && (now === out.before || now === '')) {
        return { failure: 'The field holds "' + now + '" after the page\'s turn: it did not take the text' + hint };
      }
      return { warning: ' ⚠️ The field holds "' + now + '" (it rejected or reformatted the text' + hint + ').' };
    }
    const now = editableText(field.el);
    const want = collapse(text);
    if (want === '' ? now === '' : contains(now, want)) return {};
    if (out.handled && effect.changed) return { warning: ' ⚠️ The field shows "' + now + '" (the page handled the typing).' };
    return { failure: 'The editor shows "' + now + '" after the page\'s turn: it did not take the text' };
  };
}

function selectVerdict(out) {
  const option = out.option;
  if (!out.native || option.selected) return {};
  const select = option.parentNode && tagOf(option.parentNode) === 'select' ? option.parentNode : closest(option, 'select');
  const shown = select && select.selectedIndex >= 0 ? select.options[select.selectedIndex].text : '';
  return { failure: 'The page put the choice back: the select shows "' + collapse(shown) + '"' };
}

export const actionMethods = {
  async clickElement(index) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      const toggle = toggleOf(el);
      const before = toggle ? toggleState(toggle) : null;
      const newTab = tagOf(el) === 'a' && el.target === '_blank';
      return await watched(this, 'click element', el, [el, toggle], () => clickNode(el, configOf(this)),
        clickVerdict(toggle, before), () => '✅ Clicked element (' + line + ').' + (newTab ? ' ⚠️ Link opened in a new tab.' : ''));
    } catch (e) {
      return failed('click element', e);
    }
  },

  async inputText(index, text) {
    try {
      checkString('inputText', text, 'text');
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      const field = textTarget(el);
      const typed = text;
      return await watched(this, 'input text', el, [field ? field.el : el], () => inputIntoNode(el, typed, configOf(this)),
        inputVerdict(typed), () => '✅ Input text (' + preview(text) + ') into element (' + line + ').');
    } catch (e) {
      return failed('input text', e);
    }
  },

  async selectOption(index, optionText) {
    try {
      checkString('selectOption', optionText, 'optionText');
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      return await watched(this, 'select option', el, [el, nativeSelectFor(el)], () => selectInNode(el, optionText, configOf(this)),
        selectVerdict, () => '✅ Selected option (' + preview(optionText) + ') in element (' + line + ').');
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
      return await watched(this, 'send keys', el, [el], () => pressKeys(el, keys), fine,
        () => '✅ Sent keys (' + preview(keys) + ') to element (' + line + ').');
    } catch (e) {
      return failed('send keys', e);
    }
  },

  async hover(index) {
    try {
      const el = elementForIndex(this, index);
      const line = describe(this, index);
      return await watched(this, 'hover element', el, [el], () => hoverElement(el, configOf(this)), fine,
        () => '✅ Hovered element (' + line + ').');
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
