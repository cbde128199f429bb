// What grid cells' position notes cost: the tokens (gpt-tokenizer) and notes of the default
// state's lines for each part of tests/fixtures/grid/grid_calendar.html — a react-aria month whose
// days are named in full, a hand-written month with one-letter headers, a 20-row data table.
// node bench/cell_notes.mjs
import { startServer, launchBrowser, newPage, inject } from '../tests/browser/helpers/harness.mjs';
import { buildActBundles } from '../tests/browser/helpers/act_bundles.mjs';
import { encode } from 'gpt-tokenizer';

await buildActBundles();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.goto(server.origin + '/tests/fixtures/grid/grid_calendar.html');
  await page.waitForFunction(() => document.getElementById('state').textContent);
  await inject(page);
  const lines = (await page.evaluate(async () => (await new globalThis.dehydra.PageController().getBrowserState()).content)).split('\n');
  const at = (start) => lines.findIndex((l) => l.startsWith(start));
  const parts = [['react-aria month', 0, at('July 2024')], ['hand-written month', at('July 2024'), at('Orders')],
    ['20-row data table', at('Orders'), lines.length]];
  for (const [name, from, to] of parts) {
    const text = lines.slice(from, to).join('\n');
    console.log(`${name.padEnd(20)} ${String(encode(text).length).padStart(6)} tokens ${String((text.match(/; (row|column) /g) || []).length).padStart(4)} notes`);
  }
} finally {
  await browser.close();
  await server.close();
}
