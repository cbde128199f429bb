// The browsing context's signed-in state, saved to a file that --storage-state starts from again.
import { resolve } from 'node:path';
import { defineTool } from './define_tool.mjs';
import { saveStorageState } from '../storage_state.mjs';

const saveState = defineTool({
  name: 'save_state',
  title: 'Save the signed-in state',
  description: 'Writes the cookies and local storage of this browsing context to a file (Playwright\'s storageState ' +
    'JSON, readable only by its owner), so a later run started with --storage-state FILE is signed in again. The ' +
    'file holds credentials.',
  params: { path: { type: 'string', minLength: 1, description: 'The file to write, on the machine running dehydra.' } },
  required: ['path'],
  handle: async (b, a) => {
    await b.start();
    const file = resolve(a.path);
    const saved = await saveStorageState(b.opened.context, file);
    return { text: `Saved ${saved.cookies} cookie(s) and the local storage of ${saved.origins} origin(s) to ` +
      `${file}. It holds credentials: keep it private.` };
  },
  shell: { usage: 'FILE', positionals: 1, args: ([path]) => ({ path }) },
});

export const STORAGE = [saveState];
