// dist/dehydra.bookmarklet.js: dehydra plus the floating panel. Evaluating it (a loader or a
// self-contained bookmarklet) defines dehydra (iife_entry.js) if needed and opens or refreshes the panel.
import '../iife_entry.js';
import { openPanel } from './panel.js';
import { INSTANCE_KEY } from '../load/load_state.js';

openPanel(globalThis[INSTANCE_KEY]);
