// One call of one tool, as both the MCP server and the shell session make it: arguments checked
// first, calls on one Browsing (browsing.mjs) taken one at a time (two actions on one page at once would
// race), and every failure an answer, never a crash.
import { TOOL_BY_NAME } from '../tools/index.mjs';
import { checkArguments } from '../arguments.mjs';
import { ToolError } from '../tool_error.mjs';
import { readSecrets, withSecrets, redact } from '../secrets.mjs';
import { beforeAction, checkExpectation } from '../expectations.mjs';
import { locate } from '../locators.mjs';
import { Recorder } from '../recording.mjs';

// A call's bound unless its tool states one (boundMs), well past every wait a tool makes itself.
const CALL_MS = 45000;

// Answers {text, image?, isError}.
export function toolRunner(browsing) {
  let queue = Promise.resolve();
  const { record, codegen } = browsing.options;
  if ((record || codegen) && !browsing.recorder) browsing.recorder = new Recorder({ record, codegen });
  const secrets = browsing.options.secrets ? readSecrets(browsing.options.secrets) : null;
  const runTool = (name, args) => {
    const run = queue.then(() => bounded(browsing, name, withSecrets(args, secrets)))
      .then((answer) => ({ ...answer, text: redact(answer.text, secrets) }));
    queue = run.then(() => {}, () => {});
    return run;
  };
  // Work of the server's own on the same Browsing (page_tools.mjs), in turn with the calls.
  runTool.queued = (work) => {
    const run = queue.then(() => work(browsing));
    queue = run.then(() => {}, () => {});
    return run;
  };
  return runTool;
}

// A call that outlives its tool's bound is answered as such and left behind; the tab it worked
// on is stopped if it no longer answers, so the next call finds it usable.
async function bounded(browsing, name, args) {
  const tool = TOOL_BY_NAME.get(name);
  const boundMs = tool && tool.boundMs ? tool.boundMs(args || {}) : CALL_MS;
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), boundMs); });
  const work = runOne(browsing, name, args);
  const answer = await Promise.race([work, late]);
  clearTimeout(timer);
  if (answer) return answer;
  const tab = browsing.current;
  const how = tab && !tab.closed && !(await tab.answers(2000)) ? await tab.stopFrozen() : null;
  if (tab) tab.frozen = null;
  const done = how === 'loading' ? ' The page was held by a document that never came; dehydra stopped the loading.'
    : how === 'stopped' ? ' The page had stopped answering; dehydra stopped its script from outside the page.'
    : how === 'restarted' && tab.page.usersBrowser
      ? ' The page had stopped answering; it is left to you in your browser.'
    : how === 'restarted' ? ' The page had stopped answering; dehydra restarted the browser (its tabs are gone).'
      : ' The page still answers: the browser or the network was slow.';
  return { text: `${name} did not finish within ${boundMs / 1000} s and was abandoned.${done} The next call ` +
    `works as usual.`, isError: true };
}

async function runOne(browsing, name, args) {
  const tool = TOOL_BY_NAME.get(name);
  if (!tool) return { text: `unknown tool ${name} (the tools: ${[...TOOL_BY_NAME.keys()].join(', ')})`, isError: true };
  try {
    const checked = { ...checkArguments(tool, args) };
    const refused = browsing.refusal(name, checked);
    if (refused) throw new ToolError(refused);
    const recorded = browsing.recorder && tool.expects ? await browsing.recorder.before(browsing, tool, checked) : null;
    const found = tool.locates ? await located(browsing, tool, checked) : '';
    const expect = tool.expects ? checked.expect : undefined;
    if (expect) await browsing.tab();
    const before = expect ? beforeAction(browsing) : null;
    const { failed, ...answer } = await tool.handle(browsing, checked,
      { call: (next, nextArgs) => runOne(browsing, next, nextArgs) });
    if (found) answer.text = `${found}\n${answer.text}`;
    let result = { ...answer, isError: !!failed };
    if (expect) {
      const outcome = await checkExpectation(browsing, expect, before);
      result = { ...answer, text: `${outcome.lines.join('\n')}\n${answer.text}`, isError: !!failed || !outcome.met };
    }
    if (recorded) browsing.recorder.add(tool, recorded, result);
    return result;
  } catch (e) {
    if (e instanceof ToolError) return { text: e.message, isError: true };
    const first = String(e && e.message || e).split('\n')[0].replace(/^[a-zA-Z.]+: /, '');
    return { text: `${name} failed: ${first}`, isError: true };
  }
}

// Resolves a locator into the element's number now (checked.index); answers the line that says so.
async function located(browsing, tool, checked) {
  if (checked.locator !== undefined && checked.index !== undefined) {
    throw new ToolError(`${tool.name}: bad arguments, nothing was done: give index or locator, not both`);
  }
  if (checked.locator === undefined) {
    if (tool.needsElement && checked.index === undefined) {
      throw new ToolError(`${tool.name}: bad arguments, nothing was done: index (a number from the state) or ` +
        `locator is required`);
    }
    return '';
  }
  checked.index = await locate(browsing, checked.locator);
  const line = `Locator ${checked.locator} is [${checked.index}].`;
  delete checked.locator;
  return line;
}
