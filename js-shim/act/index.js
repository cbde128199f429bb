// The write side of PageController, installed on PageController.prototype by js-shim/index.js.
// Each method resolves an index through the controller (this.elementAt, this.lineOf,
// this.isIndexed, this.config) and returns {success, message} with the reference's wording, plus
// `effect` (what the page did, settled) outside Page Agent compat mode; ✅ only when the page took it.
import { SafeError } from '../safe_builtins.js';
import { checkString, checkOptions, isOptionsObject, preview, argumentError } from '../validate.js';
import { tagOf, attr, closest, textOf } from './dom/dom_builtins.js';
import { elementForIndex, describe, configOf, errorText, NOT_INDEXED } from './target.js';
import { hoverElement } from './pointer/click.js';
import { dragElementNode } from './pointer/drag.js';
import {
  clickNode, inputIntoNode, selectInNode, nativeSelectFor, toggleOf, toggleState, expectedValue, acceptsHint,
} from './element_actions.js';
import { textTarget, editableText, showsText } from './keyboard/text_entry.js';
import { EffectWatch, effectText, effectBesidesScroll } from './effect/effect.js';
import { settleAfter, SETTLE_MS } from './effect/settle_after.js';
import { shortName } from './dom/short_name.js';
import { coverOf, coverText } from './pointer/cover.js';
import { collapse } from './dom/safe_text.js';
import { pressKeys } from './keyboard/keyboard.js';
import { awaitsCommit, leaveField } from './keyboard/commit_on_leave.js';
import { scrollAround, scrollDocument, VERTICAL, HORIZONTAL } from './pointer/scroll.js';
import { shownPart } from './pointer/shown_part.js';

const ok = (message) => ({ success: true, message });
const failed = (what, e) => ({ success: false, message: '❌ Failed to ' + what + ': ' + errorText(e) });

function settleBudget(controller) {
  const budget = configOf(controller).actionSettleMs;
  return typeof budget === 'number' && budget >= 0 ? budget : SETTLE_MS;
}

// The controller's mask (enableMask) keeps the user's pointer off the page while the agent works;
// the agent's own pointer goes through it.
async function maskLifted(controller, run) {
  const mask = controller.maskHost;
  if (!mask) return run();
  const before = mask.style.pointerEvents;
  mask.style.pointerEvents = 'none';
  try {
    return await run();
  } finally {
    mask.style.pointerEvents = before;
  }
}

// Outside compat mode, a press point under another element refuses the action: the reason, or ''.
async function coveredReason(controller, el, named, what) {
  if (configOf(controller).pageAgentCompat) return '';
  const cover = await maskLifted(controller, () => coverOf(el, settleBudget(controller)));
  if (!cover) return '';
  return 'Element ' + named + ' is covered by ' + coverText(controller, cover) + ': a user\'s ' + what +
    ' would land there, so nothing was sent to the element. Dismiss or close what covers it first' +
    (what === 'click' ? ', or pass {force: true} to send the click to the element directly' : '');
}

// clickElement's options: {force, count}.
function clickOptions(options) {
  const o = checkOptions('clickElement', options, 'options');
  const force = o.force === undefined ? false : o.force;
  const count = o.count === undefined ? 1 : o.count;
  if (typeof force !== 'boolean') throw argumentError('clickElement', 'options.force', 'a boolean', force);
  if (count !== 1 && count !== 2) throw argumentError('clickElement', 'options.count', '1 or 2', count);
  return { force, count };
}

function pixelsOf(value, fallback) {
  return typeof value === 'number' && value === value ? value : fallback;
}

// Runs `action` between the start of an EffectWatch on `el` (and `controls`) and the page settling
// from it; `judge(out, effect)` returns the reason the purpose was not met, or '' (or a warning
// beginning with ' ⚠️'). The result carries `effect` and says it, except in Page Agent compat mode,
// which keeps Page Agent's messages and shape (failures to meet the purpose included).
async function watched(controller, what, el, controls, action, judge, success, words = effectText) {
  const watch = new EffectWatch(el, controls);
  let out;
  try {
    out = await maskLifted(controller, action);
  } catch (e) {
    watch.stop();
    throw e;
  }
  // A long text takes the browser seconds to lay out, in the very next frame: the action answers
  // before that frame instead of waiting on it (effect.settled is then false).
  const settled = out && out.long ? false : await settleAfter(watch, settleBudget(controller));
  const effect = watch.finish(settled);
  const verdict = judge(out, effect);
  const compat = !!configOf(controller).pageAgentCompat;
  if (verdict.failure) {
    const r = failed(what, new SafeError(verdict.failure));
    if (!compat) r.effect = effect;
    return r;
  }
  const message = success(out) + (verdict.warning || '');
  return compat ? ok(message) : { success: true, message: message + words(effect), effect };
}

const fine = () => ({});

// A picker's field is left once typed into (commit_on_leave.js); the answer adds whether the
// component kept the value, and fails when it emptied the field.
async function committed(controller, field, typed, typedResult) {
  const emptied = () => (field.value === '' ? { failure: 'The field was left to commit "' + preview(typed) +
    '", as a user does, and the component emptied it: it did not take the text' } : {});
  const kept = () => typedResult.message + ' Left the field to commit it, as a user does: it kept "' +
    preview(field.value) + '"';
  const left = await watched(controller, 'input text', field, [field], () => { leaveField(field); return {}; }, emptied,
    kept, () => '');
  if (!left.success) return left;
  const closed = left.effect.dom.removed > 0 ? ', and what the typing opened closed' : '';
  return { success: true, message: left.message + closed + '.', effect: typedResult.effect, commit: left.effect };
}

// A scroll of the page (`el` null) or around `el`, settled like every action: the scroll events
// handled, the frames after it drawn (intersection observers and virtualizers run from them).
// Outside compat mode a scroller that cannot move fails, and the message says which part of a
// list or grid that declares its size is shown.
async function scrolled(controller, what, el, amount, axis) {
  const strict = !configOf(controller).pageAgentCompat;
  const doc = globalThis.document;
  const run = () => (el === null ? scrollDocument(amount, axis, strict) : scrollAround(el, amount, axis, strict));
  return watched(controller, what, el || doc.documentElement, [], () => ({ message: run() }), fine,
    (out) => out.message + (strict && el !== null ? shownPart(el) : ''), effectBesidesScroll);
}

// dragElement's `to`: an index (that element's press point) or {dx, dy}, an offset in CSS pixels.
function dragEnd(controller, from, to) {
  if (typeof to === 'number') {
    const el = elementForIndex(controller, to);
    if (el.ownerDocument !== from.ownerDocument) {
      throw new SafeError('Element ' + describe(controller, to) +
        ' is in another frame: a drag stays within one document');
    }
    return { el, named: describe(controller, to) };
  }
  if (!isOptionsObject(to)) throw argumentError('dragElement', 'to', 'an index or {dx, dy}', to);
  const dx = to.dx === undefined ? 0 : to.dx;
  const dy = to.dy === undefined ? 0 : to.dy;
  const finite = (v) => typeof v === 'number' && v - v === 0;
  if (!finite(dx)) throw argumentError('dragElement', 'to.dx', 'a finite number of CSS pixels', dx);
  if (!finite(dy)) throw argumentError('dragElement', 'to.dy', 'a finite number of CSS pixels', dy);
  if (dx === 0 && dy === 0) throw argumentError('dragElement', 'to', 'an offset other than {dx: 0, dy: 0}', to);
  return { el: null, dx, dy };
}

// A drag is for its effect: one the page did not react to failed.
function dragVerdict(out, effect) {
  if (effect.changed) return {};
  return { failure: 'Nothing on the page changed after the drag' + (out.mode === 'drop' && !out.accepted
    ? ': the element was dragged as HTML drag and drop and nothing at the drop point accepted it (no dragover ' +
      'handler cancelled the event)'
    : '; the page may not support dragging it, or needs another end point') };
}

// A click that leaves a checkbox as it was failed, unless the page took it another way: cancelled
// it, navigated, or, for an ARIA toggle, put elements in or out (a cascader's item that opens the
// next menu, a menu item that closes its menu): the page's own state is not aria-checked then.
function clickVerdict(toggle, before) {
  return (out, effect) => {
    if (!toggle || toggleState(toggle) !== before || out.cancelled || effect.navigation !== null)
      return { warning: out.warning };
    if (tagOf(toggle) !== 'input' && effect.dom.added + effect.dom.removed > 0) return { warning: out.warning };
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
        return { failure: 'The field holds "' + preview(now) +
          '" after the page\'s turn: it did not take the text' + hint };
      }
      return { warning: ' ⚠️ The field holds "' + preview(now) + '" (it rejected or reformatted the text' +
        hint + ').' };
    }
    if (showsText(field.el, text)) return {};
    const now = preview(out.long ? collapse(textOf(field.el)) : editableText(field.el));
    if (out.handled && effect.changed)
      return { warning: ' ⚠️ The field shows "' + now + '" (the page handled the typing).' };
    return { failure: 'The editor shows "' + now + '" after the page\'s turn: it did not take the text' };
  };
}

function selectVerdict(out) {
  const option = out.option;
  if (!out.native || option.selected) return {};
  const select = option.parentNode && tagOf(option.parentNode) === 'select' ? option.parentNode
    : closest(option, 'select');
  const shown = select && select.selectedIndex >= 0 ? select.options[select.selectedIndex].text : '';
  return { failure: 'The page put the choice back: the select shows "' + collapse(shown) + '"' };
}

export const actionMethods = {
  async clickElement(index, options) {
    try {
      const { force, count } = clickOptions(options);
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      const covered = force ? '' : await coveredReason(this, el, named, 'click');
      if (covered) return failed('click element', new SafeError(covered));
      // A double click flips a checkbox twice: its state is not the measure.
      const toggle = count === 1 ? toggleOf(el) : null;
      const before = toggle ? toggleState(toggle) : null;
      const newTab = tagOf(el) === 'a' && el.target === '_blank';
      return await watched(this, 'click element', el, [el, toggleOf(el)], () => clickNode(el, configOf(this), count),
        clickVerdict(toggle, before),
        () => (count === 2 ? '✅ Double-clicked element ' : '✅ Clicked element ') + named + '.' +
        (newTab ? ' ⚠️ Link opened in a new tab.' : ''));
    } catch (e) {
      return failed('click element', e);
    }
  },

  async inputText(index, text) {
    try {
      checkString('inputText', text, 'text');
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      const field = textTarget(el);
      const typed = text;
      const r = await watched(this, 'input text', el, [field ? field.el : el],
        () => inputIntoNode(el, typed, configOf(this)),
        inputVerdict(typed), () => '✅ Input text (' + preview(text) + ') into element ' + named + '.');
      if (!r.success || !r.effect || !field || !awaitsCommit(field.el, typed, r.effect.dom.added)) return r;
      return await committed(this, field.el, typed, r);
    } catch (e) {
      return failed('input text', e);
    }
  },

  async selectOption(index, optionText) {
    try {
      checkString('selectOption', optionText, 'optionText');
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      return await watched(this, 'select option', el, [el, nativeSelectFor(el)],
        () => selectInNode(el, optionText, configOf(this)),
        selectVerdict, (out) => '✅ Selected option (' + preview(optionText) + ') in element ' + named + '.' +
          (out.confirmedBy ? ' Pressed "' + preview(out.confirmedBy) +
          '" in its dialog to commit it, as a user does.' : ''));
    } catch (e) {
      return failed('select option', e);
    }
  },

  async scroll(options) {
    try {
      const { down, numPages, pixels, index } = checkOptions('scroll', options, 'options', true);
      if (!this.isIndexed) throw new SafeError(NOT_INDEXED);
      const amount = pixelsOf(pixels, (numPages || 0) * globalThis.innerHeight) * (down ? 1 : -1);
      return await scrolled(this, 'scroll', index === undefined ? null : elementForIndex(this, index),
        amount, VERTICAL);
    } catch (e) {
      return failed('scroll', e);
    }
  },

  async scrollHorizontally(options) {
    try {
      const { right, pixels, index } = checkOptions('scrollHorizontally', options, 'options', true);
      if (!this.isIndexed) throw new SafeError(NOT_INDEXED);
      const amount = pixelsOf(pixels, 0) * (right ? 1 : -1);
      return await scrolled(this, 'scroll horizontally', index === undefined ? null : elementForIndex(this, index),
        amount, HORIZONTAL);
    } catch (e) {
      return failed('scroll horizontally', e);
    }
  },

  async sendKeys(index, keys) {
    try {
      checkString('sendKeys', keys, 'keys');
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      return await watched(this, 'send keys', el, [el], () => pressKeys(el, keys), fine,
        () => '✅ Sent keys (' + preview(keys) + ') to element ' + named + '.');
    } catch (e) {
      return failed('send keys', e);
    }
  },

  async dragElement(index, to) {
    try {
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      const end = dragEnd(this, el, to);
      const covered = (end.el ? await coveredReason(this, end.el, end.named, 'drop') : '') ||
        await coveredReason(this, el, named, 'drag');
      if (covered) return failed('drag element', new SafeError(covered));
      return await watched(this, 'drag element', el, [el, end.el], () => dragElementNode(el, end, configOf(this)),
        dragVerdict,
        () => '✅ Dragged element ' + named +
        (end.el ? ' onto element ' + end.named : ' by ' + end.dx + ', ' + end.dy + ' px') + '.');
    } catch (e) {
      return failed('drag element', e);
    }
  },

  async hover(index) {
    try {
      const el = elementForIndex(this, index);
      const named = describe(this, index);
      const covered = await coveredReason(this, el, named, 'pointer');
      if (covered) return failed('hover element', new SafeError(covered));
      return await watched(this, 'hover element', el, [el], () => hoverElement(el, configOf(this)), fine,
        () => '✅ Hovered element ' + named + '.');
    } catch (e) {
      return failed('hover element', e);
    }
  },
};

// Element-level entry points for tests and for callers holding elements, not indices.
export const act = {
  click: (el, config, count) => clickNode(el, config || {}, count || 1),
  hover: (el, config) => hoverElement(el, config || {}),
  drag: (el, to, config) => dragElementNode(el, to, config || {}),
  input: (el, text, config) => inputIntoNode(el, text, config || {}),
  select: (el, text, config) => selectInNode(el, text, config || {}),
  keys: (el, keys) => pressKeys(el, keys),
  actionMethods,
};
