// Moving the current tab: to a URL, back and forward in its history, and loading it again. Each
// answers with the state of the page it lands on, once that settled.
import { defineTool } from './define_tool.mjs';
import { loadedAnswer, frozenLine } from '../state_answers.mjs';
import { pageUrl } from '../page_url.mjs';
import { ToolError } from '../tool_error.mjs';
import { Downloads } from '../downloads.mjs';
import { WAITS, sleep } from '../waits.mjs';

const firstLine = (e) => e.message.split('\n')[0];

// Loads `url` in the current tab: the load bounded at WAITS.loadMs, a page whose script never
// yields while it loads stopped (Tab.watch), then the state once the new document settled.
export async function navigateTo(b, url) {
  const target = pageUrl(url);
  const refusal = b.scope ? b.scope.allows(target) : true;
  if (refusal !== true) throw new ToolError(`navigate refused: ${refusal}; nothing was loaded`);
  let tab = await b.tab();
  let replaced = null;
  if (tab.dialog && tab.dialogsInRow > 2) {
    // A page that opens dialogs without end does not let its tab navigate: a new tab does.
    const old = tab;
    tab = b.current = await b.newTab();
    await Promise.race([old.leaving(() => old.page.close({ runBeforeUnload: false })).catch(() => {}), sleep(5000)]);
    replaced = 'The tab whose page opened dialogs without end was closed; the page opens in a new tab.';
  }
  const downloadsBefore = b.downloads.count;
  const going = tab.leaving(() => tab.page.goto(target, { waitUntil: 'load', timeout: WAITS.loadMs })).then(() => null,
    (e) => e);
  const watch = tab.watch(going);
  const first = await Promise.race([going, watch.frozen]);
  if (tab.frozen) await watch.frozen;  // stopped: the load may end before the stop is confirmed
  watch.stop();
  let problem = null;
  if (tab.frozen) {
    problem = frozenLine(tab);
    if (tab.closed) return b.answer([problem]);
    const late = await Promise.race([going, sleep(WAITS.afterLoad.timeoutMs)]);
    if (late !== null) problem += ' The page did not finish loading; this is what it shows so far.';
  } else if (first && /Download is starting/i.test(firstLine(first))) {
    for (const end = Date.now() + 2000; b.downloads.count === downloadsBefore && Date.now() < end;) await sleep(20);
    const downloads = await b.downloads.since(downloadsBefore, Date.now() + WAITS.loadMs);
    return b.answer(['The URL is a file to download, not a page: the tab stays on its page. The download, named ' +
      'by the server ' +
      '(a PDF\'s text follows as Markdown):'], await Downloads.text(downloads));
  } else if (first) {
    if (!/Timeout/i.test(firstLine(first)))
      throw new ToolError(`could not open ${target}: ${firstLine(first).replace(/^page\.goto: /, '')}`);
    await tab.stopLoading();
    problem = `The page did not finish loading within ${WAITS.loadMs} ms; its loading was stopped, and this is what ` +
      `the tab shows.`;
  }
  return loadedAnswer(b, tab, [replaced, problem]);
}

const navigate = defineTool({
  name: 'navigate',
  expects: true,
  boundMs: () => WAITS.loadMs + 25000,
  title: 'Open a URL',
  description: 'Opens a URL (http, https, file, or a local path) in the current tab, waits for it to load and ' +
    'settle, and answers with the browser state: the page\'s interactive elements numbered [N] with the visible ' +
    'text between them. Use those numbers with click, type, select and the other actions.',
  params: { url: { type: 'string', description: 'The address to open, e.g. https://example.com or ./page.html.' } },
  required: ['url'],
  handle: (b, a) => navigateTo(b, a.url),
  shell: { command: 'open', usage: 'URL', positionals: 1, args: ([url]) => ({ url }) },
});

// The tab's page loaded by one of its own methods (goBack, goForward, reload), bounded like a
// navigation: its response (null when there was nothing to load), or a ToolError saying `what`.
async function loadBy(tab, method, what) {
  const response = await tab.page[method]({ waitUntil: 'load', timeout: WAITS.loadMs }).catch((e) => e);
  if (response instanceof Error) throw new ToolError(`could not ${what}: ${firstLine(response)}`);
  return response;
}

// A step through the tab's history; `step` is the page's goBack or goForward. A tab with no page
// that way stays where it is: the blank page a new tab starts with is no page to go back to.
async function historyStep(b, step, where) {
  const tab = await b.usableTab();
  const from = tab.page.url();
  const response = await loadBy(tab, step, `go ${where}`);
  const none = new ToolError(`there is no ${where === 'back' ? 'earlier' : 'later'} page in this tab ` +
    '(it stays on its page)');
  if (response === null && tab.page.url() === from) throw none;
  if (step === 'goBack' && tab.page.url() === 'about:blank' && from !== 'about:blank') {
    await loadBy(tab, 'goForward', 'go forward');
    throw none;
  }
  return loadedAnswer(b, tab, []);
}

const back = defineTool({
  name: 'back',
  expects: true,
  title: 'Go back',
  description: 'Goes back one page in the current tab\'s history and answers with the browser state.',
  handle: (b) => historyStep(b, 'goBack', 'back'),
  shell: {},
});

const forward = defineTool({
  name: 'forward',
  expects: true,
  title: 'Go forward',
  description: 'Goes forward one page in the current tab\'s history (after back) and answers with the browser state.',
  handle: (b) => historyStep(b, 'goForward', 'forward'),
  shell: {},
});

const reload = defineTool({
  name: 'reload',
  expects: true,
  title: 'Reload',
  description: 'Loads the current page again and answers with its browser state (its numbers start over).',
  handle: async (b) => {
    const tab = await b.usableTab();
    await loadBy(tab, 'reload', 'reload');
    return loadedAnswer(b, tab, []);
  },
  shell: {},
});

export const NAVIGATION = [navigate, back, forward, reload];
