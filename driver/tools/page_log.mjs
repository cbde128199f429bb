// What the page logged and fetched, as a developer's tools show it (the tab's PageLog).
import { defineTool, given } from './define_tool.mjs';
import { ToolError } from '../tool_error.mjs';
import { LEVELS } from '../page_log.mjs';

const consoleTool = defineTool({
  name: 'console',
  title: 'Console messages',
  description: 'The console messages and uncaught errors of the current page (since it loaded), oldest first.',
  params: { level: { type: 'string', enum: LEVELS,
    description: 'The least severe level shown (default info: errors, warnings and logs; debug adds debug).' },
    all: { type: 'boolean', description: 'Since the tab opened, earlier pages included (default false).' } },
  handle: async (b, a) => {
    const lines = (await b.tab()).log.consoleLines(a.level || 'info', !!a.all);
    return lines.length ? b.answer([`${lines.length} console message(s):`], lines.join('\n'))
      : { text: 'No console messages.' };
  },
  shell: { usage: '[--level error|warning|info|debug] [--all]', options: { level: 'string', all: 'boolean' },
    args: (_, o) => given({ level: o.level, all: o.all }) },
});

const network = defineTool({
  name: 'network',
  title: 'Network requests',
  description: 'The requests of the current page (since it loaded) with their outcome: "GET https://… → 200 ' +
    '(fetch)". Page resources that loaded (images, fonts, scripts, style sheets) are left out unless static is true.',
  params: { filter: { type: 'string', description: 'Only URLs matching this regular expression, e.g. "/api/".' },
    static: { type: 'boolean', description: 'Include page resources that loaded fine (default false).' },
    all: { type: 'boolean', description: 'Since the tab opened, earlier pages included (default false).' } },
  handle: async (b, a) => {
    let filter = null;
    if (a.filter !== undefined) {
      try {
        filter = new RegExp(a.filter);
      } catch (e) {
        throw new ToolError('network: bad arguments, nothing was done: filter is not a regular expression ' +
          `(${e.message})`);
      }
    }
    const lines = (await b.tab()).log.requestLines(filter, !!a.static, !!a.all);
    return lines.length ? b.answer([`${lines.length} request(s):`], lines.join('\n')) : { text: 'No requests.' };
  },
  shell: { usage: '[--filter REGEX] [--static] [--all]',
    options: { filter: 'string', static: 'boolean', all: 'boolean' },
    args: (_, o) => given({ filter: o.filter, static: o.static, all: o.all }) },
});

export const PAGE_LOG = [consoleTool, network];
