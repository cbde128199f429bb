// 读取页面节点树, the DOM half: one walk of the subtree (explicit stack) into the raw nested form
// the core filters (webtree/tree_export.hpp). The walk stops just past the limits the core
// enforces, so a huge subtree is never serialised whole.
import {
  HTML_NS, attributeAt, attributeCount, attrName, attrValue, attributes, firstChild, getData,
  localName, namespaceURI, nextSibling, nodeType,
} from './dom.js';

function attributesOf(el) {
  const map = attributes(el);
  const out = [];
  const n = attributeCount(map);
  for (let i = 0; i < n; i++) {
    const a = attributeAt(map, i);
    out[out.length] = attrName(a);
    out[out.length] = attrValue(a);
  }
  return out;
}

// skip(tag) says which elements (dangerous, template) the core would drop anyway.
export function walkForExport(root, depthLimit, maxElements, maxTextUnits, skip) {
  const rawRoot = [localName(root), attributesOf(root)];
  const nodes = [root];
  const outs = [rawRoot];
  const depths = [1];
  let top = 1;
  let elements = 1;
  let text = 0;
  while (top > 0) {
    top--;
    const node = nodes[top];
    const out = outs[top];
    const depth = depths[top];
    for (let c = firstChild(node); c !== null; c = nextSibling(c)) {
      const type = nodeType(c);
      if (type === 3 || type === 4) {
        const data = getData(c);
        out[out.length] = data;
        text += data.length;
        if (text > maxTextUnits) return rawRoot;
      } else if (type === 1) {
        if (namespaceURI(c) !== HTML_NS) { out[out.length] = ['#foreign', []]; continue; }
        const tag = localName(c);
        if (skip(tag)) continue;
        const child = [tag, attributesOf(c)];
        out[out.length] = child;
        if (++elements > maxElements) return rawRoot;
        if (depth + 1 > depthLimit) return rawRoot;
        nodes[top] = c;
        outs[top] = child;
        depths[top] = depth + 1;
        top++;
      }
    }
  }
  return rawRoot;
}
