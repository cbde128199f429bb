// The page's forms as tools (as WebMCP maps them) and the tools the page declares itself.
import { defineTool, given } from './define_tool.mjs';
import { readPage, interrupted, stateAnswer } from '../state_answers.mjs';
import { ToolError } from '../tool_error.mjs';
import { UsageError } from '../command_line.mjs';
import * as inPage from '../page_calls.mjs';

function json(word, what) {
  try {
    return JSON.parse(word);
  } catch (e) {
    throw new UsageError(`${what} must be JSON (${e.message})`);
  }
}

const formTools = defineTool({
  name: 'form_tools',
  title: 'Forms as tools',
  description: 'Every form on the page as a tool definition (name, description, JSON Schema of its fields), as ' +
    'WebMCP maps forms. Fill one with fill_form.',
  handle: async (b) => {
    const { answer, value } = await readPage(b, 'formTools');
    return answer || b.answer([`${value.length} form(s):`], JSON.stringify(value));
  },
  shell: { command: 'tools', args: () => ({}) },
});

const fillForm = defineTool({
  name: 'fill_form',
  expects: true,
  title: 'Fill a form',
  description: 'Fills a form that form_tools listed: the whole input is checked against its schema first (nothing ' +
    'changes on an error), then each field is set as a user would. submit: true submits it.',
  params: { tool: { type: 'string', description: 'The form tool\'s name from form_tools.' },
    input: { type: 'object', description: 'Field values by the schema\'s property names.' },
    submit: { type: 'boolean',
      description: 'Submit the form afterwards (default false: the submit button gets focus).' } },
  required: ['tool', 'input'],
  handle: async (b, a) => {
    const { answer, value: v } = await readPage(b, 'fillForm', a);
    if (answer) return answer;
    const after = await stateAnswer(b, await b.tab(), { changes: true }, []);
    return { text: `fill_form ${a.tool}: set ${v.changed.length} field(s)${v.submitted ? ' and ' +
      'submitted the form' : ''}.\n${after.text}` };
  },
  shell: { command: 'fill', usage: 'TOOL \'{"field": "value"}\' [--submit]', options: { submit: 'boolean' },
    positionals: 2,
    args: ([tool, input], o) => ({ tool, input: json(input, 'the input'), ...given({ submit: o.submit }) }) },
});

// A call of the page's own WebMCP tools: the list (call null) or one tool's answer.
async function pageTools(b, call) {
  const tab = await b.tab();
  const r = await tab.call(inPage.pageTools, call);
  if (r.interrupted) return (await interrupted(b, tab, r, null)).answer;
  const v = r.value;
  if (v.unavailable)
    throw new ToolError('this browser exposes no page tools (document.modelContext is missing; Chromium needs ' +
    '--enable-features=WebMCP, which dehydra sets when it launches Chromium)');
  if (v.error) throw new ToolError(v.error);
  if (!call) return b.answer([`The page declares ${v.tools.length} tool(s):`], JSON.stringify(v.tools));
  return b.answer([`The page's tool ${call.name} answered:`], v.value);
}

const pageToolList = defineTool({
  name: 'page_tools',
  title: 'The page\'s own tools',
  description: 'Lists the tools the page itself declares for agents (WebMCP: document.modelContext), with their ' +
    'JSON Schemas.',
  handle: (b) => pageTools(b, null),
  shell: { args: () => ({}) },
});

const callPageTool = defineTool({
  name: 'call_page_tool',
  expects: true,
  title: 'Call a page tool',
  description: 'Calls one of the page\'s own WebMCP tools by name with its input.',
  params: { name: { type: 'string', description: 'The tool\'s name from page_tools.' },
    input: { type: 'object', description: 'Its input, per its schema.' } },
  required: ['name'],
  handle: (b, a) => pageTools(b, { name: a.name, input: a.input || {} }),
  shell: { usage: 'NAME \'{"input": "json"}\'', positionals: 2,
    args: ([name, input]) => ({ name, input: json(input, 'the input') }) },
});

export const FORMS = [formTools, fillForm, pageToolList, callPageTool];
