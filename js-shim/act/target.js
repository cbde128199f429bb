// From an agent index to a live element, refusing anything that is not what the agent saw:
// no tree yet, unknown index, or an element that left the page (removed, replaced, or its frame
// navigated) — the agent is told to refresh instead of acting on some other element.
import { SafeError } from '../safe_builtins.js';
import { isConnected, isElement, windowOf } from './dom/dom_builtins.js';
import { checkIndex } from '../validate.js';

export const NOT_INDEXED = 'DOM tree not indexed yet. Can not perform actions on elements.';

function staleReason(el) {
  if (!isConnected(el)) return 'it was removed from the page or replaced';
  const win = windowOf(el);
  if (!win) return 'its document was unloaded';
  let w = win;
  let guard = 0;
  while (w && w.frameElement && guard++ < 64) {
    const frame = w.frameElement;
    if (!isConnected(frame) || frame.contentDocument !== w.document) return 'its frame was removed or navigated';
    w = windowOf(frame);
  }
  return null;
}

export function elementForIndex(controller, index) {
  checkIndex('PageController', index);
  if (!controller.isIndexed) throw new SafeError(NOT_INDEXED);
  const el = controller.elementAt(index);
  if (!isElement(el)) throw new SafeError('No interactive element found at index ' + index);
  const stale = staleReason(el);
  if (stale) {
    throw new SafeError('Element at index ' + index + ' is stale (' + stale + '). ' +
      'The page changed since the last state: refresh the browser state and use the new index.');
  }
  return el;
}

// The controller's config ({} for an object given only the action methods).
export function configOf(controller) { return controller.config || {}; }

// How messages name the element: `(LINE)`, its line from the last state, else its index (as the
// reference); `[N]` with the config's elementNames 'index', for a caller whose reader has the lines.
export function describe(controller, index) {
  if (configOf(controller).elementNames === 'index') return '[' + index + ']';
  const line = controller.lineOf ? controller.lineOf(index) : null;
  return '(' + (line === null || line === undefined ? String(index) : line) + ')';
}

// "Error: message", as the reference prints a caught error, without calling page-patchable toString.
export function errorText(e) {
  if (e && typeof e === 'object' && typeof e.message === 'string') return (e.name || 'Error') + ': ' + e.message;
  return String(e);
}
