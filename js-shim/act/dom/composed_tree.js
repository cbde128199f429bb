// Steps up the composed tree, across shadow boundaries: where actions ask whether focus or a hit
// lies inside an element, or climb to the scroll container or pointer-event target above it.

// Parent across shadow boundaries (a shadow root's parent is its host; a slotted node's, its slot).
export function composedParent(node) {
  if (node.assignedSlot) return node.assignedSlot;
  const p = node.parentNode;
  if (p && p.nodeType === 11 && p.host) return p.host;
  return p;
}

// True when `node` is `ancestor` or lies inside it, counting shadow trees and slots.
export function composedContains(ancestor, node) {
  let n = node;
  let steps = 0;
  while (n && steps++ < 100000) {
    if (n === ancestor) return true;
    const p = n.parentNode;
    n = p && p.nodeType === 11 && p.host ? p.host : p;
  }
  return false;
}
