// dehydra's public API: the PageController's (controller_api.js), and the APIs that run on the
// core's extras part, which starts on first use (wasm/core_parts.cmake).
export * from './controller_api.js';

// Markdown of the page or its article.
export { markdown } from './read/markdown.js';

// 网页文树 0.3.0: an application instance that builds the page within the specification's rules.
export { createWebTree } from './webtree/web_tree.js';

// Accessibility tree (Playwright ariaSnapshot YAML with [ref=N] agent indices).
export { accessibilityTree, accessibilityTreeSync } from './read/accessibility_tree.js';

// Forms as WebMCP tools.
export { formTools, fillForm, registerFormTools } from './forms/form_tools.js';

// Every module has captured its built-ins: give the page back any it had replaced (load/pristine_window.js).
import { endPristineWindow } from './load/pristine_window.js';
endPristineWindow();
