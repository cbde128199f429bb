// Executes a build plan from the core (see webtree/build_plan.hpp): creates the nodes detached,
// in document order, and returns the top-level ones. Nothing here decides what may be built.
import { appendChild, createElement, createTextNode, setAttribute } from './dom.js';

export function executePlan(doc, records) {
  const made = [];
  const tops = [];
  let count = 0;
  let i = 0;
  const n = records.length;
  while (i < n) {
    const kind = records[i];
    const parent = records[i + 1];
    let node;
    if (kind === 1) {
      node = createElement(doc, records[i + 2]);
      const attributeCount = records[i + 3];
      i += 4;
      for (let a = 0; a < attributeCount; a++, i += 2) setAttribute(node, records[i], records[i + 1]);
    } else {
      node = createTextNode(doc, records[i + 2]);
      i += 3;
    }
    made[count++] = node;
    if (parent < 0) tops[tops.length] = node;
    else appendChild(made[parent], node);
  }
  return tops;
}
