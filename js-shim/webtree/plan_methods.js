// 网页文树: the methods whose subtree the core plans or reads whole: 构建页面节点树 (a tree
// description), 设置页面节点超文本 (HTML), 装入页面模板 (a template resource), and 读取页面节点树 (export).
import { jsonParse, jsonStringify, reflectApply } from '../safe_builtins.js';
import { appendChild, contains, getElementById, localName, pageDocument } from './dom.js';
import { executePlan, executeTreePlan } from './build_plan.js';
import { walkForExport } from './export_walk.js';
import { fetchResourceText } from './resource.js';
import { withUtf8 } from './text_to_core.js';

const int32Slice = globalThis.Int32Array.prototype.slice;

export function planMethods(w) {
  const {
    core, tree, slots, L, TAGS, fail, checked, clip, text, element, isVoid, isForbidden, isDangerous,
    removeChildrenReleasing, byId,
  } = w;

  // A plan's ids must not exist in the document, except inside `replacing` (about to be removed).
  function checkPlanIds(ids, replacing) {
    const doc = pageDocument();
    for (let i = 0; i < ids.length; i++) {
      const existing = getElementById(doc, ids[i]);
      if (existing !== null && !(replacing && existing !== replacing && contains(replacing, existing)))
        fail('id-exists', ids[i]);
    }
  }

  return {
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
    读取页面节点树(handle, depth) {
      const el = element(handle);
      checked(core.webtreeDepthLimit(typeof depth === 'number' ? depth : 0.5));
      if (isForbidden(el)) fail('tag-forbidden', localName(el));
      const raw = walkForExport(el, depth, L.exportElements, L.exportText,
        (tag) => tag === 'template' || isDangerous(tag));
      return checked(withUtf8(core, jsonStringify(raw), core.webtreeExport, [depth]));
    },
  };
}
