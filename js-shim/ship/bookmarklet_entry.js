// dist/dehydra.bookmarklet.js: dehydra plus the floating panel. Evaluating it (a loader or a
// self-contained bookmarklet) defines globalThis.dehydra if needed and opens or refreshes the panel.
import '../iife_entry.js';
import { openPanel } from './panel.js';

openPanel(globalThis.dehydra);
