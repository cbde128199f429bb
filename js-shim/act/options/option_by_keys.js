// The keyboard half of the combobox pattern, for options that cannot be clicked (virtual lists
// render a screenful; some libraries expose options only in a hidden listbox): ArrowDown moves
// aria-activedescendant through the options, and Enter chooses the active one.
import { attr, byId } from '../dom/dom_builtins.js';
import { pressKeys } from '../keyboard/keyboard.js';
import { waitUntil } from '../effect/wait.js';
import { matchOption } from './option_text.js';
import { namesOf } from './aria_popup.js';
import { has, append } from '../../safe_builtins.js';

const MAX_STEPS = 1000;
const STEP_TIMEOUT_MS = 1000;

function activeOption(target) {
  const id = attr(target, 'aria-activedescendant');
  return id ? { id, el: byId(target.ownerDocument, id) } : { id: '', el: null };
}

// Walks the options with ArrowDown from the current one; presses Enter on the first whose name
// matches. Returns the chosen element, or null when the walk came round or stopped moving.
export async function chooseByKeys(target, wanted) {
  const doc = target.ownerDocument;
  const seen = [];
  for (let step = 0; step < MAX_STEPS; step++) {
    const now = activeOption(target);
    if (now.el && matchOption([namesOf(now.el)], wanted) >= 0) {
      await pressKeys(target, 'Enter');
      return now.el;
    }
    if (now.id) {
      if (has(seen, now.id)) return null;
      append(seen, now.id);
    }
    await pressKeys(target, 'ArrowDown');
    const moved = await waitUntil(() => activeOption(target).id !== now.id, STEP_TIMEOUT_MS, doc);
    if (!moved) return null;
  }
  return null;
}
