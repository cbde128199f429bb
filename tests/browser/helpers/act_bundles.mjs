// Fixture bundles for the act tests, built by esbuild from the installed npm packages into
// build/act-fixtures/ (never committed).
import { build } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.mjs';

const out = join(root, 'build', 'act-fixtures');

const ENTRIES = {
  'act_react_app.js': join(root, 'tests', 'fixtures', 'act', 'act_react_app.jsx'),
  'act_prosemirror_app.js': join(root, 'tests', 'fixtures', 'act', 'act_prosemirror_app.js'),
  'act_antd_app.js': join(root, 'tests', 'fixtures', 'act', 'act_antd_app.jsx'),
  'act_antd_pickers_app.js': join(root, 'tests', 'fixtures', 'act', 'act_antd_pickers_app.jsx'),
  'act_mui_app.js': join(root, 'tests', 'fixtures', 'act', 'act_mui_app.jsx'),
  'act_user_input_app.js': join(root, 'tests', 'fixtures', 'act', 'act_user_input_app.jsx'),
  'act_web_components_app.js': join(root, 'tests', 'fixtures', 'act', 'act_web_components_app.js'),
  'act_controls_app.js': join(root, 'tests', 'fixtures', 'act', 'act_controls_app.js'),
  'act_drag_app.js': join(root, 'tests', 'fixtures', 'act', 'act_drag_app.jsx'),
  'grid_ag_app.js': join(root, 'tests', 'fixtures', 'grid', 'grid_ag_app.js'),
  'grid_calendar_app.js': join(root, 'tests', 'fixtures', 'grid', 'grid_calendar_app.jsx'),
  'grid_mui_app.js': join(root, 'tests', 'fixtures', 'grid', 'grid_mui_app.jsx'),
};

function fresh(file, source) {
  return existsSync(file) && statSync(file).mtimeMs >= statSync(source).mtimeMs;
}

export async function buildActBundles() {
  const common = { bundle: true, format: 'iife', minify: true, logLevel: 'error', absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'automatic' };
  for (const [name, entry] of Object.entries(ENTRIES)) {
    const file = join(out, name);
    if (!fresh(file, entry)) await build({ ...common, entryPoints: [entry], outfile: file });
  }
}
