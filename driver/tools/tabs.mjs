// The tabs of the browsing context: listed, opened, made current, closed.
import { defineTool, elementNumber } from './define_tool.mjs';
import { navigateTo } from './navigation.mjs';
import { stateAnswer } from '../state_answers.mjs';
import { ToolError } from '../tool_error.mjs';

async function listing(b) {
  const lines = [];
  for (let i = 0; i < b.tabs.length; i++) {
    const t = b.tabs[i];
    const title = await t.page.title().catch(() => '');
    lines.push(`${t === b.current ? '*' : ' '} ${i}: ${t.url()}${title ? ` — ${title}` : ''}`);
  }
  return b.answer([`${b.tabs.length} tab(s); * marks the current one.`], lines.join('\n'));
}

async function handle(b, a) {
  await b.start();
  const action = a.action || 'list';
  if (action === 'new') {
    b.current = await b.newTab();
    if (a.url) return navigateTo(b, a.url);
  } else if (action === 'select' || action === 'close') {
    const tab = b.tabs[a.index];
    if (a.index === undefined || !tab)
      throw new ToolError(`no tab ${a.index} (there are ${b.tabs.length}: 0 to ${b.tabs.length - 1})`);
    if (action === 'select') {
      b.current = tab;
      await tab.page.bringToFront().catch(() => {});
      return stateAnswer(b, tab, {}, [`Tab ${a.index} is the current tab.`]);
    }
    await tab.page.close();
  }
  return listing(b);
}

const tabs = defineTool({
  name: 'tabs',
  title: 'Tabs',
  description: 'Lists the tabs (action "list"), opens a new one ("new", optionally with url), makes one current ' +
    '("select" with index) or closes one ("close" with index). Tabs a page opens become current by themselves, and ' +
    'the next answer says so.',
  params: { action: { type: 'string', enum: ['list', 'new', 'select', 'close'],
    description: 'What to do (default list).' },
    index: { type: 'integer', minimum: 0, description: 'The tab, as tabs list numbers them (select, close).' },
    url: { type: 'string', description: 'For new: the address to open in it.' } },
  handle,
  shell: { usage: '[new [URL]|select N|close N]', positionals: [0, 2],
    args: ([action, word]) => {
      if (action === undefined) return { action: 'list' };
      if (action === 'new') return { action, ...(word ? { url: word } : {}) };
      if ((action === 'select' || action === 'close') && word !== undefined)
        return { action, index: elementNumber(word, `tabs ${action}`) };
      return null;
    } },
});

export const TABS = [tabs];
