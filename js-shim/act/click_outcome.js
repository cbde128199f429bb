// Whether the page cancelled the click an action dispatched: a capture listener on the window keeps
// the click event, whose defaultPrevented is read once its dispatch is over (a cancelled click on a
// checkbox puts it back, which is the page's choice, not a failure of the click).
import { listen, unlisten } from '../settle/captured.js';
import { windowOf } from './dom_builtins.js';

export function watchClick(target) {
  const win = windowOf(target);
  let seen = null;
  const fn = (e) => { if (seen === null && e.type === 'click') seen = e; };
  if (win) listen(win, 'click', fn, true);
  return {
    done() {
      if (win) unlisten(win, 'click', fn, true);
      return seen !== null && seen.defaultPrevented === true;
    },
  };
}
