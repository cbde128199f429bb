// The driver's tools, declared once: the MCP server lists and calls them, the shell session maps
// its commands onto them. Each has a JSON Schema its arguments are checked against before it runs,
// and answers {text, image?}.
import { untrusted } from './answer.mjs';
import { ToolError } from './tool_error.mjs';
import { LEVELS } from './page_log.mjs';

const INDEX = { type: 'integer', minimum: 0, description: 'The element\'s number in the last browser state ([N] before its line).' };
const STATE_NOTE = 'Answers with the effect and only the lines of the browser state that changed, read once the page settled (the requests the action started included, bounded at 5 s).';

function tool(name, title, description, properties, required, run) {
  return { name, title, description, inputSchema: { type: 'object', properties, required, additionalProperties: false }, run };
}

function text(intro, body) {
  return { text: `${intro}\n${untrusted(body)}` };
}

export const TOOLS = [
  tool('navigate', 'Open a URL', 'Opens a URL (http, https, file, or a local path) in the current tab, waits for it to load and settle, and answers with the browser state: the page\'s interactive elements numbered [N] with the visible text between them. Use those numbers with click, type, select and the other actions.',
    { url: { type: 'string', description: 'The address to open, e.g. https://example.com or ./page.html.' } }, ['url'],
    (b, a) => b.navigate(a.url)),
  tool('back', 'Go back', 'Goes back one page in the current tab\'s history and answers with the browser state.', {}, [],
    (b) => b.back()),
  tool('tabs', 'Tabs', 'Lists the tabs (action "list"), opens a new one ("new", optionally with url), makes one current ("select" with index) or closes one ("close" with index). Tabs a page opens become current by themselves, and the next answer says so.',
    { action: { type: 'string', enum: ['list', 'new', 'select', 'close'], description: 'What to do (default list).' },
      index: { type: 'integer', minimum: 0, description: 'The tab, as tabs list numbers them (select, close).' },
      url: { type: 'string', description: 'For new: the address to open in it.' } }, [],
    (b, a) => b.tabsTool(a)),
  tool('state', 'Browser state', 'The current page as an agent reads it: a header (URL, title, scroll position), the interactive elements numbered [N] (a * before [N] marks elements new since the previous state) with the visible text between them. Numbers stay with their elements while they live. Use changes: true to get only what changed since the last state, viewport: true for the visible part only, maxTokens to fold long repetitive lists.',
    { viewport: { type: 'boolean', description: 'Only the elements in the viewport (default: the whole page). Kept for later action answers.' },
      changes: { type: 'boolean', description: 'Only lines new or changed since the previous state, then the numbers that are gone.' },
      maxTokens: { type: 'integer', minimum: 0, description: 'Fold runs of similar lines to stay under about this many tokens (0: off). Kept for later action answers.' } }, [],
    (b, a) => b.state(a)),
  tool('click', 'Click', `Clicks element [index] as a user's mouse does (pointer and mouse events at a visible point of it). count: 2 double-clicks. ${STATE_NOTE}`,
    { index: INDEX, count: { type: 'integer', minimum: 1, maximum: 2, description: '2 for a double click (default 1).' },
      force: { type: 'boolean', description: 'Dispatch to the element even when something covers it (default false: a covered element is refused and what covers it named).' } }, ['index'],
    (b, a) => b.act('click', a.index, 'clickElement', [a.index, ...(a.count || a.force ? [{ ...(a.count ? { count: a.count } : {}), ...(a.force ? { force: true } : {}) }] : [])])),
  tool('type', 'Type text', `Replaces the text of input, textarea or contenteditable [index] with text, as typing does (focus, key and input events, change on leaving). submit: true then presses Enter. ${STATE_NOTE}`,
    { index: INDEX, text: { type: 'string', description: 'The whole new text.' },
      submit: { type: 'boolean', description: 'Press Enter after typing (default false).' } }, ['index', 'text'],
    (b, a) => b.act('type', a.index, 'inputText', [a.index, a.text], a.submit ? { method: 'sendKeys', args: [a.index, 'Enter'] } : undefined)),
  tool('select', 'Choose an option', `Chooses the option whose text (or value) is option in select [index]: a native <select>, an ARIA combobox or listbox, or an input with suggestions. ${STATE_NOTE}`,
    { index: INDEX, option: { type: 'string', description: 'The option\'s visible text, as the state prints it.' } }, ['index', 'option'],
    (b, a) => b.act('select', a.index, 'selectOption', [a.index, a.option])),
  tool('hover', 'Hover', `Moves the pointer over element [index] (pointer and mouse over/enter/move events), for menus and tooltips that open on hover. ${STATE_NOTE}`,
    { index: INDEX }, ['index'],
    (b, a) => b.act('hover', a.index, 'hover', [a.index])),
  tool('drag', 'Drag', `Drags element [index] as a user's mouse does: presses it, moves in steps onto element [to] (or by dx, dy CSS pixels) and releases there; draggable elements get HTML drag and drop events. For sortable lists, boards and splitters; fails when the page did not react. ${STATE_NOTE}`,
    { index: INDEX, to: { ...INDEX, description: 'The element to drop onto, a number from the last browser state.' },
      dx: { type: 'number', description: 'Instead of to: how far right to move, in CSS pixels (negative: left).' },
      dy: { type: 'number', description: 'Instead of to: how far down to move, in CSS pixels (negative: up).' } }, ['index'],
    (b, a) => {
      const offset = a.dx !== undefined || a.dy !== undefined;
      if ((a.to === undefined) === !offset) throw new ToolError(`drag: bad arguments, nothing was done: give to (an element's number) or dx and dy, ${offset ? 'not both' : 'one of them'}`);
      const to = offset ? { dx: a.dx ?? 0, dy: a.dy ?? 0 } : a.to;
      return b.act('drag', a.index, 'dragElement', [a.index, to]);
    }),
  tool('keys', 'Press keys', `Presses keys in element [index] (focused first), or in the focused element without index: space-separated chords such as "Enter", "Escape", "Control+a", "Shift+Tab", "ArrowDown ArrowDown Enter". ${STATE_NOTE}`,
    { keys: { type: 'string', minLength: 1, description: 'Space-separated key chords.' }, index: INDEX }, ['keys'],
    (b, a) => b.act('keys', a.index, 'sendKeys', [a.index ?? -1, a.keys])),
  tool('scroll', 'Scroll', `Scrolls the page, or the scrollable element [index], by pages (viewport heights, default 1) or pixels. ${STATE_NOTE}`,
    { direction: { type: 'string', enum: ['up', 'down', 'left', 'right'], description: 'Where to move the view.' },
      index: INDEX, pages: { type: 'number', exclusiveMinimum: 0, maximum: 100, description: 'How far, in viewport sizes (default 1).' },
      pixels: { type: 'integer', minimum: 1, description: 'How far, in CSS pixels (wins over pages).' } }, ['direction'],
    (b, a) => {
      const where = a.index === undefined ? {} : { index: a.index };
      const verb = `scroll ${a.direction}`;
      if (a.direction === 'up' || a.direction === 'down') {
        const amount = a.pixels ? { pixels: a.pixels } : { numPages: a.pages ?? 1 };
        return b.act(verb, a.index, 'scroll', [{ down: a.direction === 'down', ...amount, ...where }]);
      }
      const pixels = a.pixels ?? Math.round((a.pages ?? 1) * (b.options.viewport?.width || 1280));
      return b.act(verb, a.index, 'scrollHorizontally', [{ right: a.direction === 'right', pixels, ...where }]);
    }),
  tool('upload', 'Upload files', 'Gives files to file input [index], or to the file chooser that element [index] opens when clicked (or one already open). Paths are on the machine running dehydra.',
    { index: INDEX, paths: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'Local file paths.' } }, ['index', 'paths'],
    (b, a) => b.upload(a.index, a.paths)),
  tool('dialog', 'Answer a dialog', 'Answers the alert, confirm, prompt or beforeunload dialog the page opened (an action\'s answer says when one is open; nothing else runs until it is answered).',
    { accept: { type: 'boolean', description: 'true: OK / accept; false: Cancel / dismiss.' },
      text: { type: 'string', description: 'For a prompt: the text to answer with.' } }, ['accept'],
    (b, a) => b.dialog(a)),
  tool('markdown', 'Page as Markdown', 'The page as Markdown: everything a reader sees (mode "page", default), or the main article only with its title and byline (mode "article").',
    { mode: { type: 'string', enum: ['page', 'article'], description: 'page (default) or article.' } }, [],
    async (b, a) => {
      const { answer, value: v } = await b.read('markdown', { mode: a.mode || 'page' });
      if (answer) return answer;
      if (a.mode === 'article') return text('The main article as Markdown:', `# ${v.title}\n${v.byline ? `\n_${v.byline}_\n` : ''}\n${v.markdown}`);
      return text('The page as Markdown:', v);
    }),
  tool('accessibility_tree', 'Accessibility tree', 'The page as an accessibility tree in Playwright\'s ariaSnapshot YAML (roles, names, states); [ref=N] is the same number the actions take.', {}, [],
    async (b) => {
      const { answer, value } = await b.read('aria');
      return answer || text('The accessibility tree:', value);
    }),
  tool('form_tools', 'Forms as tools', 'Every form on the page as a tool definition (name, description, JSON Schema of its fields), as WebMCP maps forms. Fill one with fill_form.', {}, [],
    async (b) => {
      const { answer, value } = await b.read('formTools');
      return answer || text(`${value.length} form(s):`, JSON.stringify(value));
    }),
  tool('fill_form', 'Fill a form', 'Fills a form that form_tools listed: the whole input is checked against its schema first (nothing changes on an error), then each field is set as a user would. submit: true submits it.',
    { tool: { type: 'string', description: 'The form tool\'s name from form_tools.' },
      input: { type: 'object', description: 'Field values by the schema\'s property names.' },
      submit: { type: 'boolean', description: 'Submit the form afterwards (default false: the submit button gets focus).' } }, ['tool', 'input'],
    async (b, a) => {
      const { answer, value: v } = await b.read('fillForm', a);
      if (answer) return answer;
      const after = await b.state({ changes: true, viewport: b.stateOptions.viewport, maxTokens: b.stateOptions.maxTokens });
      return { text: `fill_form ${a.tool}: set ${v.changed.length} field(s)${v.submitted ? ' and submitted the form' : ''}.\n${after.text}` };
    }),
  tool('page_tools', 'The page\'s own tools', 'Lists the tools the page itself declares for agents (WebMCP: document.modelContext), with their JSON Schemas.', {}, [],
    (b) => b.pageTools(null)),
  tool('call_page_tool', 'Call a page tool', 'Calls one of the page\'s own WebMCP tools by name with its input.',
    { name: { type: 'string', description: 'The tool\'s name from page_tools.' }, input: { type: 'object', description: 'Its input, per its schema.' } }, ['name'],
    (b, a) => b.pageTools({ name: a.name, input: a.input || {} })),
  tool('wait', 'Wait', 'Waits until the page is stable (no DOM change and no request for 500 ms), a text appears, or a CSS selector matches a visible element; then answers with what changed in the browser state.',
    { for: { type: 'string', enum: ['stable', 'text', 'selector'], description: 'What to wait for.' },
      value: { type: 'string', minLength: 1, description: 'The text or the CSS selector.' },
      timeoutMs: { type: 'integer', minimum: 0, maximum: 120000, description: 'Give up after this long (default 10000).' } }, ['for'],
    (b, a) => b.wait(a)),
  tool('evaluate', 'Run JavaScript', 'Runs JavaScript in the page and answers with its result as JSON: a function such as "() => document.title" (async allowed), called with element [index] when index is given ("(el) => el.value"), or an expression. For what the state and the actions do not cover: prefer those.',
    { function: { type: 'string', minLength: 1, description: 'A function, "() => …" or "(element) => …" with index, or an expression.' },
      index: INDEX }, ['function'],
    (b, a) => b.evaluate(a)),
  tool('console', 'Console messages', 'The console messages and uncaught errors of the current page (since it loaded), oldest first.',
    { level: { type: 'string', enum: LEVELS, description: 'The least severe level shown (default info: errors, warnings and logs; debug adds debug).' },
      all: { type: 'boolean', description: 'Since the tab opened, earlier pages included (default false).' } }, [],
    async (b, a) => {
      const lines = (await b.tab()).log.consoleLines(a.level || 'info', !!a.all);
      return lines.length ? text(`${lines.length} console message(s):`, lines.join('\n')) : { text: 'No console messages.' };
    }),
  tool('network', 'Network requests', 'The requests of the current page (since it loaded) with their outcome: "GET https://… → 200 (fetch)". Page resources that loaded (images, fonts, scripts, style sheets) are left out unless static is true.',
    { filter: { type: 'string', description: 'Only URLs matching this regular expression, e.g. "/api/".' },
      static: { type: 'boolean', description: 'Include page resources that loaded fine (default false).' },
      all: { type: 'boolean', description: 'Since the tab opened, earlier pages included (default false).' } }, [],
    async (b, a) => {
      let filter = null;
      if (a.filter !== undefined) {
        try { filter = new RegExp(a.filter); } catch (e) { throw new ToolError(`network: bad arguments, nothing was done: filter is not a regular expression (${e.message})`); }
      }
      const lines = (await b.tab()).log.requestLines(filter, !!a.static, !!a.all);
      return lines.length ? text(`${lines.length} request(s):`, lines.join('\n')) : { text: 'No requests.' };
    }),
  tool('resize', 'Resize the viewport', 'Sets the viewport to width × height CSS pixels (a phone is about 390 × 844) and answers with the browser state, laid out anew.',
    { width: { type: 'integer', minimum: 200, maximum: 7680, description: 'CSS pixels.' },
      height: { type: 'integer', minimum: 200, maximum: 4320, description: 'CSS pixels.' } }, ['width', 'height'],
    (b, a) => b.resize(a)),
  tool('screenshot', 'Screenshot', 'A PNG of the viewport (or the whole page); labels: true draws each indexed element\'s box and number on it.',
    { labels: { type: 'boolean', description: 'Box and number the indexed elements.' },
      fullPage: { type: 'boolean', description: 'The whole page instead of the viewport.' } }, [],
    (b, a) => b.screenshot(a)),
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
