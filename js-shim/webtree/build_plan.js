// Executes a build plan from the core (see webtree/build_plan.hpp): creates the nodes detached,
// in document order, and returns the top-level ones. Nothing here decides what may be built.
import { appendChild, createElement, createTextNode, setAttribute, setTextContent } from './dom.js';
import { slice } from '../safe_builtins.js';
import { PLAN_RECORD, TREE_RECORD_WORDS, TREE_ATTRIBUTE_WORDS } from '#plan-format';

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
    if (kind === PLAN_RECORD.ELEMENT) {
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

// The binary plan of 构建页面节点树 (webtree/tree_description.hpp): `words` is an Int32Array copy,
// `side` the side strings, `source` the description the UTF-16 refs point into.
export function executeTreePlan(doc, words, side, source, tags) {
  const made = [];
  const tops = [];
  let count = 0;
  let i = 0;
  const n = words.length;
  const text = (a, b) => (a >= 0 ? slice(source, a, b) : side[-1 - a]);
  while (i < n) {
    const kind = words[i];
    const parent = words[i + 1];
    let node;
    if (kind === PLAN_RECORD.ELEMENT) {
      node = createElement(doc, tags[words[i + 2]]);
      const attributeCount = words[i + 3];
      i += TREE_RECORD_WORDS;
      for (let a = 0; a < attributeCount; a++, i += TREE_ATTRIBUTE_WORDS) {
        setAttribute(node, side[-1 - words[i]], text(words[i + 2], words[i + 3]));
      }
    } else if (parent === count - 1 && parent >= 0) {
      // The first child of the element just made (its 文字): one textContent call.
      setTextContent(made[parent], text(words[i + 2], words[i + 3]));
      i += TREE_RECORD_WORDS;
      made[count++] = null;
      continue;
    } else {
      node = createTextNode(doc, text(words[i + 2], words[i + 3]));
      i += TREE_RECORD_WORDS;
    }
    made[count++] = node;
    if (parent < 0) tops[tops.length] = node;
    else appendChild(made[parent], node);
  }
  return tops;
}
