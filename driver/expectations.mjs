// An action's expectation: the caller's own claim of what the action does (a text appears or goes,
// the URL, an element's value or state, a request and its status, a new tab, a dialog), checked
// once the action has settled. The answer then says met, or not met and what happened instead; an
// expectation not met fails the call, so a batch stops there.
import * as inPage from './page_calls.mjs';
import { targetOf } from './frames.mjs';

export const EXPECT = {
  type: 'object',
  description: 'What the action should do, checked once it settled; the answer says met or not met and what ' +
    'happened instead (not met fails the call).',
  properties: {
    text: { type: 'string', minLength: 1, description: 'A text that is on the page afterwards.' },
    gone: { type: 'string', minLength: 1, description: 'A text that is no longer on the page afterwards.' },
    url: { type: 'string', minLength: 1, description: 'The URL afterwards contains this, or matches it as /regex/.' },
    element: { type: 'object', description: 'Element [index]\'s state afterwards.', additionalProperties: false,
      required: ['index'],
      properties: { index: { type: 'integer', minimum: 0, description: 'The element\'s number.' },
        value: { type: 'string', description: 'Its value (a field) or text (contenteditable).' },
        checked: { type: 'boolean', description: 'Checked (a checkbox, radio or aria-checked).' },
        expanded: { type: 'boolean', description: 'aria-expanded (or a details element open).' } } },
    request: { type: 'object', description: 'A request the action made.', additionalProperties: false,
      required: ['url'],
      properties: { url: { type: 'string', minLength: 1,
        description: 'Its URL contains this, or matches it as /regex/.' },
        method: { type: 'string', description: 'GET, POST … (default any).' },
        status: { type: 'string', enum: ['2xx', '3xx', '4xx', '5xx'],
          description: 'The class of its status (default any answer).' } } },
    newTab: { type: 'boolean', description: 'The action opened a tab (true) or did not (false).' },
    dialog: { type: 'boolean',
      description: 'The action opened an alert, confirm or prompt (true) or did not (false).' },
  },
  additionalProperties: false,
};

const matches = (pattern, text) => {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (!m) return text.includes(pattern);
  try { return new RegExp(m[1], m[2]).test(text); } catch { return text.includes(pattern); }
};

// What the checks compare against, taken before the action.
export function beforeAction(b) {
  const tab = b.current;
  return { tabs: b.tabs.length, tab, requests: tab ? tab.log.requestCount : 0 };
}

async function onPage(tab, fn, arg, frame = null) {
  if (!tab || tab.closed || tab.dialog) return undefined;
  const r = await tab.call(fn, arg, frame).catch(() => ({ interrupted: 'error' }));
  return r.interrupted ? undefined : r.value;
}

// Each check as [what was expected, null when met or what happened instead].
async function checks(b, e, before) {
  const tab = b.current;
  const out = [];
  const unreadable = 'the page could not be read (a dialog is open, or the tab closed)';
  if (e.text !== undefined) {
    const has = await onPage(tab, inPage.hasText, e.text);
    out.push([`the text ${JSON.stringify(e.text)} on the page`,
      has === true ? null : has === undefined ? unreadable : 'it is not on the page']);
  }
  if (e.gone !== undefined) {
    const has = await onPage(tab, inPage.hasText, e.gone);
    out.push([`the text ${JSON.stringify(e.gone)} gone`,
      has === false ? null : has === undefined ? unreadable : 'it is still on the page']);
  }
  if (e.url !== undefined) {
    const url = tab ? tab.url() : '';
    out.push([`the URL to match ${JSON.stringify(e.url)}`, matches(e.url, url) ? null : `the URL is ${url}`]);
  }
  if (e.element) out.push(...await elementChecks(tab, e.element, unreadable));
  if (e.request) out.push(requestCheck(before, e.request));
  if (e.newTab !== undefined) {
    const opened = b.tabs.length > before.tabs || (b.current !== before.tab && before.tab !== null);
    out.push([e.newTab ? 'a new tab' : 'no new tab',
      opened === e.newTab ? null : opened ? 'a tab opened' : 'no tab opened']);
  }
  if (e.dialog !== undefined) {
    const open = !!(tab && tab.dialog);
    out.push([e.dialog ? 'a dialog' : 'no dialog',
      open === e.dialog ? null : open ? 'a dialog opened' : 'no dialog opened']);
  }
  return out;
}

async function elementChecks(tab, want, unreadable) {
  let at = null;
  try { at = tab ? targetOf(tab, want.index) : null; } catch { at = null; }  // a number the list no longer has
  const facts = at ? await onPage(tab, inPage.elementFacts, at.index, at.frame) : null;
  const out = [];
  for (const key of ['value', 'checked', 'expanded']) {
    if (want[key] === undefined) continue;
    const what = `element [${want.index}] ${key} ${JSON.stringify(want[key])}`;
    if (facts === undefined) out.push([what, unreadable]);
    else if (facts === null) out.push([what, `element [${want.index}] is gone`]);
    else out.push([what, facts[key] === want[key] ? null : `its ${key} is ${JSON.stringify(facts[key])}`]);
  }
  return out;
}

function requestCheck(before, want) {
  const method = want.method ? `${want.method.toUpperCase()} ` : '';
  const what = `a ${method}request to ${JSON.stringify(want.url)}${want.status ? ` answered ${want.status}` : ''}`;
  const log = before.tab ? before.tab.log.requestsSince(before.requests) : [];
  const asked = log.filter((r) => matches(want.url, r.url) &&
    (!want.method || r.method.toUpperCase() === want.method.toUpperCase()));
  if (!asked.length)
    return [what, log.length ? `the action made ${log.length} other request(s)` : 'the action made no request'];
  const answered = asked.filter((r) => (want.status ? r.outcome[0] === want.status[0] && /^\d{3}$/.test(r.outcome)
    : /^\d{3}$/.test(r.outcome)));
  return [what, answered.length ? null : `it was answered ${asked.map((r) => r.outcome).join(', ')}`];
}

// The lines telling the expectation's outcome, and whether all of it was met.
export async function checkExpectation(b, expect, before) {
  const results = await checks(b, expect, before);
  const missed = results.filter(([, instead]) => instead !== null);
  const lines = results.map(([what, instead]) => (instead === null ? `Expected ${what}: met.`
    : `Expected ${what}: NOT met: ${instead}.`));
  return { met: missed.length === 0, lines };
}
