// What the tools cannot do in the user's own browser, where the extension works without a debugger
// attached: each such call is refused before anything is done, with the reason and what to do instead.
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
  save_state: 'your own browser keeps its cookies and storage in its profile: there is nothing to save',
};

// The refusal of tool `name` with `args`, or null when the extension can do it.
export function extensionRefusal(name, args) {
  if (name === 'screenshot' && args.fullPage) {
    return `screenshot refused: a screenshot of the whole page needs the DevTools protocol, and ${NO_DEBUGGER}; ` +
      'the viewport can be captured (without fullPage)';
  }
  return Object.hasOwn(REFUSALS, name) ? `${name} refused: ${REFUSALS[name]}.` : null;
}
