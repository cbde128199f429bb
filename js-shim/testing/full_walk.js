// Every dehydrate walks in full, to compare its answer against the lean walk's
// (tests/browser/dehydrate_lean.test.mjs). Read by page_controller/dehydrate.js in the test bundle only.
let fullWalkOnly = false;
export function forceFullWalk(on) { fullWalkOnly = !!on; }
export function fullWalkForced() { return fullWalkOnly; }
