// The agent's own JavaScript in the page, for what the state and the actions do not cover.
import { defineTool, INDEX, elementNumber, given } from './define_tool.mjs';
import { interrupted } from '../state_answers.mjs';
import { ToolError } from '../tool_error.mjs';
import * as inPage from '../page_calls.mjs';
import { targetOf } from '../frames.mjs';

// The bound of a call, and the most of its answer shown.
const EVALUATE_MS = 30000;
const EVALUATE_CHARS = 20000;

// Bounded in time; a dialog or a navigation it causes is reported as an action's would be.
async function evaluate(b, a) {
  const tab = await b.usableTab();
  const at = targetOf(tab, a.index);  // the frame that holds the element, and its number there
  if (a.index !== undefined) {
    const known = await tab.call(inPage.describeIndex, at.index, at.frame);
    if (!known.interrupted && !known.value)
      throw new ToolError(`evaluate: no element [${a.index}] in the last state (read the state and use its numbers)`);
  }
  let timer;
  const bound = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new ToolError(`evaluate: the function did not finish within ` +
      `${EVALUATE_MS / 1000} s`)), EVALUATE_MS);
  });
  const work = (at.frame || tab.page).evaluate(inPage.scriptExpression(a.function, at.index));
  let r;
  try {
    r = await Promise.race([tab.race(work, tab.navigations), bound]);
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw new ToolError(`evaluate: ${e.message.split('\n')[0].replace(/^[a-zA-Z.]+: /, '')}`);
  } finally {
    clearTimeout(timer);
  }
  if (r.interrupted) return (await interrupted(b, tab, r, 'evaluate was interrupted.')).answer;
  const v = r.value;
  if (v.noElement) throw new ToolError(`evaluate: element [${a.index}] left the page (read the state again)`);
  if (v.threw !== undefined) return { ...b.answer(['The function threw:'], v.threw), failed: true };
  const shown = v.json.length > EVALUATE_CHARS
    ? `${v.json.slice(0, EVALUATE_CHARS)}\n… (${v.json.length} characters in all)` : v.json;
  return b.answer(['The function returned:'], shown);
}

const evaluateTool = defineTool({
  name: 'evaluate',
  title: 'Run JavaScript',
  description: 'Runs JavaScript in the page and answers with its result as JSON: a function such as "() => ' +
    'document.title" (async allowed), called with element [index] when index is given ("(el) => el.value"), or an ' +
    'expression. For what the state and the actions do not cover: prefer those.',
  params: { function: { type: 'string', minLength: 1,
    description: 'A function, "() => …" or "(element) => …" with index, or an expression.' },
    index: INDEX },
  required: ['function'],
  handle: evaluate,
  shell: { command: 'eval', usage: '\'() => document.title\' [--index N]', options: { index: 'string' }, positionals: 1,
    args: ([source], o) => ({ function: source,
      ...given({ index: o.index === undefined ? undefined : elementNumber(o.index, '--index') }) }) },
});

export const SCRIPT = [evaluateTool];
