// 网页文树: the methods that find elements by selector or by kinship and hand out their handles.
import { jsonStringify } from '../safe_builtins.js';
import {
  closest, documentQuerySelectorAll, fragmentQuerySelectorAll, isHtmlTemplate, listItem, listLength,
  matches, nodeType, pageDocument, parentNode, querySelectorAll, templateContent,
} from './dom.js';

export function queryMethods(w) {
  const { slots, L, fail, text, element, isForbidden } = w;

  function selector(value) {
    if (typeof value !== 'string' || value.length < 1 || value.length > L.selector) fail('selector-length');
    return value;
  }

  return {
    查询页面节点(rootHandle, sel) {
      text(rootHandle, '根');
      selector(sel);
      let root = null;
      if (rootHandle !== '') {
        root = element(rootHandle);
        if (isHtmlTemplate(root)) root = templateContent(root);
      }
      let found;
      try {
        found = root === null ? documentQuerySelectorAll(pageDocument(), sel)
          : nodeType(root) === 11 ? fragmentQuerySelectorAll(root, sel) : querySelectorAll(root, sel);
      } catch { fail('selector-invalid', sel); }
      const picked = [];
      let fresh = 0;
      const n = listLength(found);
      for (let i = 0; i < n; i++) {
        const el = listItem(found, i);
        if (isForbidden(el)) continue;
        if (picked.length === L.matches) fail('too-many-matches');
        picked[picked.length] = el;
        if (!slots.hasHandle(el)) fresh++;
      }
      if (fresh > slots.remaining()) fail('table-short');
      const out = [];
      for (let i = 0; i < picked.length; i++) out[i] = slots.handleFor(picked[i]);
      return jsonStringify(out);
    },
    读取页面节点父级(handle) {
      const parent = parentNode(element(handle));
      if (parent === null || nodeType(parent) !== 1 || isForbidden(parent)) return '';
      return slots.handleFor(parent);
    },
    查找最近页面祖先(handle, sel) {
      const el = element(handle);
      selector(sel);
      let found;
      try { found = closest(el, sel); } catch { fail('selector-invalid', sel); }
      if (found === null || isForbidden(found)) return '';
      return slots.handleFor(found);
    },
    页面节点匹配选择器(handle, sel) {
      const el = element(handle);
      selector(sel);
      try { return matches(el, sel); } catch { fail('selector-invalid', sel); }
      return false;
    },
  };
}
