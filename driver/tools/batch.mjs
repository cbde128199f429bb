// Several steps in one call, each once the previous one settled, stopping at the first surprise:
// a step that fails or whose expectation (an action's `expect`) is not met.
import { defineTool } from './define_tool.mjs';
import { ToolError } from '../tool_error.mjs';
import { UsageError } from '../command_line.mjs';

const MOST_STEPS = 50;

// Our words of an answer: its lines before the page's fenced text, else that it answered.
function ours(text) {
  const head = text.split('\n<untrusted-page-content')[0];
  const mine = head.startsWith('<untrusted-page-content') ? '' : head;
  return mine.split('\n').filter(Boolean).join(' ') || 'answered with the page\'s text';
}

const shown = (args) => {
  const s = JSON.stringify(args || {});
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

const batch = defineTool({
  name: 'batch',
  title: 'Run steps in order',
  description: 'Runs several steps in one call, in order, each once the previous one settled: any other tool with ' +
    'its arguments, an action with its expect. Stops at the first step that fails or whose expectation is not met. ' +
    'Answers with one line per step run, then the whole answer of the last step run (the one that stopped the ' +
    'batch, if one did).',
  params: { steps: { type: 'array', minItems: 1, maxItems: MOST_STEPS, description: 'The steps, in order.',
    items: { type: 'object', additionalProperties: false, required: ['tool'],
      properties: { tool: { type: 'string', description: 'The tool, e.g. "click".' },
        args: { type: 'object', description: 'Its arguments, e.g. {"index": 4, "expect": {"text": "Added"}}.' } } } } },
  required: ['steps'],
  boundMs: (a) => Math.min(600000, 45000 * (Array.isArray(a.steps) ? a.steps.length : 1)),
  handle: async (b, a, { call }) => {
    if (a.steps.some((s) => s.tool === 'batch'))
      throw new ToolError('batch: bad arguments, nothing was done: a step cannot be a batch');
    const lines = [];
    let last = null;
    for (let i = 0; i < a.steps.length; i++) {
      const step = a.steps[i];
      last = await call(step.tool, step.args || {});
      lines.push(`${i + 1}. ${step.tool} ${shown(step.args)}: ${last.isError ? 'FAILED: ' : ''}${ours(last.text)}`);
      if (last.isError) {
        lines.push(`Stopped at step ${i + 1} of ${a.steps.length}; the steps after it were not run. Its answer:`);
        return { text: `${lines.join('\n')}\n${last.text}`, failed: true };
      }
    }
    lines.push(`All ${a.steps.length} step(s) done. The last step's answer:`);
    return { text: `${lines.join('\n')}\n${last.text}` };
  },
  shell: { usage: 'FILE|-   (a JSON list of {"tool", "args"}; - reads it from the input)', positionals: 1,
    args: ([json]) => {
      let steps;
      try {
        steps = JSON.parse(json);
      } catch (e) {
        throw new UsageError(`batch takes a JSON list of steps (${e.message})`);
      }
      return { steps };
    } },
});

export const BATCH = [batch];
