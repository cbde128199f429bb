// The current page's tools as MCP tools of their own: each form dehydra turns into a tool and each
// tool the page registers through WebMCP, named page_<name>, with its JSON Schema. The list is read
// again after each call that may change the page; when it changed the server tells the client
// (notifications/tools/list_changed). Bounded in number; the rest stay reachable through
// form_tools / fill_form and page_tools / call_page_tool.
import { readPage } from '../state_answers.mjs';
import { TOOL_BY_NAME } from '../tools/index.mjs';
import * as inPage from '../page_calls.mjs';

const MOST = 10;
const SUBMIT = { type: 'boolean',
  description: 'Submit the form once filled (default false: the submit button gets focus).' };

const slug = (name) => String(name).toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
  .slice(0, 48) || 'tool';

// The page's form tools and WebMCP tools, or none when the page cannot say.
async function read(b) {
  if (!b.current || b.current.closed) return { forms: [], own: [] };
  const forms = await readPage(b, 'formTools').then((r) => (Array.isArray(r.value) ? r.value : []), () => []);
  const r = await b.current.call(inPage.pageTools, null).catch(() => null);
  const own = r && r.value && Array.isArray(r.value.tools) ? r.value.tools : [];
  return { forms, own };
}

function objectSchema(schema) {
  return schema && typeof schema === 'object' && schema.type === 'object' ? schema : { type: 'object', properties: {} };
}

export class PageTools {
  // `runTool`: the session's tool runner (run_tool.mjs), whose queue the reads wait in.
  constructor(runTool) {
    this.runTool = runTool;
    this.tools = new Map();  // MCP name -> {definition, call(args)}
    this.signature = '[]';
  }

  list() { return [...this.tools.values()].map((t) => t.definition); }

  has(name) { return this.tools.has(name); }

  call(name, args) { return this.tools.get(name).call(args || {}); }

  // Reads the page's tools; true when the list changed.
  async refresh() {
    const { forms, own } = await this.runTool.queued(read);
    const next = new Map();
    const add = (base, definition, call) => {
      if (next.size >= MOST) return;
      // A page's name never takes one of dehydra's own (a page tool "tools" is not page_tools).
      const free = (name) => !next.has(name) && !TOOL_BY_NAME.has(name);
      let name = `page_${slug(base)}`;
      for (let n = 2; !free(name); n++) name = `page_${slug(base)}_${n}`;
      next.set(name, { definition: { ...definition, name }, call });
    };
    const ownNames = new Set(own.map((t) => t.name));
    for (const t of own) {
      add(t.name, { title: t.title || t.name,
        description: `The page's own tool ${t.name}: ${t.description || ''}`.trim(),
        inputSchema: objectSchema(t.inputSchema) }, (input) => this.runTool('call_page_tool', { name: t.name, input }));
    }
    for (const f of forms) {
      if (ownNames.has(f.name)) continue;
      const schema = objectSchema(f.inputSchema);
      const submitKey = schema.properties && 'submit' in schema.properties ? 'dehydra_submit' : 'submit';
      add(f.name, { title: f.name,
        description: `A form of the page: ${String(f.description || f.name).replace(/\.+$/, '')}. ` +
          'The input is checked against this schema before anything is typed; each field is then set as a user ' +
          `would, and ${submitKey}: true submits it.`,
        inputSchema: { ...schema, properties: { ...(schema.properties || {}), [submitKey]: SUBMIT } } },
      (args) => {
        const { [submitKey]: submit, ...input } = args;
        return this.runTool('fill_form', { tool: f.name, input, ...(submit ? { submit: true } : {}) });
      });
    }
    const signature = JSON.stringify([...next.values()].map((t) => t.definition));
    const changed = signature !== this.signature;
    this.tools = next;
    this.signature = signature;
    return changed;
  }
}
