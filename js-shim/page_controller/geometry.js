// dehydra.geometry(indices, controller): the boxes of a PageController's indexed elements, measured
// on demand (settle/geometry_on_demand.js).
import { describeValue } from '../validate.js';
import { SafeError, mathRound } from '../safe_builtins.js';
import { boxOf } from '../settle/geometry_on_demand.js';
import { getDefaultController } from './default_controller.js';

function fail(message) { return new SafeError('dehydra.geometry: ' + message); }

// {index: box | null} for the given agent indices of `controller` (default: the module-wide one);
// null for an index the controller does not know.
export function geometry(indices, controller = getDefaultController()) {
  if (!controller || typeof controller.elementAt !== 'function') {
    throw fail('needs a PageController (or an object with elementAt(index))');
  }
  const list = typeof indices === 'number' ? [indices] : indices;
  if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
    throw fail('indices must be an index or an array of indices, e.g. [3, 7]');
  }
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (typeof n !== 'number' || n !== mathRound(n) || n < 0)
      throw fail(`index ${describeValue(n)} is not a non-negative integer`);
  }
  const out = {};
  for (let i = 0; i < list.length; i++) {
    const el = controller.elementAt(list[i]);
    out[list[i]] = el ? boxOf(el) : null;
  }
  return out;
}
