// A browsing context's saved state in Playwright's storageState JSON ({cookies, origins: [{origin,
// localStorage: [{name, value}]}]}), so one file moves between dehydra, Playwright and its MCP
// server: read before a launch (--storage-state), written by the save_state tool.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ToolError } from './tool_error.mjs';

// A saved state (Playwright's storageState JSON: {cookies, origins: [{origin, localStorage}]}),
// checked before any launch.
export function readStorageState(file) {
  if (!existsSync(file)) throw new ToolError(`no such storage state file: ${file}`);
  let state;
  try {
    state = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ToolError(`${file}: not valid JSON (${e.message})`);
  }
  if (!state || !Array.isArray(state.cookies) || (state.origins !== undefined && !Array.isArray(state.origins))) {
    throw new ToolError(`${file}: a storage state is {"cookies": [...], "origins": [...]}, as Playwright saves it`);
  }
  return { cookies: state.cookies, origins: state.origins || [] };
}

// Writes the context's state to `file` (mode 600: it holds credentials). Resolves what was saved.
export async function saveStorageState(context, file) {
  const state = typeof context.storageState === 'function' ? await context.storageState()
    : { cookies: await context.cookies(), origins: [] };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  return { cookies: state.cookies.length, origins: state.origins.length };
}
