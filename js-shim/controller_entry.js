// dehydra/controller: the PageController alone (controller_api.js) on the core's controller part,
// without the extras part or its APIs (Markdown, accessibility tree, forms, webtree): for a web app
// that only lets an agent read and act on the page.
export * from './controller_api.js';

// Every module has captured its built-ins: give the page back any it had replaced (load/pristine_window.js).
import { endPristineWindow } from './load/pristine_window.js';
endPristineWindow();
