// js-shim's half of one instance's handle table: slot id -> Node and Node -> slot id. The core
// (a WebTreeSession, webtree/tree_session.hpp) owns the handles themselves (issue, resolve,
// release); slots are dense and reused, handle numbers never are. `checked` unwraps the core's
// answers into this API's failures.
import { SafeWeakMap, weakMapGet, weakMapSet, weakMapDelete } from '../safe_builtins.js';
import { firstChild, isHtmlTemplate, nextSibling, nodeType, templateContent } from './dom.js';

export function createHandleSlots(tree, checked) {
  const nodes = [];
  const handles = [];
  const slotOf = new SafeWeakMap();

  function liveSlot(node) {
    const slot = weakMapGet(slotOf, node);
    return slot !== undefined && nodes[slot] === node ? slot : -1;
  }

  function releaseSlot(slot) {
    const node = nodes[slot];
    checked(tree.release(slot));
    nodes[slot] = null;
    handles[slot] = '';
    if (node) weakMapDelete(slotOf, node);
  }

  return {
    // The node's handle, registering it when it has none (fails when the table is full).
    handleFor(node) {
      let slot = liveSlot(node);
      if (slot >= 0) return handles[slot];
      const issued = checked(tree.issue());  // {slot, handle}, or the table-full failure
      slot = issued.slot;
      nodes[slot] = node;
      handles[slot] = issued.handle;
      weakMapSet(slotOf, node, slot);
      return handles[slot];
    },
    hasHandle(node) { return liveSlot(node) >= 0; },
    // The slot of a live handle, or -1.
    resolve(handle) { return checked(tree.resolve(handle)); },
    nodeAt(slot) { return nodes[slot]; },
    releaseSlot,
    // Releases every handle on `root` and below (template contents included): O(subtree).
    releaseSubtree(root) {
      if (checked(tree.count()) === 0) return;
      const stack = [root];
      let top = 1;
      while (top > 0) {
        const node = stack[--top];
        const slot = liveSlot(node);
        if (slot >= 0) releaseSlot(slot);
        if (nodeType(node) === 1 && isHtmlTemplate(node)) stack[top++] = templateContent(node);
        for (let c = firstChild(node); c !== null; c = nextSibling(c)) {
          if (nodeType(c) === 1) stack[top++] = c;
        }
      }
    },
    count() { return checked(tree.count()); },
    remaining() { return checked(tree.remaining()); },
  };
}
