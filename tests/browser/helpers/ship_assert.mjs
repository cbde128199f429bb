// What the shipped-file tests assert of exerciseEverything's report (ship_exercise.mjs, which runs
// in the page and so imports nothing of Node's).
import assert from 'node:assert/strict';
import { EVERY_API, PARTS_BEFORE, PARTS_AFTER } from './ship_exercise.mjs';

// Every public API worked, and the core's extras part started on its first use.
export function assertEveryApiWorked(r) {
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.used, EVERY_API);
  assert.equal(r.partsBefore, PARTS_BEFORE, 'the extras part waits for its first use');
  assert.equal(r.partsAfter, PARTS_AFTER);
}
