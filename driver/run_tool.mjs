// One call of one tool, as both the MCP server and the shell session make it: arguments checked
// first, calls on one Browsing (browsing.mjs) taken one at a time (two actions on one page at once would
// race), and every failure an answer, never a crash.
import { TOOL_BY_NAME } from './tools/index.mjs';
import { checkArguments } from './arguments.mjs';
import { ToolError } from './tool_error.mjs';

// Answers {text, image?, isError}.
export function toolRunner(browsing) {
  let queue = Promise.resolve();
  return (name, args) => {
    const run = queue.then(() => runOne(browsing, name, args));
    queue = run.then(() => {}, () => {});
    return run;
  };
}

async function runOne(browsing, name, args) {
  const tool = TOOL_BY_NAME.get(name);
  if (!tool) return { text: `unknown tool ${name} (the tools: ${[...TOOL_BY_NAME.keys()].join(', ')})`, isError: true };
  try {
    const { failed, ...answer } = await tool.handle(browsing, checkArguments(tool, args));
    return { ...answer, isError: !!failed };
  } catch (e) {
    if (e instanceof ToolError) return { text: e.message, isError: true };
    const first = String(e && e.message || e).split('\n')[0].replace(/^[a-zA-Z.]+: /, '');
    return { text: `${name} failed: ${first}`, isError: true };
  }
}
