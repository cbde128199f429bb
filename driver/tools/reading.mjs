// Reading the page: its browser state, its Markdown, its accessibility tree, a screenshot, and a
// wait for it to reach a state.
import { defineTool, given, INDEX, elementNumber } from './define_tool.mjs';
import { readState, stateAnswer, readPage } from '../state_answers.mjs';
import { locatorLines } from '../locators.mjs';
import { settleLine } from '../answer.mjs';
import { ToolError } from '../tool_error.mjs';
import { wholeNumber } from '../command_line.mjs';
import { sleep } from '../waits.mjs';
import * as inPage from '../page_calls.mjs';
import { targetOf, listNumbers, refuseJoined } from '../frames.mjs';

const ELEMENT_LINE = /^\s*\*?\[(\d+)\]</;

// The lines of `content` from element [first of `indices`] to the last line before an element
// outside them: that element's part of the state.
function partOf(content, indices) {
  const inside = new Set(indices);
  const lines = content.split('\n');
  const index = (line) => { const m = ELEMENT_LINE.exec(line); return m ? Number(m[1]) : null; };
  const start = lines.findIndex((l) => inside.has(index(l)));
  if (start < 0) return '';
  let end = start;
  for (let i = start + 1; i < lines.length; i++) {
    const n = index(lines[i]);
    if (n !== null && !inside.has(n)) break;
    if (n !== null || !/^\[End of page\]$/.test(lines[i])) end = i;
  }
  return lines.slice(start, end + 1).join('\n');
}

async function withinAnswer(b, tab, index) {
  const s = await readState(b, tab, { ...b.stateOptions, viewport: false });
  if (s.answer) return s.answer;
  const at = targetOf(tab, index);
  const r = await tab.call(inPage.indicesWithin, at.index, at.frame);
  if (!r.value) throw new ToolError(`state: no element [${index}] in this state (read the state and use its numbers)`);
  const { container } = r.value;
  const indices = listNumbers(tab, at.frame, r.value.indices);
  return b.answer([`The part of the page around [${index}]: its <${container}>, with ${indices.length} ` +
    `numbered element(s):`],
    partOf(s.state.content, indices));
}

const state = defineTool({
  name: 'state',
  title: 'Browser state',
  description: 'The current page as an agent reads it: a header (URL, title, scroll position), the interactive ' +
    'elements numbered [N] (a * before [N] marks elements new since the previous state) with the visible text ' +
    'between them. Numbers stay with their elements while they live. Use changes: true to get only what changed ' +
    'since the last state, viewport: true for the visible part only, maxTokens to fold long repetitive lists, ' +
    'within: N for the part of a long page around one element.',
  params: { viewport: { type: 'boolean',
    description: 'Only the elements in the viewport (default: the whole page). Kept for later action answers.' },
    changes: { type: 'boolean',
      description: 'Only lines new or changed since the previous state, then the numbers that are gone.' },
    maxTokens: { type: 'integer', minimum: 0,
      description: 'Fold runs of similar lines to stay under about this many tokens (0: off). Kept for later ' +
      'action answers.' },
    within: { ...INDEX,
      description: 'Only the part of the page around element [within]: the list, table, form, dialog, section or ' +
      'landmark holding it (or the element, when it holds others).' },
    locators: { type: 'boolean',
      description: 'Only the locator of each numbered element (role and name, with its part of the page where ' +
      'needed), which the actions take instead of a number and which stays valid when numbers change.' } },
  handle: async (b, a) => {
    if (a.within !== undefined) return withinAnswer(b, await b.tab(), a.within);
    if (a.locators)
      return b.answer(['The locator of each numbered element (an action takes it as locator instead of index):'],
      (await locatorLines(b)).join('\n'));
    b.stateOptions = { viewport: !!a.viewport, maxTokens: a.maxTokens || 0 };
    return stateAnswer(b, await b.tab(), { changes: !!a.changes }, []);
  },
  shell: { usage: '[--in-viewport] [--changes] [--max-tokens N] [--within N] [--locators]',
    options: { 'in-viewport': 'boolean', changes: 'boolean', 'max-tokens': 'string', within: 'string',
      locators: 'boolean' },
    args: (_, o) => given({ viewport: o['in-viewport'], changes: o.changes, locators: o.locators,
      maxTokens: o['max-tokens'] === undefined ? undefined : wholeNumber(o['max-tokens'], '--max-tokens'),
      within: o.within === undefined ? undefined : elementNumber(o.within, '--within') }) },
});

// A text to find: /pattern/flags, or plain text matched without regard to case.
function matcher(text) {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (!m) return (line) => line.toLowerCase().includes(text.toLowerCase());
  let re;
  try {
    re = new RegExp(m[1], m[2].replace(/[gy]/g, ''));
  } catch (e) {
    throw new ToolError(`find: bad arguments, nothing was done: text is not a regular expression (${e.message})`);
  }
  return (line) => re.test(line);
}

const MOST_MATCHES = 200;

const find = defineTool({
  name: 'find',
  title: 'Find in the page',
  description: 'Searches the whole browser state (every element line and text line of the page, not only what an ' +
    'answer showed) for a text (without regard to case) or a /regular expression/, and answers with the matching ' +
    'lines and their neighbours; element lines keep their [N] for the actions. For pages too long to read whole.',
  params: { text: { type: 'string', minLength: 1, description: 'Plain text, or /pattern/flags.' },
    around: { type: 'integer', minimum: 0, maximum: 10,
      description: 'Lines shown before and after each match (default 1).' } },
  required: ['text'],
  handle: async (b, a) => {
    const matches = matcher(a.text);
    const tab = await b.tab();
    const s = await readState(b, tab, { ...b.stateOptions, viewport: false });
    if (s.answer) return s.answer;
    const lines = s.state.content.split('\n');
    const hits = lines.map((l, i) => (matches(l) ? i : -1)).filter((i) => i >= 0);
    if (!hits.length)
      return { text: `No line of the page matches ${JSON.stringify(a.text)} (${lines.length} lines searched).` };
    const around = a.around ?? 1;
    const shown = new Set(hits.slice(0,
      MOST_MATCHES).flatMap((i) => Array.from({ length: 2 * around + 1 }, (_, k) => i - around + k)));
    const out = [];
    [...shown].filter((i) => i >= 0 && i < lines.length).sort((x, y) => x - y).forEach((i, k, all) => {
      if (k > 0 && i !== all[k - 1] + 1) out.push('…');
      out.push(lines[i]);
    });
    const more = hits.length > MOST_MATCHES ? ` (the first ${MOST_MATCHES} shown)` : '';
    return b.answer([`${hits.length} line(s) of ${lines.length} match${more}:`], out.join('\n'));
  },
  shell: { usage: 'TEXT|/REGEX/ [--around N]', options: { around: 'string' }, positionals: 1,
    args: ([text], o) => ({ text,
      ...given({ around: o.around === undefined ? undefined : wholeNumber(o.around, '--around') }) }) },
});

const more = defineTool({
  name: 'more',
  title: 'The rest of a long answer',
  description: 'The next part of the last answer that was cut at the answer bound (such an answer says so); call ' +
    'again for the part after that.',
  handle: (b) => {
    if (!b.rest) throw new ToolError('no answer was cut: more gives the rest of the last answer that was');
    return b.answer(['The next part of the last answer:'], b.rest);
  },
  shell: {},
});

const markdown = defineTool({
  name: 'markdown',
  title: 'Page as Markdown',
  description: 'The page as Markdown: everything a reader sees (mode "page", default), or the main article only ' +
    'with its title and byline (mode "article").',
  params: { mode: { type: 'string', enum: ['page', 'article'], description: 'page (default) or article.' } },
  handle: async (b, a) => {
    const { answer, value: v } = await readPage(b, 'markdown', { mode: a.mode || 'page' });
    if (answer) return answer;
    if (a.mode === 'article')
      return b.answer(['The main article as Markdown:'],
      `# ${v.title}\n${v.byline ? `\n_${v.byline}_\n` : ''}\n${v.markdown}`);
    return b.answer(['The page as Markdown:'], v);
  },
  shell: { usage: '[--article]', options: { article: 'boolean' },
    args: (_, o) => ({ mode: o.article ? 'article' : 'page' }) },
});

const accessibilityTree = defineTool({
  name: 'accessibility_tree',
  title: 'Accessibility tree',
  description: 'The page as an accessibility tree in Playwright\'s ariaSnapshot YAML (roles, names, states); ' +
    '[ref=N] is the same number the actions take.',
  handle: async (b) => {
    refuseJoined(b.current, 'The accessibility tree (its refs are the top document\'s numbers)');
    const { answer, value } = await readPage(b, 'aria');
    return answer || b.answer(['The accessibility tree:'], value);
  },
  shell: { command: 'aria', args: () => ({}) },
});

async function screenshotHandle(b, a) {
  const tab = await b.usableTab();
  if (a.labels) refuseJoined(tab, 'A screenshot with labels');
  if (a.labels) {
    const r = await tab.call(inPage.highlights, true);
    if (r.value === false) {
      const s = await readState(b, tab, b.stateOptions);
      if (s.answer) return s.answer;
      await tab.call(inPage.highlights, true);
    }
  }
  try {
    const png = await tab.page.screenshot({ fullPage: !!a.fullPage, type: 'png' });
    return { text: `Screenshot of ${a.fullPage ? 'the whole page' : 'the viewport'}${a.labels ? ', indexed elements ' +
      'boxed with their numbers' : ''}.`, image: png };
  } finally {
    if (a.labels) await tab.call(inPage.highlights, false).catch(() => {});
  }
}

const screenshot = defineTool({
  name: 'screenshot',
  title: 'Screenshot',
  description: 'A PNG of the viewport (or the whole page); labels: true draws each indexed element\'s box and ' +
    'number on it.',
  params: { labels: { type: 'boolean', description: 'Box and number the indexed elements.' },
    fullPage: { type: 'boolean', description: 'The whole page instead of the viewport.' } },
  handle: screenshotHandle,
  shell: { usage: '[--labels] [--full] [--out FILE.png]',
    options: { labels: 'boolean', full: 'boolean', out: 'string' },
    args: (_, o) => given({ labels: o.labels, fullPage: o.full }) },
});

async function waitForText(b, tab, text, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await tab.call(inPage.hasText, text);
    if (r.value === true) return stateAnswer(b, tab, { changes: true }, ['The text is on the page.']);
    if (Date.now() > end) throw new ToolError(`the text did not appear within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Waits until the page is stable (no DOM change and no request for 500 ms), a text appears, or a CSS ' +
    'selector matches a visible element; then answers with what changed in the browser state.',
  params: { for: { type: 'string', enum: ['stable', 'text', 'selector'], description: 'What to wait for.' },
    value: { type: 'string', minLength: 1, description: 'The text or the CSS selector.' },
    timeoutMs: { type: 'integer', minimum: 0, maximum: 120000,
      description: 'Give up after this long (default 10000).' } },
  required: ['for'],
  boundMs: (a) => (a.timeoutMs ?? 10000) + 15000,
  handle: async (b, a) => {
    const timeoutMs = a.timeoutMs ?? 10000;
    const tab = await b.tab();
    if (a.for === 'text') return waitForText(b, tab, a.value, timeoutMs);
    const options = { network: a.for === 'stable', timeoutMs, quietMs: a.for === 'selector' ? 0 : 500 };
    if (a.for === 'selector') options.selector = a.value;
    const { answer, value: settle } = await readPage(b, 'wait', options);
    if (answer) return answer;
    if (!settle.stable && a.for === 'selector')
      throw new ToolError(`no visible element matched ${a.value} within ${timeoutMs} ms`);
    return stateAnswer(b, tab, { changes: true }, [settleLine(settle)]);
  },
  shell: { usage: 'stable|text TEXT|selector CSS [--timeout MS]', options: { timeout: 'string' }, positionals: [1, 2],
    args: ([kind, value], o) => {
      if (!['stable', 'text', 'selector'].includes(kind) || (value === undefined) !== (kind === 'stable')) return null;
      return { for: kind,
        ...given({ value, timeoutMs: o.timeout === undefined ? undefined : wholeNumber(o.timeout, '--timeout') }) };
    } },
});

export const READING = [state, find, more, markdown, accessibilityTree, screenshot, wait];
