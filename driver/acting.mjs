// A PageController action by index, as every action tool runs it: called in the page, then the
// page settled from it, then its effect and the state's changed lines (or the new page, or the
// tab it opened) as the answer.
import { ToolError } from './tool_error.mjs';
import { stateText, settleLine, effectLine, stillLoading } from './answer.mjs';
import { WAITS, until, sleepUntil, sleep } from './waits.mjs';
import { readState, changedText, interrupted, loadedState } from './state_answers.mjs';
import * as inPage from './page_calls.mjs';
import { Downloads } from './downloads.mjs';
import { actionIn, readJoined } from './frames.mjs';

const named = (verb, index) => (index === undefined ? verb : `${verb} [${index}]`);

// `index` names the target in our words (undefined: the page or the focused element); `then` is
// a second action run in the page right after the first.
export async function act(b, verb, index, method, args, then) {
  const tab = await b.tab();
  const before = { navigations: tab.navigations, requests: tab.requestCount, downloads: b.downloads.count,
    at: Date.now() };
  const { frame, call } = actionIn(tab, { method, args, then });
  const r = await tab.call(inPage.act, call, frame);
  const what = named(verb, index);
  if (r.interrupted) {
    if (r.interrupted === 'dialog') tab.pendingAction = { pending: r.pending, verb, index, before };
    return (await interrupted(b, tab, r, `${what}.`)).answer;
  }
  if (r.value.refused)
    throw new ToolError(`${what} refused: ${r.value.refused}. Read the state (state tool) and use its indices.`);
  if (r.value.opensTab && r.value.result.success) await waitForNewTab(b, tab, WAITS.navigationStartMs);
  if (r.value.downloads && r.value.result.success) {
    for (const end = Date.now() + WAITS.navigationStartMs; b.downloads.count === before.downloads && Date.now() < end;)
      await sleep(20);
  }
  // Typed text left in a field with suggestions (not submitted: Enter's own request is waited for).
  const debounced = r.value.suggests && verb === 'type' && !then;
  return afterAction(b, tab,
    { verb, index, result: r.value.result, before,
    wait: debounced ? WAITS.afterTypingSuggestions : WAITS.afterAction });
}

async function waitForNewTab(b, from, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (b.current === from && Date.now() < end) await sleep(20);
}

// What an action did, once the page settled from it: the requests it started (as the browser
// sees them, any frame) finished, then the page quiet, all within one bound; then the changed
// lines, or the new page when it navigated. An action held up by a dialog (`afterDialog`)
// measured its effect while the page was blocked.
export async function afterAction(b, tab,
  { verb, index, result, before, afterDialog = false, wait = WAITS.afterAction }) {
  const line = afterDialog ? `${named(verb, index)} finished once the dialog was answered.`
    : effectLine(verb, index, result);
  if (!result.success && !result.effect) return { ...b.answer([line], result.message), failed: true };
  const downloading = () => b.downloads.count > before.downloads;
  if (result.effect && result.effect.navigation === 'leaving the page')
    await tab.waitForNavigation(before.navigations, WAITS.navigationStartMs, downloading);
  const deadline = before.at + WAITS.afterAction.timeoutMs;
  if (downloading())
    return downloadAnswer(b, line, await b.downloads.since(before.downloads, deadline), result.message);
  await tab.requestsDone(before.requests, deadline);
  if (b.current !== tab && b.current) return openedTab(b, line, result.message);
  // The action itself waited until the page went quiet from it (frames with no change, its
  // animations done). When it started no request either, a second wait would only add time
  // (except where a request may follow a pause: `wait` is longer than the action's own).
  const quiet = !!(result.effect && result.effect.settled) && tab.requestCount === before.requests && !afterDialog &&
    wait === WAITS.afterAction && !tab.networkEventLagMs;
  const announced = Date.now() + tab.networkEventLagMs;
  const settling = quiet ? null : until(wait, deadline);
  // A list joined across frames is read whole again (the changes of one frame's list are not the list's).
  const r = tab.joined ? await readJoined(tab, { ...b.stateOptions, settle: settling })
    : await tab.call(inPage.settleAndDiff, { settle: settling, state: b.stateOptions });
  if (r.interrupted === 'dialog') tab.pendingAction = null;
  if (r.interrupted) return (await interrupted(b, tab, r, line)).answer;
  if (r.value.replaced) return (await interrupted(b, tab, { interrupted: 'navigated' }, line, result.message)).answer;
  if (b.current !== tab && b.current) return openedTab(b, line, result.message);
  const scrolled = !!(result.effect && result.effect.scrolled) || verb.startsWith('scroll');
  let settle = quiet ? { stable: true } : r.value.settle;
  let shown = changedText(tab, r.value.state, scrolled);
  // A request the page started after the first requests ended (one answer asking for more): once
  // it ended too, the whole state, since the changed lines were already taken.
  if (tab.networkEventLagMs) await sleepUntil(announced);
  while (tab.inFlightSince(before.requests).length && Date.now() < deadline) {
    await tab.requestsDone(before.requests, deadline);
    const s = await readState(b, tab, { ...b.stateOptions, settle: until(wait, deadline) });
    if (s.answer) return s.answer;
    settle = s.settle;
    shown = stateText(s.state);
  }
  const loading = tab.inFlightSince(before.requests);
  const calm = !loading.length && settle && settle.stable;
  // What the answers to the action's requests changed is its effect too (a form sent by fetch).
  const late = !!(result.effect && !result.effect.changed) && tab.requestCount !== before.requests &&
    /^\(changes since the previous state/.test(r.value.state?.content || '');
  const said = late ? line.replace('nothing observable changed', 'the page changed') : line;
  const ours = calm ? [said.replace(/\.$/, ` (settled in ${Math.round(Date.now() - before.at)} ms).`)]
    : [said, stillLoading(loading, WAITS.afterAction.timeoutMs) || settleLine(settle)];
  const answer = b.answer(ours, `${result.message}\n${shown}`);
  return result.success ? answer : { ...answer, failed: true };
}

// The action started downloads instead of changing the page: their files, once saved (or how far
// they got by the action's bound).
async function downloadAnswer(b, line, downloads, message) {
  const done = downloads.every((d) => d.path || d.failure);
  return b.answer([line.replace(/: [^.]*\.$/, ': it started a download.'),
    `${downloads.length} download(s)${done ? '' : ' (the downloads tool says when the ' +
      'rest are done)'}, named by the server` +
    ' (a PDF\'s text follows as Markdown):'], `${message}\n${await Downloads.text(downloads)}`);
}

// The action opened a tab, which is now current: its page once loaded.
async function openedTab(b, line, message) {
  const tab = b.current;
  const problem = await tab.settleNavigation(WAITS.loadMs);
  const s = await loadedState(b, tab);
  if (s.answer) return s.answer;
  return b.answer([line, problem, ...s.lines, `Its page (${tab.url()}):`], `${message}\n${stateText(s.state)}`);
}
