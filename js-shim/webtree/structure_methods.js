// 网页文树: the methods that move, replace and remove existing nodes.
import { jsonParse } from '../safe_builtins.js';
import {
  appendChild, contains, firstChild, insertBefore, localName, nodeType, parentNode, removeChild, replaceChild,
} from './dom.js';

const isArray = globalThis.Array.isArray;

export function structureMethods(w) {
  const { slots, L, fail, text, node, element, isVoid, removeChildrenReleasing } = w;

  function checkHierarchy(parent, child) {
    if (contains(child, parent)) fail('hierarchy');
  }

  return {
    添加页面子节点(parentHandle, childHandle) {
      const parent = element(parentHandle);
      const child = element(childHandle);
      if (isVoid(parent)) fail('void-children', localName(parent));
      checkHierarchy(parent, child);
      appendChild(parent, child);
    },
    插入页面子节点前(parentHandle, childHandle, referenceHandle) {
      const parent = element(parentHandle);
      const child = element(childHandle);
      let reference = null;
      if (text(referenceHandle, '参照') !== '') {
        reference = node(referenceHandle);
        if (parentNode(reference) !== parent) fail('not-child');
      }
      if (isVoid(parent)) fail('void-children', localName(parent));
      checkHierarchy(parent, child);
      if (reference === child) return;
      insertBefore(parent, child, reference);
    },
    替换页面子节点(parentHandle, list) {
      const parent = element(parentHandle);
      let items = list;
      if (typeof list === 'string') {
        try { items = jsonParse(list); } catch { fail('list-json'); }
      }
      if (!isArray(items) || items.length > L.replace) fail('list-shape');
      for (let i = 0; i < items.length; i++) if (typeof items[i] !== 'string') fail('list-shape');
      const children = [];
      const seen = [];
      for (let i = 0; i < items.length; i++) {
        const child = element(items[i]);
        const slot = slots.resolve(items[i]);
        if (seen[slot] === true) fail('list-duplicate');
        seen[slot] = true;
        checkHierarchy(parent, child);
        children[i] = child;
      }
      if (children.length > 0 && isVoid(parent)) fail('void-children', localName(parent));
      const old = [];
      for (let c = firstChild(parent); c !== null; c = firstChild(parent)) {
        old[old.length] = c;
        removeChild(parent, c);
      }
      for (let i = 0; i < children.length; i++) appendChild(parent, children[i]);
      // Released only what really left: a listed node is back under the parent.
      for (let i = 0; i < old.length; i++) {
        if (nodeType(old[i]) === 1 && parentNode(old[i]) !== parent) slots.releaseSubtree(old[i]);
      }
    },
    清空页面子节点(handle) {
      removeChildrenReleasing(element(handle));
    },
    移除页面节点(handle) {
      const el = element(handle);
      const parent = parentNode(el);
      if (parent !== null) removeChild(parent, el);
      slots.releaseSubtree(el);
    },
    替换页面节点(oldHandle, newHandle) {
      const old = element(oldHandle);
      const replacement = element(newHandle);
      if (old === replacement) return;
      const parent = parentNode(old);
      if (parent === null) fail('no-parent');
      checkHierarchy(parent, replacement);
      replaceChild(parent, replacement, old);
    },
  };
}
