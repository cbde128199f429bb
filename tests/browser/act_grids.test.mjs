// Data grids: one listener on the grid answers for every cell, so no cell looks clickable, yet a user
// focuses, sorts and edits cell by cell. The cells and headers that take focus, selection or sorting
// get indices (default mode), each line naming its row and column (`row 4, "Price"`), and an agent
// edits a cell through them: Enter or F2 on the cell, text into the editor, Enter to commit. On a
// hand-written ARIA grid, on AG Grid Community and on MUI X DataGrid (bundled from npm), both
// virtualized: rows swapped in on scroll are indexed with their own row numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useActServer, openActPage, agentState, agentAct, pageState, indexOnLine } from './helpers/act_setup.mjs';

const env = useActServer();

const state = agentState;
const act = agentAct;
const indexOf = indexOnLine;

test('a hand-written ARIA grid: cells and headers are indexed with their row and column', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/grid/grid_aria.html');
  const content = await state(page);
  assert.match(content, /\[\d+\]<div role=columnheader>Item; column 1 \/>/);
  assert.match(content, /\[\d+\]<div role=columnheader>Stock; column 2 \/>/);
  assert.match(content, /\[\d+\]<div role=gridcell>Kettle; row 2, "Item" \/>/);
  assert.match(content, /\[\d+\]<div role=gridcell>12; row 2, "Stock" \/>/);
  assert.match(content, /\[\d+\]<div role=gridcell>7; row 4, "Stock" \/>/);
  assert.equal(content.match(/role=gridcell/g).length, 6);
  // Page Agent's format has no cell: compat mode keeps it.
  const compat = await page.evaluate(async () => (await new globalThis.dehydra.PageController({ pageAgentCompat: true }).getBrowserState()).content);
  assert.doesNotMatch(compat, /gridcell/);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a hand-written ARIA grid: Enter edits a cell, F2 and Escape leave one unchanged, a header sorts', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/grid/grid_aria.html');
  let content = await state(page);
  const keyed = await act(page, 'sendKeys', indexOf(content, String.raw`div role=gridcell>12; row 2, "Stock"`), 'Enter');
  assert.equal(keyed.success, true, keyed.message);
  // The cell's editor stands where the cell stood: the cell's line is the editor's now.
  content = await state(page);
  const editor = indexOf(content, String.raw`input value=12 aria-label=Edit cell>row 2, "Stock" \/>`);
  assert.equal((await act(page, 'inputText', editor, '15')).success, true);
  assert.equal((await act(page, 'sendKeys', editor, 'Enter')).success, true);
  assert.deepEqual((await pageState(page)).edits, ['12 -> 15']);

  content = await state(page);
  await act(page, 'sendKeys', indexOf(content, String.raw`div role=gridcell>Toaster; row 3, "Item"`), 'F2');
  content = await state(page);
  const second = indexOf(content, String.raw`input value=Toaster aria-label=Edit cell>row 3, "Item"`);
  await act(page, 'inputText', second, 'Kettle');
  await act(page, 'sendKeys', second, 'Escape');
  assert.deepEqual((await pageState(page)).edits, ['12 -> 15']);

  content = await state(page);
  assert.equal((await act(page, 'clickElement', indexOf(content, 'div role=columnheader>Stock'))).success, true);
  assert.equal((await pageState(page)).sort, 'Stock ascending');
  content = await state(page);
  assert.match(content, /\[\d+\]<div role=columnheader aria-sort=ascending>Stock; column 2 \/>/);
  assert.match(content, /\[\d+\]<div role=gridcell>3; row 2, "Stock" \/>/);
  assert.match(content, /\[\d+\]<div role=gridcell>15; row 4, "Stock" \/>/);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

async function openAgGrid() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/grid/grid_ag.html');
  await page.waitForSelector('.ag-row[row-index="0"] [col-id="price"]');
  return page;
}

test('AG Grid: cells are indexed with their row and header; Enter edits a price; a header sorts', async () => {
  const page = await openAgGrid();
  let content = await state(page);
  // Rows count from the header row (aria-rowindex 1): car No. 3 is row 4.
  const price = indexOf(content, String.raw`div[^\n]*role=gridcell[^\n]*>20002; row 4, "Price" \/>`);
  assert.match(content, /\[\d+\]<div[^\n]*role=gridcell[^\n]*>Porsche; row 4, "Make" \/>/);
  assert.match(content, /\[\d+\]<div[^\n]*role=columnheader[^\n]*>Make; column 2 \/>/);
  assert.equal((await act(page, 'sendKeys', price, 'Enter')).success, true);
  await page.waitForSelector('.ag-cell-inline-editing input');
  content = await state(page);
  const editor = indexOf(content, String.raw`input[^\n]*row 4, "Price" \/>`);
  assert.equal((await act(page, 'inputText', editor, '99999')).success, true);
  assert.equal((await act(page, 'sendKeys', editor, 'Enter')).success, true);
  assert.deepEqual((await pageState(page)).edits, ['3 price: 20002 -> 99999']);

  content = await state(page);
  assert.equal((await act(page, 'clickElement', indexOf(content, String.raw`div[^\n]*role=columnheader[^\n]*>Make`))).success, true);
  await page.waitForFunction(() => document.getElementById('state').textContent.includes('make asc'));
  content = await state(page);
  assert.match(content, /\[\d+\]<div[^\n]*role=columnheader[^\n]*aria-sort=ascending[^\n]*>Make; column 2 \/>/);
  assert.match(content, /\[\d+\]<div[^\n]*role=gridcell[^\n]*>Fiat; row 2, "Make" \/>/);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('AG Grid, virtualized: rows swapped in on scroll are indexed with their own numbers and edited', async () => {
  const page = await openAgGrid();
  let content = await state(page);
  assert.ok(await page.evaluate(() => document.querySelectorAll('.ag-center-cols-container .ag-row').length < 100), 'only the rows in view are in the DOM');
  // The grid's scroller keeps its own entry, to scroll by.
  const scroller = indexOf(content, String.raw`div[^\n]*data-scrollable="bottom=`);
  assert.equal((await act(page, 'scroll', { down: true, pixels: 21000, index: scroller })).success, true);
  await page.waitForFunction(() => document.querySelector('.ag-row[aria-rowindex="502"]'));
  content = await state(page);
  assert.doesNotMatch(content, /row 4, "Price"/);
  const rows = [...content.matchAll(/; row (\d+), "Price" \/>/g)].map((m) => Number(m[1]));
  assert.ok(rows.length > 5 && rows.every((r) => r > 400 && r < 700), `rows shown: ${rows}`);
  const deep = indexOf(content, String.raw`div[^\n]*role=gridcell[^\n]*>20500; row 502, "Price" \/>`);
  assert.equal((await act(page, 'sendKeys', deep, 'F2')).success, true);
  await page.waitForSelector('.ag-cell-inline-editing input');
  content = await state(page);
  const editor = indexOf(content, String.raw`input[^\n]*row 502, "Price" \/>`);
  await act(page, 'inputText', editor, '1');
  await act(page, 'sendKeys', editor, 'Enter');
  assert.deepEqual((await pageState(page)).edits, ['501 price: 20500 -> 1']);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

async function openMuiGrid() {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/grid/grid_mui.html');
  await page.waitForSelector('[role=row][aria-rowindex="2"] [role=gridcell][data-field="stock"]');
  return page;
}

test('MUI X DataGrid: rows and cells name their place; Enter edits a stock; a header sorts', async () => {
  const page = await openMuiGrid();
  let content = await state(page);
  assert.match(content, /\[\d+\]<div[^\n]*role=columnheader[^\n]*>Stock; column 3 \/>/);
  assert.match(content, /\[\d+\]<div[^\n]*role=row[^\n]*>row 4 \/>/);
  const stock = indexOf(content, String.raw`div[^\n]*role=gridcell[^\n]*>14; row 4, "Stock" \/>`);
  assert.equal((await act(page, 'sendKeys', stock, 'Enter')).success, true);
  await page.waitForSelector('[role=gridcell] input');
  content = await state(page);
  const editor = indexOf(content, String.raw`input[^\n]*row 4, "Stock" \/>`);
  assert.equal((await act(page, 'inputText', editor, '40')).success, true);
  assert.equal((await act(page, 'sendKeys', editor, 'Enter')).success, true);
  await page.waitForFunction(() => JSON.parse(document.getElementById('state').textContent).edits.length === 1);
  assert.deepEqual((await pageState(page)).edits, ['3 stock: 14 -> 40']);

  content = await state(page);
  assert.equal((await act(page, 'clickElement', indexOf(content, String.raw`div[^\n]*role=columnheader[^\n]*>Item`))).success, true);
  await page.waitForFunction(() => document.getElementById('state').textContent.includes('item asc'));
  content = await state(page);
  assert.match(content, /\[\d+\]<div[^\n]*role=columnheader[^\n]*aria-sort=ascending[^\n]*>Item; column 2 \/>/);
  assert.match(content, /\[\d+\]<div[^\n]*role=gridcell[^\n]*>Blender \d+; row 2, "Item" \/>/);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('MUI X DataGrid, virtualized: rows swapped in on scroll are indexed with their own numbers and edited', async () => {
  const page = await openMuiGrid();
  let content = await state(page);
  assert.ok(await page.evaluate(() => document.querySelectorAll('[role=row][aria-rowindex]').length < 40), 'only the rows in view are in the DOM');
  const scroller = indexOf(content, String.raw`div[^\n]*data-scrollable="bottom=`);
  assert.equal((await act(page, 'scroll', { down: true, pixels: 3000, index: scroller })).success, true);
  await page.waitForFunction(() => document.querySelector('[role=row][aria-rowindex="62"]'));
  content = await state(page);
  assert.doesNotMatch(content, /row 4, "Stock"/);
  const rows = [...content.matchAll(/; row (\d+), "Stock" \/>/g)].map((m) => Number(m[1]));
  assert.ok(rows.length > 3 && rows.every((r) => r > 40), `rows shown: ${rows}`);
  // Item No. 61 is row 62 (the header row is row 1); its stock is (60 * 7) % 50 = 20.
  const deep = indexOf(content, String.raw`div[^\n]*role=gridcell[^\n]*>20; row 62, "Stock" \/>`);
  assert.equal((await act(page, 'sendKeys', deep, 'Enter')).success, true);
  await page.waitForSelector('[role=gridcell] input');
  content = await state(page);
  const editor = indexOf(content, String.raw`input[^\n]*row 62, "Stock" \/>`);
  await act(page, 'inputText', editor, '1');
  await act(page, 'sendKeys', editor, 'Enter');
  await page.waitForFunction(() => JSON.parse(document.getElementById('state').textContent).edits.length === 1);
  assert.deepEqual((await pageState(page)).edits, ['61 stock: 20 -> 1']);
  assert.deepEqual(page.errors, []);
  await page.closeAll();
});

test('a month calendar and a data table: notes only where the cell needs one, headers by their full text, one line per cell in every view', async () => {
  const page = await openActPage(env.browser, env.server.origin, '/tests/fixtures/grid/grid_calendar.html');
  await page.waitForFunction(() => document.getElementById('state').textContent);
  const content = await state(page);
  // react-aria's day buttons are named in full ("Saturday, June 15, 2024"): no note on any of them.
  assert.match(content, /\[\d+\]<div role=button aria-label=Saturday, June 15, 2\.\.\.>15 \/>/);
  assert.doesNotMatch(content, /role=button aria-label=[^>]*>\d+;/);
  // The hand-written month: the same line before and after a click moves aria-selected onto its cell.
  const day = indexOf(content, 'button >15 />');
  assert.ok((await act(page, 'clickElement', day)).success);
  assert.match(await state(page), new RegExp(String.raw`\[${day}\]<button >15 />`));
  // The data table: a header's abbr or aria-label over its short text.
  assert.match(content, /<td >7; row 2, "Quantity" \/>/);
  assert.match(content, /<td >3\.50; row 2, "Unit price" \/>/);
  await page.closeAll();
});
