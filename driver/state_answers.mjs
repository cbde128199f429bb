// The browser state as the tools answer with it: read in the tab, the wait on a newly loaded
// document, and a call that a dialog, a file chooser or a navigation interrupted, told in our
// words. Each takes the Browsing `b` (notices, state options) and the tab read.
import { STATUS_CODES } from 'node:http';
import { ToolError } from './tool_error.mjs';
import { stateText, settleLine, stillLoading } from './answer.mjs';
import { WAITS, until } from './waits.mjs';
import { FREEZE_MS } from './tab.mjs';
import { pdfMarkdown } from './pdf_text.mjs';
import * as inPage from './page_calls.mjs';
import { hasForeignFrames, readJoined } from './frames.mjs';

export async function readState(b, tab, options) {
  const joins = tab.joined || hasForeignFrames(tab.page);
  const r = joins ? await readJoined(tab, options) : await tab.call(inPage.readState, options);
  if (r.interrupted) return interrupted(b, tab, r, null);
  tab.shown = { url: r.value.state.url, title: r.value.state.title };
  return r.value;
}

// An action's changed lines; the header (URL, title, scroll position) and footer only when they
// moved since the state the agent last read. The action tools say that their answers hold the
// changed lines, so the diff's own note saying so is left out.
export function changedText(tab, state, scrolled) {
  const moved = scrolled || !tab.shown || tab.shown.url !== state.url || tab.shown.title !== state.title;
  tab.shown = { url: state.url, title: state.title };
  const changed = { ...state, content: state.content.replace(/^\(changes since the previous state[^\n]*\)\n/, '') };
  return moved ? stateText(changed) : changed.content;
}

// For a page that opens dialogs one after another: how to leave it, else nothing.
export function dialogWayOut(tab) {
  if (tab.dialogsInRow < 3) return '';
  return ` The page has opened ${tab.dialogsInRow} dialogs in a row; to leave it, navigate elsewhere (its tab is ` +
    `then replaced by a new one) or close its tab.`;
}

// A call stopped by a dialog, a chooser or a navigation: what to tell the agent, as {answer}.
export async function interrupted(b, tab, r, verbLine, pageMessage) {
  if (r.interrupted === 'dialog') {
    const d = tab.dialog;
    const kind = d.type();
    const open = `${/^[aeiou]/.test(kind) ? 'An' : 'A'} ${kind} dialog is open`;
    if (d.unanswerable) {
      return { answer: b.answer([verbLine, `${open} in your browser and the page waits on it: ${d.unanswerable}. ` +
        'The next call works once it is closed. Its message:'], d.message() || '(empty)') };
    }
    return { answer: b.answer([verbLine, `${open} and the page waits on it. ` +
      `Answer it with the dialog tool (accept or dismiss).${dialogWayOut(tab)} Its message:`],
      d.message() || '(empty)') };
  }
  if (r.interrupted === 'filechooser') {
    return { answer: b.answer([verbLine,
      'A file chooser opened. Give it files with the upload tool (the same index and the file paths).']) };
  }
  if (r.interrupted === 'closed') return { answer: b.answer([verbLine, 'The tab closed.']) };
  if (r.interrupted === 'frozen') return { answer: { ...b.answer([verbLine, frozenLine(tab)]), failed: true } };
  if (r.interrupted === 'crashed') {
    const url = tab.url();
    tab.closed = true;
    await Promise.race([tab.page.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))]);
    return { answer: { ...b.answer([verbLine,
      'The page\'s renderer crashed (it ran out of memory, or was killed): its tab was closed, ' +
      'and the next call works in a new tab (navigate loads the page again). It was:'], url), failed: true } };
  }
  const problem = await tab.settleNavigation(WAITS.loadMs);
  const s = await loadedState(b, tab);
  if (s.answer) return s;
  const shown = pageMessage ? `${pageMessage}\n${stateText(s.state)}` : stateText(s.state);
  return { answer: b.answer([verbLine, `The page navigated to ${tab.url()}.`, problem, ...s.lines], shown) };
}

// What was done with a page that stopped answering (Tab.stopFrozen), in our words.
export function frozenLine(tab) {
  const how = tab.frozen;
  tab.frozen = null;
  const what = `The page stopped answering: its script did not yield for ${FREEZE_MS / 1000} s (a loop that never ` +
    `ends, or work that never finishes).`;
  if (how === 'loading') {
    return 'The page answered nothing while its next document was on its way, which never came: dehydra stopped the ' +
      'loading, and the tab shows the page it had before.';
  }
  if (how === 'stopped')
    return `${what} dehydra stopped that script from outside the page; the page is otherwise as it was, and the ` +
      `next call works on it.`;
  if (tab.page.usersBrowser) {
    return `${what} Without a debugger dehydra cannot stop it: the page is left as it is in your browser ` +
      '(a dialog it opened is yours to answer), and the next call starts again in a tab of its own.';
  }
  return `${what} dehydra could not stop it from outside the page (Firefox over BiDi has no way to), so it ` +
    'restarted the browser: its tabs and what their pages stored are gone, and the next call starts afresh.';
}

// An HTTP error status of the document the tab loaded, said: the page is the server's error page.
// The standard reason phrase is ours; the server's own is page text.
function statusLine(tab) {
  const d = tab.documentStatus;
  if (!d || d.status < 400) return '';
  const reason = STATUS_CODES[d.status] ? ` ${STATUS_CODES[d.status]}` : '';
  return `The server answered ${d.status}${reason}: the page is its error page, not the one asked for.`;
}

// The PDF's bytes: fetched again with the context's cookies (Chromium answers the navigation's own
// body with its viewer's page), or the response's body where that is not to be had.
async function pdfBytes(tab, response) {
  const context = typeof tab.page.context === 'function' ? tab.page.context() : null;
  if (!context || !context.request) return response.buffer();
  const again = await context.request.get(response.url());
  return again.ok() ? again.body() : null;
}

// A PDF the browser shows in its viewer has no elements to number: its text as Markdown instead,
// the file saved with the downloads. Null for any other document.
async function pdfState(b, tab) {
  const r = tab.documentResponse;
  let type = '';
  try { type = r ? r.headers()['content-type'] || '' : ''; } catch { type = ''; }
  if (!/^application\/pdf/i.test(type)) return null;
  const bytes = await pdfBytes(tab, r).catch(() => null);
  if (!bytes) return null;
  const url = r.url();
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'document.pdf');
  const saved = b.downloads.saveFile(name.endsWith('.pdf') ? name : `${name}.pdf`, url, bytes);
  const markdown = await pdfMarkdown(saved.path)
    .catch((e) => `(its text could not be read: ${String(e.message || e).split('\n')[0]})`);
  return { header: `A PDF document (${url}), saved to ${saved.path}, its text as Markdown:`,
    content: markdown, footer: '' };
}

// The state of the document the tab just loaded, once it settled: the requests it started
// ended (the browser's view, every frame), then the page quiet; read again when requests it
// started meanwhile are still in flight; all within WAITS.afterLoad. Resolves {state, lines}
// (our lines on the wait), or {answer} when a dialog or a navigation interrupted.
export async function loadedState(b, tab) {
  const pdf = await pdfState(b, tab);
  if (pdf) return { state: pdf, lines: [statusLine(tab)] };
  const since = tab.documentRequests;
  const deadline = Date.now() + WAITS.afterLoad.timeoutMs;
  let s;
  do {
    await tab.requestsDone(since, deadline);
    s = await readState(b, tab, { ...b.stateOptions, settle: until(WAITS.afterLoad, deadline) });
    if (s.answer) return s;
  } while (tab.inFlightSince(since).length && Date.now() < deadline);
  // A page that settled needs no word on it; one that did not is told what still moved.
  const calm = s.settle && s.settle.stable;
  const lines = [statusLine(tab), calm ? '' : settleLine(s.settle),
    stillLoading(tab.inFlightSince(since), WAITS.afterLoad.timeoutMs)];
  return { state: s.state, lines };
}

export async function loadedAnswer(b, tab, ours) {
  const s = await loadedState(b, tab);
  if (s.answer) return s.answer;
  return b.answer([...ours, ...s.lines], stateText(s.state));
}

export async function stateAnswer(b, tab, extra, ours) {
  const s = await readState(b, tab, { ...b.stateOptions, ...extra });
  if (s.answer) return s.answer;
  return b.answer([...ours, extra.settle ? settleLine(s.settle) : ''], stateText(s.state));
}

// What the page answered, as {value}; or, when a dialog or a file chooser interrupted the call,
// {answer}: the tool's answer saying so.
export async function readPage(b, what, options) {
  const tab = await b.tab();
  const r = await tab.call(inPage.read, { what, options: options || {} });
  if (r.interrupted) return { answer: (await interrupted(b, tab, r, null)).answer };
  if (r.value.error) throw new ToolError(r.value.error);
  return { value: r.value.value };
}
