// The shell session's commands, each mapped onto a tool of tools.mjs: `dehydra click 4` is the
// click tool with {index: 4}. Parsing only; nothing here touches a browser.
import { ToolError } from './tool_error.mjs';

function index(word, command) {
  if (word === undefined || !/^\d+$/.test(word)) throw new ToolError(`${command} takes an element number from the last state (got ${word === undefined ? 'nothing' : JSON.stringify(word)})`);
  return Number(word);
}

function json(word, what) {
  try {
    return JSON.parse(word);
  } catch (e) {
    throw new ToolError(`${what} must be JSON (${e.message})`);
  }
}

function count(word, flag) {
  if (word === undefined || !/^\d+$/.test(word)) throw new ToolError(`${flag} takes a whole number`);
  return Number(word);
}

// Splits words into positionals and --flags (a flag listed in `valued` takes the next word).
function split(words, valued, allowed) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.startsWith('--') && w.length > 2) {
      const [name, inline] = w.slice(2).split(/=(.*)/s);
      if (!allowed.includes(name) && !valued.includes(name)) throw new ToolError(`unknown option --${name}`);
      if (valued.includes(name)) {
        const v = inline !== undefined ? inline : words[++i];
        if (v === undefined) throw new ToolError(`--${name} needs a value`);
        flags[name] = v;
      } else flags[name] = true;
    } else positional.push(w);
  }
  return { positional, flags };
}

function exactly(command, positional, n, usage) {
  if (positional.length !== n) throw new ToolError(`usage: dehydra ${command} ${usage}`);
}

// command -> (words) => {tool, args, out?}
export const SHELL_COMMANDS = {
  open: (w) => { const { positional: p } = split(w, [], []); exactly('open', p, 1, 'URL'); return { tool: 'navigate', args: { url: p[0] } }; },
  state: (w) => {
    const { positional: p, flags: f } = split(w, ['max-tokens'], ['in-viewport', 'changes']);
    exactly('state', p, 0, '[--in-viewport] [--changes] [--max-tokens N]');
    const args = {};
    if (f['in-viewport']) args.viewport = true;
    if (f.changes) args.changes = true;
    if (f['max-tokens'] !== undefined) args.maxTokens = count(f['max-tokens'], '--max-tokens');
    return { tool: 'state', args };
  },
  markdown: (w) => { const { positional: p, flags: f } = split(w, [], ['article']); exactly('markdown', p, 0, '[--article]'); return { tool: 'markdown', args: { mode: f.article ? 'article' : 'page' } }; },
  aria: (w) => { exactly('aria', w, 0, ''); return { tool: 'accessibility_tree', args: {} }; },
  tools: (w) => { exactly('tools', w, 0, ''); return { tool: 'form_tools', args: {} }; },
  fill: (w) => {
    const { positional: p, flags: f } = split(w, [], ['submit']);
    exactly('fill', p, 2, 'TOOL \'{"field": "value"}\' [--submit]');
    return { tool: 'fill_form', args: { tool: p[0], input: json(p[1], 'the input'), ...(f.submit ? { submit: true } : {}) } };
  },
  'page-tools': (w) => { exactly('page-tools', w, 0, ''); return { tool: 'page_tools', args: {} }; },
  'call-page-tool': (w) => {
    exactly('call-page-tool', w, 2, 'NAME \'{"input": "json"}\'');
    return { tool: 'call_page_tool', args: { name: w[0], input: json(w[1], 'the input') } };
  },
  click: (w) => {
    const { positional: p, flags: f } = split(w, [], ['double', 'force']);
    exactly('click', p, 1, 'N [--double] [--force]');
    return { tool: 'click', args: { index: index(p[0], 'click'), ...(f.double ? { count: 2 } : {}), ...(f.force ? { force: true } : {}) } };
  },
  type: (w) => {
    const { positional: p, flags: f } = split(w, [], ['submit']);
    exactly('type', p, 2, 'N TEXT [--submit]');
    return { tool: 'type', args: { index: index(p[0], 'type'), text: p[1], ...(f.submit ? { submit: true } : {}) } };
  },
  select: (w) => { exactly('select', w, 2, 'N OPTION'); return { tool: 'select', args: { index: index(w[0], 'select'), option: w[1] } }; },
  hover: (w) => { exactly('hover', w, 1, 'N'); return { tool: 'hover', args: { index: index(w[0], 'hover') } }; },
  drag: (w) => {
    const { positional: p, flags: f } = split(w, ['dx', 'dy'], []);
    const offset = f.dx !== undefined || f.dy !== undefined;
    if (p.length !== (offset ? 1 : 2)) throw new ToolError('usage: dehydra drag N M | dehydra drag N --dx PX [--dy PX]   (onto element M, or by an offset)');
    const px = (v, name) => {
      if (v === undefined) return undefined;
      if (!/^-?\d+(\.\d+)?$/.test(v)) throw new ToolError(`${name} takes a number of CSS pixels`);
      return Number(v);
    };
    const args = { index: index(p[0], 'drag') };
    if (offset) Object.assign(args, f.dx !== undefined ? { dx: px(f.dx, '--dx') } : {}, f.dy !== undefined ? { dy: px(f.dy, '--dy') } : {});
    else args.to = index(p[1], 'drag');
    return { tool: 'drag', args };
  },
  keys: (w) => {
    const { positional: p, flags: f } = split(w, ['index'], []);
    if (p.length === 0) throw new ToolError('usage: dehydra keys KEYS... [--index N]   e.g. dehydra keys Enter, dehydra keys Control+a Backspace');
    return { tool: 'keys', args: { keys: p.join(' '), ...(f.index !== undefined ? { index: index(f.index, '--index') } : {}) } };
  },
  scroll: (w) => {
    const { positional: p, flags: f } = split(w, ['index', 'pages', 'pixels'], []);
    exactly('scroll', p, 1, 'up|down|left|right [--index N] [--pages P | --pixels X]');
    const args = { direction: p[0] };
    if (f.index !== undefined) args.index = index(f.index, '--index');
    if (f.pixels !== undefined) args.pixels = count(f.pixels, '--pixels');
    if (f.pages !== undefined) {
      if (!/^\d+(\.\d+)?$/.test(f.pages)) throw new ToolError('--pages takes a number');
      args.pages = Number(f.pages);
    }
    return { tool: 'scroll', args };
  },
  upload: (w) => {
    if (w.length < 2) throw new ToolError('usage: dehydra upload N FILE...');
    return { tool: 'upload', args: { index: index(w[0], 'upload'), paths: w.slice(1) } };
  },
  dialog: (w) => {
    if (w[0] === 'accept' && w.length <= 2) return { tool: 'dialog', args: { accept: true, ...(w[1] !== undefined ? { text: w[1] } : {}) } };
    if (w[0] === 'dismiss' && w.length === 1) return { tool: 'dialog', args: { accept: false } };
    throw new ToolError('usage: dehydra dialog accept [TEXT] | dehydra dialog dismiss');
  },
  wait: (w) => {
    const { positional: p, flags: f } = split(w, ['timeout'], []);
    const kind = p[0];
    if (!['stable', 'text', 'selector'].includes(kind) || p.length !== (kind === 'stable' ? 1 : 2)) {
      throw new ToolError('usage: dehydra wait stable | wait text TEXT | wait selector CSS  [--timeout MS]');
    }
    return { tool: 'wait', args: { for: kind, ...(p[1] !== undefined ? { value: p[1] } : {}), ...(f.timeout !== undefined ? { timeoutMs: count(f.timeout, '--timeout') } : {}) } };
  },
  back: (w) => { exactly('back', w, 0, ''); return { tool: 'back', args: {} }; },
  tabs: (w) => {
    if (w.length === 0) return { tool: 'tabs', args: { action: 'list' } };
    if (w[0] === 'new' && w.length <= 2) return { tool: 'tabs', args: { action: 'new', ...(w[1] ? { url: w[1] } : {}) } };
    if ((w[0] === 'select' || w[0] === 'close') && w.length === 2) return { tool: 'tabs', args: { action: w[0], index: index(w[1], `tabs ${w[0]}`) } };
    throw new ToolError('usage: dehydra tabs | tabs new [URL] | tabs select N | tabs close N');
  },
  eval: (w) => {
    const { positional: p, flags: f } = split(w, ['index'], []);
    exactly('eval', p, 1, '\'() => document.title\' [--index N]');
    return { tool: 'evaluate', args: { function: p[0], ...(f.index !== undefined ? { index: index(f.index, '--index') } : {}) } };
  },
  console: (w) => {
    const { positional: p, flags: f } = split(w, ['level'], ['all']);
    exactly('console', p, 0, '[--level error|warning|info|debug] [--all]');
    return { tool: 'console', args: { ...(f.level !== undefined ? { level: f.level } : {}), ...(f.all ? { all: true } : {}) } };
  },
  network: (w) => {
    const { positional: p, flags: f } = split(w, ['filter'], ['static', 'all']);
    exactly('network', p, 0, '[--filter REGEX] [--static] [--all]');
    return { tool: 'network', args: { ...(f.filter !== undefined ? { filter: f.filter } : {}), ...(f.static ? { static: true } : {}), ...(f.all ? { all: true } : {}) } };
  },
  resize: (w) => { exactly('resize', w, 2, 'WIDTH HEIGHT'); return { tool: 'resize', args: { width: count(w[0], 'resize'), height: count(w[1], 'resize') } }; },
  screenshot: (w) => {
    const { positional: p, flags: f } = split(w, ['out'], ['labels', 'full']);
    exactly('screenshot', p, 0, '[--labels] [--full] [--out FILE.png]');
    return { tool: 'screenshot', args: { ...(f.labels ? { labels: true } : {}), ...(f.full ? { fullPage: true } : {}) }, out: f.out };
  },
};

export const SESSION_ONLY = ['close', 'sessions'];
