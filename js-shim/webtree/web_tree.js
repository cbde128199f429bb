// 网页文树 0.3.0: one application instance (dehydra.createWebTree()). The core decides every rule
// and keeps the handle table; this file performs exactly the DOM operations the core allows.
// Every failure is an Error with the reference host's Chinese message; nothing else escapes.
import { getCore, unwrap } from '../core_module.js';
import { SafeError, SafeMap, SafePromise, jsonParse, jsonStringify, ownKeys, reflectApply, slice, mapGet, mapSet } from '../safe_builtins.js';
import {
  HTML_NS, appendChild, appendData, closest, contains, createElement, createTextNode, documentQuerySelectorAll,
  fragmentQuerySelectorAll, getAttribute, getData, getElementById, getTextContent, hasAttribute,
  insertBefore, isHtmlTemplate, lastChild, listItem, listLength, localName, matches, namespaceURI,
  nodeType, pageDocument, pageHref, pageOrigin, pageSearch, parentNode, querySelectorAll,
  removeAttribute, removeChild, replaceChild, setAttribute, setTextContent, setTitle, templateContent,
  firstChild, getAttribute as readAttribute,
} from './dom.js';
import { createHandleSlots } from './handles.js';
import { executePlan, executeTreePlan } from './build_plan.js';
import { walkForExport } from './export_walk.js';
import { fetchResourceText } from './resource.js';
import { METHOD_NAMES } from './method_names.js';
import { withUtf8 } from './text_to_core.js';

const isArray = globalThis.Array.isArray;
const SafeURLSearchParams = globalThis.URLSearchParams;

const int32Slice = globalThis.Int32Array.prototype.slice;

// The core's limits, whitelist (build plans name tags by index) and tag kinds, read once per core.
let constants = null;
let constantsCore = null;
function webtreeConstants(core) {
  if (constantsCore !== core) {
    const c = jsonParse(unwrap(core.webtreeConstants()));
    const kinds = new SafeMap();
    const tags = ownKeys(c.tagKinds);
    for (let i = 0; i < tags.length; i++) mapSet(kinds, tags[i], c.tagKinds[tags[i]]);
    constants = { limits: c.limits, tags: c.tags, kinds };
    constantsCore = core;
  }
  return constants;
}

// Thrown by our own checks; anything else a DOM call throws becomes an Error too.
class WebTreeFailure {
  constructor(error) { this.error = error; }
}

export function createWebTree() {
  const core = getCore('extras');
  const C = webtreeConstants(core);
  const L = C.limits;
  const TAGS = C.tags;
  const tree = new core.WebTreeSession();

  function fail(key, argument) {
    throw new WebTreeFailure(new SafeError(unwrap(core.webtreeMessage(key, argument === undefined ? '' : clip(argument, L.messageArgument + 1)))));
  }
  // The core's answer (the result envelope), or its message as this API's failure.
  function checked(answer) {
    try { return unwrap(answer, ''); } catch (e) { throw new WebTreeFailure(e); }
  }
  function clip(s, units) { return s.length > units ? slice(s, 0, units) : s; }
  function text(value, name) {
    if (typeof value !== 'string') fail('argument', name);
    return value;
  }

  const slots = createHandleSlots(tree, checked);

  // 0 other, 1 whitelisted, 2 whitelisted void, 3 dangerous (webtree/tags.hpp).
  function kindOf(tag) {
    const kind = mapGet(C.kinds, tag);
    return kind === undefined ? 0 : kind;
  }
  function isDangerous(tag) { return kindOf(tag) === 3; }
  function isForbidden(el) { return namespaceURI(el) !== HTML_NS || isDangerous(localName(el)); }

  function node(handle) {
    if (typeof handle !== 'string') fail('handle-invalid', '');
    const slot = slots.resolve(clip(handle, L.handleDigits + 1));
    if (slot < 0) fail('handle-invalid', handle);
    return slots.nodeAt(slot);
  }
  function element(handle) {
    const n = node(handle);
    if (nodeType(n) !== 1) fail('not-element', handle);
    return n;
  }
  function tagKind(el) { return namespaceURI(el) === HTML_NS ? kindOf(localName(el)) : 0; }
  function isVoid(el) { return tagKind(el) === 2; }

  function selector(value) {
    if (typeof value !== 'string' || value.length < 1 || value.length > L.selector) fail('selector-length');
    return value;
  }

  // Applies the core's verdict for one attribute.
  function applyAttribute(el, name, value) {
    const verdict = checked(core.webtreeAttribute(localName(el), clip(name, L.name + 1), clip(value, L.attribute + 1)));
    const v = verdict.value;
    if (verdict.action === 'remove') { removeAttribute(el, name); return; }
    if (verdict.action === 'set-id') {
      const existing = getElementById(pageDocument(), v);
      if (existing !== null && existing !== el) fail('id-exists', v);
    }
    setAttribute(el, name, v);
    if (verdict.action === 'set-with-rel') setAttribute(el, 'rel', 'noopener noreferrer');
  }

  // A plan's ids must not exist in the document, except inside `replacing` (about to be removed).
  function checkPlanIds(ids, replacing) {
    const doc = pageDocument();
    for (let i = 0; i < ids.length; i++) {
      const existing = getElementById(doc, ids[i]);
      if (existing !== null && !(replacing && existing !== replacing && contains(replacing, existing))) fail('id-exists', ids[i]);
    }
  }

  function removeChildrenReleasing(el) {
    for (let c = firstChild(el); c !== null; c = firstChild(el)) {
      removeChild(el, c);
      if (nodeType(c) === 1) slots.releaseSubtree(c);
    }
  }

  function checkHierarchy(parent, child) {
    if (contains(child, parent)) fail('hierarchy');
  }

  function textLimit(value) {
    if (value.length > L.text) fail('text-too-long');
    return value;
  }

  function byId(id) {
    if (typeof id !== 'string') fail('argument', 'ID');
    if (id === '') fail('id-empty');
    const el = getElementById(pageDocument(), id);
    if (el === null) fail('id-missing', id);
    return el;
  }

  const api = {
    取得页面节点(id) {
      const el = byId(id);
      if (isForbidden(el)) fail('tag-forbidden', localName(el));
      return slots.handleFor(el);
    },
    新建页面节点(tag, content, className) {
      text(tag, '标签'); text(content, '文字'); text(className, '类名');
      checked(core.webtreeCheckTag(clip(tag, L.tagInMessage + 1)));
      textLimit(content);
      if (content !== '' && kindOf(tag) === 2) fail('void-text', tag);
      let classes = '';
      if (className !== '') {
        const verdict = checked(core.webtreeAttribute(tag, 'class', clip(className, L.attribute + 1)));
        if (verdict.action === 'set') classes = verdict.value;
      }
      if (slots.remaining() === 0) fail('table-full');
      const el = createElement(pageDocument(), tag);
      if (classes !== '') setAttribute(el, 'class', classes);
      if (content !== '') setTextContent(el, content);
      return slots.handleFor(el);
    },
    设置页面节点文字(handle, content) {
      const el = element(handle);
      textLimit(text(content, '文字'));
      if (content !== '' && isVoid(el)) fail('void-text', localName(el));
      setTextContent(el, content);
    },
    设置页面节点属性(handle, name, value) {
      const el = element(handle);
      applyAttribute(el, text(name, '名称'), text(value, '值'));
    },
    添加页面子节点(parentHandle, childHandle) {
      const parent = element(parentHandle);
      const child = element(childHandle);
      if (isVoid(parent)) fail('void-children', localName(parent));
      checkHierarchy(parent, child);
      appendChild(parent, child);
    },
    清空页面子节点(handle) {
      removeChildrenReleasing(element(handle));
    },
    设置页面标题(title) {
      setTitle(pageDocument(), textLimit(text(title, '标题')));
    },
    读取页面查询参数(name) {
      const value = new SafeURLSearchParams(pageSearch()).get(text(name, '名称'));
      return value === null ? '' : value;
    },
    async 读取页面资源文字(path) {
      checked(core.webtreeResourcePath(clip(text(path, '路径'), L.url + 1)));
      return fetchResourceText(path, L.resource, fail);
    },
    构建页面节点树(description) {
      if (typeof description !== 'string') fail('description-type');
      const source = clip(description, L.description + 1);
      const plan = jsonParse(checked(withUtf8(core, source, (p, n) => tree.planTree(p, n), [])));
      const words = reflectApply(int32Slice, checked(tree.planWords()), []);
      checkPlanIds(plan.ids, null);
      if (slots.remaining() === 0) fail('table-full');
      const tops = executeTreePlan(pageDocument(), words, plan.s, source, TAGS);
      return slots.handleFor(tops[0]);
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
    移除页面节点(handle) {
      const el = element(handle);
      const parent = parentNode(el);
      if (parent !== null) removeChild(parent, el);
      slots.releaseSubtree(el);
    },
    释放页面节点(handle) {
      node(handle);
      slots.releaseSlot(slots.resolve(handle));
    },
    追加页面节点文字(handle, content) {
      const el = element(handle);
      textLimit(text(content, '文字'));
      if (isVoid(el)) fail('void-text', localName(el));
      if (content === '') return;
      const last = lastChild(el);
      if (last !== null && nodeType(last) === 3) {
        if (getData(last).length + content.length > L.text) fail('node-text-too-long');
        appendData(last, content);
      } else {
        appendChild(el, createTextNode(pageDocument(), content));
      }
    },
    设置页面框架地址(frameId, url) {
      const frame = byId(frameId);
      if (localName(frame) !== 'iframe' || namespaceURI(frame) !== HTML_NS) fail('not-iframe', frameId);
      if (!hasAttribute(frame, 'sandbox')) fail('no-sandbox');
      text(url, '网址');
      const declared = readAttribute(frame, 'data-yy-frame-origins');
      checked(core.webtreeFrameUrl(clip(url, L.frameUrl + 1), pageOrigin(), declared === null ? '' : clip(declared, L.attribute)));
      if (url === '') removeAttribute(frame, 'src');
      else setAttribute(frame, 'src', url);
    },
    async 装入页面模板(path, templateId, targetId) {
      checked(core.webtreeResourcePath(clip(text(path, '路径'), L.url + 1)));
      text(templateId, '模板标识');
      let target = byId(targetId);
      if (isForbidden(target)) fail('tag-forbidden', localName(target));
      const source = await fetchResourceText(path, L.resource, fail);
      const plan = jsonParse(checked(withUtf8(core, source, core.webtreePlanTemplate, [clip(templateId, L.id + 1)])));
      target = byId(targetId);  // the page may have changed while we waited
      if (isForbidden(target)) fail('tag-forbidden', localName(target));
      if (isVoid(target)) fail('void-children', localName(target));
      const tops = executePlan(pageDocument(), plan.n);
      removeChildrenReleasing(target);
      for (let i = 0; i < tops.length; i++) appendChild(target, tops[i]);
    },
    读取页面网址() { return pageHref(); },
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
    读取页面节点标签(handle) { return localName(element(handle)); },
    读取页面节点属性(handle, name) {
      const el = element(handle);
      checked(core.webtreeReadable(clip(text(name, '名称'), L.name + 1)));
      const value = getAttribute(el, name);
      return [value !== null, value === null ? '' : value];
    },
    读取页面节点文字(handle) {
      const content = getTextContent(element(handle));
      if (content.length > L.readText || (content.length * 3 > L.readText && utf8Length(content) > L.readText)) {
        fail('node-text-too-long');
      }
      return content;
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
    读取页面节点树(handle, depth) {
      const el = element(handle);
      checked(core.webtreeDepthLimit(typeof depth === 'number' ? depth : 0.5));
      if (isForbidden(el)) fail('tag-forbidden', localName(el));
      const raw = walkForExport(el, depth, L.exportElements, L.exportText, (tag) => tag === 'template' || isDangerous(tag));
      return checked(withUtf8(core, jsonStringify(raw), core.webtreeExport, [depth]));
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
    移除页面节点属性(handle, name) {
      const el = element(handle);
      checked(core.webtreeRemovable(clip(text(name, '名称'), L.name + 1)));
      removeAttribute(el, name);
    },
    设置页面节点超文本(handle, html) {
      const el = element(handle);
      if (typeof html !== 'string') fail('html-type');
      const plan = jsonParse(checked(withUtf8(core, clip(html, L.html + 1), core.webtreePlanHtml, [])));
      if (plan.n.length > 0 && isVoid(el)) fail('void-children', localName(el));
      checkPlanIds(plan.ids, el);
      const tops = executePlan(pageDocument(), plan.n);
      removeChildrenReleasing(el);
      for (let i = 0; i < tops.length; i++) appendChild(el, tops[i]);
    },
    handleCount() { return slots.count(); },
  };

  return guarded(api);
}

function utf8Length(s) {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) { bytes += 4; i++; }
    else bytes += 3;
  }
  return bytes;
}

function asError(e) {
  if (e instanceof WebTreeFailure) return e.error;
  const detail = e && typeof e.message === 'string' ? e.message : 'unknown';
  return new SafeError(unwrap(getCore('extras').webtreeMessage('failed', detail)));
}

// Every method under its Chinese name and its English alias; every failure an Error.
function guarded(api) {
  const out = {};
  for (let i = 0; i < METHOD_NAMES.length; i++) {
    const chinese = METHOD_NAMES[i][0];
    const english = METHOD_NAMES[i][1];
    const f = api[chinese];
    const isAsync = chinese === '读取页面资源文字' || chinese === '装入页面模板';
    const wrapped = isAsync
      ? function asyncMethod(...args) {
        let p;
        try { p = reflectApply(f, api, args); } catch (e) { return SafePromise.reject(asError(e)); }
        return SafePromise.resolve(p).then((v) => v, (e) => { throw asError(e); });
      }
      : function method(...args) {
        try { return reflectApply(f, api, args); } catch (e) { throw asError(e); }
      };
    out[chinese] = wrapped;
    if (english) out[english] = wrapped;
  }
  return out;
}
