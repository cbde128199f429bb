// Actions by number, as a user's hand does them: each answers with its effect and the lines of
// the state that changed (acting.mjs).
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineTool, INDEX, elementNumber, elementWord, given } from './define_tool.mjs';
import { act, afterAction } from '../acting.mjs';
import { stateAnswer, dialogWayOut } from '../state_answers.mjs';
import { ToolError } from '../tool_error.mjs';
import { UsageError, wholeNumber, decimal } from '../command_line.mjs';
import { WAITS, sleep } from '../waits.mjs';
import * as inPage from '../page_calls.mjs';
import { targetOf } from '../frames.mjs';

const STATE_NOTE = 'Answers with the effect and only the lines of the browser state that changed, read once the ' +
  'page settled (the requests the action started included, bounded at 5 s).';

const click = defineTool({
  name: 'click',
  expects: true,
  title: 'Click',
  description: `Clicks element [index] as a user's mouse does (pointer and mouse events at a visible point of it). ` +
    `count: 2 double-clicks. ${STATE_NOTE}`,
  params: { index: INDEX,
    count: { type: 'integer', minimum: 1, maximum: 2, description: '2 for a double click (default 1).' },
    force: { type: 'boolean',
      description: 'Dispatch to the element even when something covers it (default false: a covered element is ' +
      'refused and what covers it named).' } },
  required: ['index'],
  handle: (b, a) => act(b, 'click', a.index, 'clickElement',
    [a.index, ...(a.count || a.force ? [given({ count: a.count, force: a.force })] : [])]),
  shell: { usage: 'N [--double] [--force]', options: { double: 'boolean', force: 'boolean' }, positionals: 1,
    args: ([n], o) => ({ ...elementWord(n, 'click'), ...given({ count: o.double ? 2 : undefined, force: o.force }) }) },
});

const type = defineTool({
  name: 'type',
  expects: true,
  title: 'Type text',
  description: `Replaces the text of input, textarea or contenteditable [index] with text, as typing does (focus, ` +
    `key and input events, change on leaving). submit: true then presses Enter. ${STATE_NOTE}`,
  params: { index: INDEX, text: { type: 'string', description: 'The whole new text.' },
    submit: { type: 'boolean', description: 'Press Enter after typing (default false).' } },
  required: ['index', 'text'],
  handle: (b, a) => act(b, 'type', a.index, 'inputText', [a.index, a.text],
    a.submit ? { method: 'sendKeys', args: [a.index, 'Enter'] } : undefined),
  shell: { usage: 'N TEXT [--submit]', options: { submit: 'boolean' }, positionals: 2,
    args: ([n, text], o) => ({ ...elementWord(n, 'type'), text, ...given({ submit: o.submit }) }) },
});

const select = defineTool({
  name: 'select',
  expects: true,
  title: 'Choose an option',
  description: `Chooses the option whose text (or value) is option in select [index]: a native <select>, an ARIA ` +
    `combobox or listbox, or an input with suggestions. ${STATE_NOTE}`,
  params: { index: INDEX,
    option: { type: 'string', description: 'The option\'s visible text, as the state prints it.' } },
  required: ['index', 'option'],
  handle: (b, a) => act(b, 'select', a.index, 'selectOption', [a.index, a.option]),
  shell: { usage: 'N OPTION', positionals: 2, args: ([n, option]) => ({ ...elementWord(n, 'select'), option }) },
});

const hover = defineTool({
  name: 'hover',
  expects: true,
  title: 'Hover',
  description: `Moves the pointer over element [index] (pointer and mouse over/enter/move events), for menus and ` +
    `tooltips that open on hover. ${STATE_NOTE}`,
  params: { index: INDEX },
  required: ['index'],
  handle: (b, a) => act(b, 'hover', a.index, 'hover', [a.index]),
  shell: { usage: 'N', positionals: 1, args: ([n]) => ({ ...elementWord(n, 'hover') }) },
});

const pixels = (word, what) => {
  if (word === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(word)) throw new UsageError(`${what} takes a number of CSS pixels`);
  return Number(word);
};

const drag = defineTool({
  name: 'drag',
  expects: true,
  title: 'Drag',
  description: `Drags element [index] as a user's mouse does: presses it, moves in steps onto element [to] (or by ` +
    `dx, dy CSS pixels) and releases there; draggable elements get HTML drag and drop events. For sortable lists, ` +
    `boards and splitters; fails when the page did not react. ${STATE_NOTE}`,
  params: { index: INDEX,
    to: { ...INDEX, description: 'The element to drop onto, a number from the last browser state.' },
    dx: { type: 'number', description: 'Instead of to: how far right to move, in CSS pixels (negative: left).' },
    dy: { type: 'number', description: 'Instead of to: how far down to move, in CSS pixels (negative: up).' } },
  required: ['index'],
  handle: (b, a) => {
    const offset = a.dx !== undefined || a.dy !== undefined;
    if ((a.to === undefined) === !offset)
      throw new ToolError('drag: bad arguments, nothing was done: give to (an element\'s number) or dx and dy, ' +
        (offset ? 'not both' : 'one of them'));
    const to = offset ? { dx: a.dx ?? 0, dy: a.dy ?? 0 } : a.to;
    return act(b, 'drag', a.index, 'dragElement', [a.index, to]);
  },
  shell: { usage: 'N M | drag N --dx PX [--dy PX]', options: { dx: 'string', dy: 'string' }, positionals: [1, 2],
    args: ([n, m], o) => {
      const offset = o.dx !== undefined || o.dy !== undefined;
      if ((m === undefined) !== offset) return null;
      const args = { ...elementWord(n, 'drag') };
      return offset ? { ...args, ...given({ dx: pixels(o.dx, '--dx'), dy: pixels(o.dy, '--dy') }) }
        : { ...args, to: elementNumber(m, 'drag') };
    } },
});

const keys = defineTool({
  name: 'keys',
  expects: true,
  title: 'Press keys',
  description: `Presses keys in element [index] (focused first), or in the focused element without index: ` +
    `space-separated chords such as "Enter", "Escape", "Control+a", "Shift+Tab", "ArrowDown ArrowDown Enter". ` +
    `${STATE_NOTE}`,
  params: { keys: { type: 'string', minLength: 1, description: 'Space-separated key chords.' }, index: INDEX },
  required: ['keys'],
  handle: (b, a) => act(b, 'keys', a.index, 'sendKeys', [a.index ?? -1, a.keys]),
  shell: { usage: 'KEYS… [--index N]', options: { index: 'string' }, positionals: [1, Infinity],
    args: (words, o) => ({ keys: words.join(' '),
      ...(o.index === undefined ? {} : elementWord(o.index, '--index')) }) },
});

const scroll = defineTool({
  name: 'scroll',
  expects: true,
  title: 'Scroll',
  description: `Scrolls the page, or the scrollable element [index], by pages (viewport heights, default 1) or ` +
    `pixels. ${STATE_NOTE}`,
  params: { direction: { type: 'string', enum: ['up', 'down', 'left', 'right'],
    description: 'Where to move the view.' },
    index: INDEX,
      pages: { type: 'number', exclusiveMinimum: 0, maximum: 100,
      description: 'How far, in viewport sizes (default 1).' },
    pixels: { type: 'integer', minimum: 1, description: 'How far, in CSS pixels (wins over pages).' } },
  required: ['direction'],
  handle: (b, a) => {
    const where = a.index === undefined ? {} : { index: a.index };
    const verb = `scroll ${a.direction}`;
    if (a.direction === 'up' || a.direction === 'down') {
      const amount = a.pixels ? { pixels: a.pixels } : { numPages: a.pages ?? 1 };
      return act(b, verb, a.index, 'scroll', [{ down: a.direction === 'down', ...amount, ...where }]);
    }
    const px = a.pixels ?? Math.round((a.pages ?? 1) * (b.options.viewport?.width || 1280));
    return act(b, verb, a.index, 'scrollHorizontally', [{ right: a.direction === 'right', pixels: px, ...where }]);
  },
  shell: { usage: 'up|down|left|right [--index N] [--pages P | --pixels X]',
    options: { index: 'string', pages: 'string', pixels: 'string' }, positionals: 1,
    args: ([direction], o) => ({ direction, ...(o.index === undefined ? {} : elementWord(o.index, '--index')),
      ...given({
      pixels: o.pixels === undefined ? undefined : wholeNumber(o.pixels, '--pixels'),
      pages: o.pages === undefined ? undefined : decimal(o.pages, '--pages'),
    }) }) },
});

// A file input is given the files; another element is clicked and the chooser it opens answered.
async function giveFiles(b, tab, index, files) {
  const at = targetOf(tab, index);  // the frame that holds it, and its number there
  const r = await tab.call(inPage.describeIndex, at.index, at.frame);
  if (!r.value)
    throw new ToolError(`upload [${index}] refused: no element with that index in the last state (read the ` +
    `state again)`);
  if (r.value.tag === 'input' && r.value.type.toLowerCase() === 'file') {
    const handle = await (at.frame || tab.page).evaluateHandle(inPage.elementAt, at.index);
    const input = handle.asElement();
    // Playwright's handle sets files; puppeteer's, from a frame in Firefox, uploads them.
    await (input.setInputFiles ? input.setInputFiles(files) : input.uploadFile(...files));
    await handle.dispose();
    return;
  }
  const chooser = tab.page.waitForEvent('filechooser', { timeout: 3000 }).catch(() => null);
  await tab.call(inPage.act, { method: 'clickElement', args: [at.index] }, at.frame);
  const c = tab.fileChooser || await chooser;
  tab.fileChooser = null;
  if (!c) throw new ToolError(`upload [${index}] failed: element [${index}] is not a file input and clicking it ` +
    `opened no file chooser`);
  await c.setFiles(files);
}

const upload = defineTool({
  name: 'upload',
  expects: true,
  title: 'Upload files',
  description: 'Gives files to file input [index], or to the file chooser that element [index] opens when clicked ' +
    '(or one already open). Paths are on the machine running dehydra.',
  params: { index: INDEX,
    paths: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'Local file paths.' } },
  required: ['index', 'paths'],
  handle: async (b, a) => {
    const files = a.paths.map((p) => resolve(p));
    for (const f of files) if (!existsSync(f) || !statSync(f).isFile()) throw new ToolError(`no such file: ${f}`);
    const tab = await b.tab();
    if (tab.fileChooser) {
      const chooser = tab.fileChooser;
      tab.fileChooser = null;
      await chooser.setFiles(files);
    } else await giveFiles(b, tab, a.index, files);
    await tab.call(inPage.read, { what: 'wait', options: WAITS.afterAction });
    return stateAnswer(b, tab, { changes: true }, [`upload [${a.index}]: ${files.length} file(s) given.`]);
  },
  shell: { usage: 'N FILE…', positionals: [2, Infinity],
    args: ([n, ...paths]) => ({ ...elementWord(n, 'upload'), paths }) },
});

// The action a dialog held up, finished once the dialog is answered.
async function finishHeldAction(b, tab, ours) {
  const action = tab.pendingAction;
  tab.pendingAction = null;
  if (!action) return null;
  const end = Date.now() + WAITS.afterAction.timeoutMs;
  const another = (async () => { while (!tab.dialog && Date.now() < end) await sleep(20); return null; })();
  const done = await Promise.race([action.pending, another]);
  if (tab.dialog)
    return b.answer([ours, `Another ${tab.dialog.type()} dialog opened.${dialogWayOut(tab)} Its message:`],
    tab.dialog.message());
  if (!done || !done.value || !done.value.result) return null;
  b.notices.push(ours);
  return afterAction(b, tab,
    { verb: action.verb, index: action.index, result: done.value.result, before: action.before, afterDialog: true });
}

const dialog = defineTool({
  name: 'dialog',
  expects: true,
  title: 'Answer a dialog',
  description: 'Answers the alert, confirm, prompt or beforeunload dialog the page opened (an action\'s answer says ' +
    'when one is open; nothing else runs until it is answered).',
  params: { accept: { type: 'boolean', description: 'true: OK / accept; false: Cancel / dismiss.' },
    text: { type: 'string', description: 'For a prompt: the text to answer with.' } },
  required: ['accept'],
  handle: async (b, a) => {
    const tab = await b.tab();
    const d = tab.dialog;
    if (!d) throw new ToolError('no dialog is open');
    const kind = d.type();
    tab.dialog = null;
    if (a.accept) await d.accept(a.text === undefined ? undefined : String(a.text));
    else await d.dismiss();
    const ours = `The ${kind} dialog was ${a.accept ? 'accepted' : 'dismissed'}.`;
    const finished = await finishHeldAction(b, tab, ours);
    if (finished) return finished;
    await tab.settleNavigation(WAITS.loadMs);
    return stateAnswer(b, tab, { changes: true, settle: WAITS.afterLoad }, [ours]);
  },
  shell: { usage: 'accept [TEXT]|dismiss', positionals: [1, 2],
    args: ([answer, text]) => {
      if (answer === 'accept') return { accept: true, ...given({ text }) };
      return answer === 'dismiss' && text === undefined ? { accept: false } : null;
    } },
});

export const ACTIONS = [click, type, select, hover, drag, keys, scroll, upload, dialog];
