// A run written down as it happens, to be run again without a model: `--record FILE` appends one
// JSON line per step that acts on the page (the tool, its arguments with the element's locator in
// place of its number, and the effect observed); `--codegen FILE` keeps a Playwright Test of the
// same steps. `dehydra replay FILE` (replay.mjs) runs the lines again and stops at the first step
// whose effect differs.
import { appendFileSync, writeFileSync } from 'node:fs';
import { locate, locatorOf } from './locators.mjs';

// The effect of an answer in words that do not change from run to run: failed, or what the
// action's line says happened ("the page changed", "nothing observable changed", "the URL changed").
function effectKind(answer) {
  if (answer.isError) return 'failed';
  const m = /^[a-z_]+(?: \[\d+\])? succeeded(?:: ([^.(]*?))?\s*(?:\(|\.|$)/m.exec(answer.text);
  return m && m[1] ? m[1] : 'succeeded';
}

// A step's effect as recorded and replayed: the action's line, and whether it sent a request that
// writes (a form that reached its server), which the line alone does not tell.
export function stepEffect(answer, wrote) {
  const kind = effectKind(answer);
  return wrote && kind !== 'failed' ? `${kind}, and a request that writes was sent` : kind;
}

export class Recorder {
  constructor({ record, codegen }) {
    this.record = record;
    this.codegen = codegen;
    this.steps = [];
    if (record) writeFileSync(record, '');
  }

  // The step's arguments as they will be replayed: a locator for the element's number where the
  // page gives one (read before the action changes the page), and the element's CSS path, which
  // the Playwright Test takes where a heading tells the element apart.
  async before(b, tool, args) {
    const seen = { browsing: b, writesBefore: b.writesSent };
    if (!tool.locates || (args.index === undefined && args.locator === undefined))
      return { ...seen, args: { ...args } };
    const index = args.index ?? await locate(b, args.locator).catch(() => null);
    const found = index === null ? {} : await locatorOf(b, index, args.locator).catch(() => ({}));
    const locator = args.locator ?? found.locator;
    if (!locator) return { ...seen, args: { ...args } };
    const rest = { ...args };
    delete rest.index;
    return { ...seen, args: { ...rest, locator }, css: found.css, tag: found.tag };
  }

  add(tool, { args, css, tag, browsing, writesBefore }, answer) {
    const effect = stepEffect(answer, browsing.writesSent > writesBefore);
    const step = { tool: tool.name, args, effect, ...(css ? { css } : {}), ...(tag ? { tag } : {}) };
    this.steps.push(step);
    if (this.record) appendFileSync(this.record, JSON.stringify(step) + '\n');
    if (this.codegen) writeFileSync(this.codegen, playwrightTest(this.steps));
  }
}

const js = (v) => JSON.stringify(v);

// The Playwright locator of a step's element: getByRole, chained for a container's part; the CSS
// path where a heading's part tells the element apart (Playwright has no "under this heading").
function playwrightLocator(locator, css) {
  if (locator.startsWith('css=')) return `page.locator(${js(locator.slice(4))})`;
  const parts = locator.split(/\s+>>\s+/).map((p) => {
    const m = /^([a-z]+)(?:\s+("(?:[^"\\]|\\.)*"))?$/.exec(p.trim());
    return { role: m[1], name: m[2] ? JSON.parse(m[2]) : '' };
  });
  if (parts.some((p) => p.role === 'heading') && parts.length > 1) return css ? `page.locator(${js(css)})` : null;
  const role = ({ role: r, name }) => `getByRole(${js(r)}${name ? `, { name: ${js(name)}, exact: true }` : ''})`;
  return `page.${parts.map(role).join('.')}`;
}

const STATEMENTS = {
  navigate: (a) => `await page.goto(${js(a.url)});`,
  back: () => 'await page.goBack();',
  forward: () => 'await page.goForward();',
  reload: () => 'await page.reload();',
  click: (a, el) => `await ${el}.${a.count === 2 ? 'dblclick' : 'click'}(${a.force ? '{ force: true }' : ''});`,
  type: (a, el) => `await ${el}.fill(${js(a.text)});${a.submit ? `\n  await ${el}.press('Enter');` : ''}`,
  // A custom select is opened and its option clicked, as a user chooses one.
  select: (a, el, tag) => (tag === 'select' ? `await ${el}.selectOption({ label: ${js(a.option)} });`
    : `await ${el}.click();\n  await page.getByRole('option', { name: ${js(a.option)}, exact: true }).click();`),
  hover: (a, el) => `await ${el}.hover();`,
  keys: (a, el) => a.keys.split(/\s+/)
    .map((k) => `await ${el ? `${el}.press` : 'page.keyboard.press'}(${js(k)});`).join('\n  '),
  upload: (a, el) => `await ${el}.setInputFiles(${js(a.paths)});`,
};

// A Playwright Test of the steps: each one Playwright can take, the rest as comments.
function playwrightTest(steps) {
  const lines = steps.map((s) => {
    const el = s.args.locator ? playwrightLocator(s.args.locator, s.css) : null;
    const make = STATEMENTS[s.tool];
    if (!make || (s.args.index !== undefined && !el) ||
      (['click', 'type', 'select', 'hover', 'upload'].includes(s.tool) && !el)) {
      return `// ${s.tool} ${js(s.args)}: no Playwright statement for this step`;
    }
    return make(s.args, el, s.tag);
  });
  return `// Recorded by dehydra (--codegen): the run's steps, by role and name.\nimport { test } from ` +
    `'@playwright/test';\n\n` +
    `test('recorded run', async ({ page }) => {\n  ${lines.join('\n  ')}\n});\n`;
}
