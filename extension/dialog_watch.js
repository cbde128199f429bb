// A dialog (alert, confirm, prompt) the page opens while dehydra's agent works in it, told to the
// driver as it opens and as it closes. The browser's own dialog blocks the page's thread, and this
// content script's with it, and no extension API sees it: so the page's three functions are wrapped
// in the page's own world (bridge.js, wrapPageDialogs) by a Proxy that announces each call on a DOM
// event whose name only this content script knows, then calls the browser's function. This script
// hears the event on the page's thread and passes it on at once, before the dialog blocks. Installed
// once per document, at the agent's first call there; the side panel alone installs nothing.
const DIALOG_EVENT = 'dehydra-dialog-' + crypto.randomUUID();
let watching = null;

// Resolves once the page's dialogs are watched (or could not be: a page the extension may not script).
export function watchDialogs() {
  if (watching === null) {
    document.addEventListener(DIALOG_EVENT, (event) => {
      if (typeof event.detail !== 'string') return;
      chrome.runtime.sendMessage({ to: 'dehydra-dialogs', type: 'dialog', detail: event.detail }).catch(() => {});
    });
    const watch = { to: 'dehydra-dialogs', type: 'watch', event: DIALOG_EVENT };
    watching = chrome.runtime.sendMessage(watch).catch(() => null);
  }
  return watching;
}
