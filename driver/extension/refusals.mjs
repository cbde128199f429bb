// What the tools cannot do in the user's own browser, where the extension works without a debugger
// attached: each such call is refused before anything is done, with the reason and what to do instead.
import { USERS_DIALOG } from './extension_page.mjs';

const NO_DEBUGGER = 'dehydra works in your own browser through its extension, with no debugger attached';

const REFUSALS = {
  upload: 'giving a page files needs the DevTools protocol (a file chooser is the browser\'s own dialog), and ' +
    `${NO_DEBUGGER}: ` +
    'choose the files in the browser yourself, or run dehydra without --extension',
  console: `the page's console is read through the DevTools protocol, and ${NO_DEBUGGER}: ` +
    'evaluate can read what the page keeps',
  network: `the page's requests are read through the DevTools protocol, and ${NO_DEBUGGER}: evaluate can read ` +
    'performance.getEntriesByType("resource")',
  resize: 'the viewport of your own browser is its window\'s: resize the window instead',
  dialog: USERS_DIALOG,
  save_state: 'your own browser keeps its cookies and storage in its profile: there is nothing to save',
};

// An action's expectation of a request: the page's requests, their methods and statuses, are the
// DevTools protocol's to read (or chrome.webRequest's, a permission to watch every request of the
// browser that the extension does not ask for).
const EXPECTED_REQUEST = 'expecting a request needs the page\'s requests, read through the DevTools protocol, ' +
  `and ${NO_DEBUGGER}: expect what the request changes on the page instead (text, gone, url, element), ` +
  'or run dehydra without --extension';

// The refusal of tool `name` with `args`, or null when the extension can do it. A batch is refused
// whole, before any step runs, when one of its steps would be.
export function extensionRefusal(name, args) {
  if (name === 'screenshot' && args.fullPage) {
    return `screenshot refused: a screenshot of the whole page needs the DevTools protocol, and ${NO_DEBUGGER}; ` +
      'the viewport can be captured (without fullPage)';
  }
  if (args.expect && args.expect.request) return `${name} refused: ${EXPECTED_REQUEST}.`;
  if (name === 'batch' && Array.isArray(args.steps)) {
    for (let i = 0; i < args.steps.length; i++) {
      const step = args.steps[i] || {};
      const refused = step.tool === 'batch' ? null : extensionRefusal(step.tool, step.args || {});
      if (refused) return `batch refused: step ${i + 1}: ${refused} No step was run.`;
    }
  }
  return Object.hasOwn(REFUSALS, name) ? `${name} refused: ${REFUSALS[name]}.` : null;
}
