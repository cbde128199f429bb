// Locators: an element named as a user names it — its role and accessible name, with the part of
// the page it is in when that alone is not unique — so a step written once finds its element again
// after the numbers changed (a re-render, a new page, a batch's later step, a replay).
//
//   button "Place order"                      role and name
//   region "Billing" >> textbox "City"        inside a named container of the accessibility tree
//   heading "Shipping" >> textbox "City"      in the part of the page under that heading
//   css=#checkout > div:nth-of-type(2) > input   a CSS path, the last resort
//
// Both directions read the accessibility tree with [ref=N], whose N are the state's numbers.
import { ToolError } from './tool_error.mjs';
import { readPage } from './state_answers.mjs';
import * as inPage from './page_calls.mjs';
import { refuseJoined } from './frames.mjs';

const LINE = /^(\s*)- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?(.*)$/;
const REF = /\[ref=(\d+)\]/;

// [{ref, role, name, depth, ancestors: [{role, name}] nearest first, heading: name | null}].
function treeEntries(yaml) {
  const entries = [];
  const open = [];
  let heading = null;
  for (const line of yaml.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const depth = m[1].length;
    let name = '';
    try { name = m[3] ? JSON.parse(m[3]) : ''; } catch { name = m[3].slice(1, -1); }
    while (open.length && open[open.length - 1].depth >= depth) open.pop();
    const ref = REF.exec(m[4]);
    const entry = { ref: ref ? Number(ref[1]) : null, role: m[2], name, depth,
      ancestors: open.filter((a) => a.name).map(({ role, name: n }) => ({ role, name: n })).reverse(), heading };
    entries.push(entry);
    open.push(entry);
    if (entry.role === 'heading' && name) heading = name;
  }
  return entries;
}

const part = (role, name) => (name ? `${role} ${JSON.stringify(name)}` : role);

function inScope(entry, scope) {
  if (scope.role === 'heading') return entry.heading === scope.name;
  return entry.ancestors.some((a) => a.role === scope.role && a.name === scope.name);
}

function matching(entries, target, scopes) {
  return entries.filter((e) => e.ref !== null && e.role === target.role && e.name === target.name &&
    scopes.every((s) => inScope(e, s)));
}

// The locator of each numbered element: Map ref -> locator, or null where only a CSS path tells it.
function locatorsOf(entries) {
  const out = new Map();
  for (const e of entries) {
    if (e.ref === null) continue;
    const target = { role: e.role, name: e.name };
    let found = null;
    if (matching(entries, target, []).length === 1) found = part(e.role, e.name);
    for (let i = 0; !found && i < e.ancestors.length; i++) {
      if (matching(entries, target, [e.ancestors[i]]).length === 1)
        found = `${part(e.ancestors[i].role, e.ancestors[i].name)} >> ${part(e.role, e.name)}`;
    }
    const heading = { role: 'heading', name: e.heading };
    if (!found && e.heading && matching(entries, target, [heading]).length === 1)
      found = `${part('heading', e.heading)} >> ${part(e.role, e.name)}`;
    out.set(e.ref, found);
  }
  return out;
}

const PART = /^([a-z]+)(?:\s+("(?:[^"\\]|\\.)*"))?$/;

// {css} or {target: {role, name}, scopes: [{role, name}]}; a locator that is neither is refused.
function parseLocator(text) {
  const t = String(text).trim();
  if (t.startsWith('css=')) {
    if (t.length === 4) throw new ToolError('locator css= needs a selector after it');
    return { css: t.slice(4) };
  }
  const parts = t.split(/\s+>>\s+/).map((p) => {
    const m = PART.exec(p.trim());
    if (!m) throw new ToolError(`locator ${t} is not role "name" (e.g. button "Save", region "Billing" >> textbox ` +
      `"City", or css=SELECTOR)`);
    let name = '';
    try { name = m[2] ? JSON.parse(m[2]) : ''; } catch { throw new ToolError(`locator ${t}: bad quoted name ${m[2]}`); }
    return { role: m[1], name };
  });
  return { target: parts[parts.length - 1], scopes: parts.slice(0, -1) };
}

// The number of the one element `locator` names in `entries`, or a ToolError saying why none.
function resolveLocator(entries, parsed, locator) {
  const found = matching(entries, parsed.target, parsed.scopes);
  if (found.length === 1) return found[0].ref;
  if (found.length > 1) {
    const tell = locatorsOf(entries);
    throw new ToolError(`locator ${locator} names ${found.length} elements: ` +
      found.slice(0, 5).map((e) => `[${e.ref}] ${tell.get(e.ref) || '(a CSS path only)'}`).join(', ') +
        '. Use one of these, or its number.');
  }
  const near = entries.filter((e) => e.ref !== null && e.role === parsed.target.role).slice(0, 8);
  throw new ToolError(`locator ${locator} names no element of this page` +
    (near.length
      ? `; its ${parsed.target.role} elements: ${near.map((e) => `[${e.ref}] ${part(e.role, e.name)}`).join(', ')}`
      : '') + '.');
}

// The page's numbered elements as entries, read from its accessibility tree (which indexes it).
async function pageEntries(b) {
  refuseJoined(b.current, 'A locator');
  const { answer, value } = await readPage(b, 'aria');
  if (answer) throw new ToolError(answer.text);
  return treeEntries(value);
}

// The number of the element `locator` names on the current page.
export async function locate(b, locator) {
  const parsed = parseLocator(locator);
  if (parsed.css === undefined) return resolveLocator(await pageEntries(b), parsed, locator);
  const tab = await b.tab();
  refuseJoined(tab, 'A locator');
  const r = await tab.call(inPage.indexOfSelector, parsed.css);
  if (r.interrupted || !r.value) throw new ToolError(`locator ${locator}: the page did not answer`);
  if (r.value.error) throw new ToolError(`locator ${r.value.error}`);
  return r.value.index;
}

// `[N] locator` for every numbered element, CSS paths where role and name do not tell them apart.
export async function locatorLines(b) {
  const entries = await pageEntries(b);
  const found = locatorsOf(entries);
  const missing = [...found].filter(([, l]) => l === null).map(([ref]) => ref);
  if (missing.length) {
    const r = await (await b.tab()).call(inPage.cssPaths, missing);
    const paths = r.value || [];
    missing.forEach((ref, i) => found.set(ref, paths[i] && paths[i].css ? `css=${paths[i].css}` : null));
  }
  return [...found].sort((x, y) => x[0] - y[0]).map(([ref, l]) => `[${ref}] ${l || '(no locator: use its number)'}`);
}

// The locator of element [index] on the current page (`known`: one already given, not read again),
// its CSS path and its tag: {locator, css, tag}, each null where none tells it.
export async function locatorOf(b, index, known = null) {
  const found = known ?? locatorsOf(await pageEntries(b)).get(index) ?? null;
  const r = await (await b.tab()).call(inPage.cssPaths, [index]);
  const { css = null, tag = null } = (r.value && r.value[0]) || {};
  return { locator: found || (css ? `css=${css}` : null), css, tag };
}
