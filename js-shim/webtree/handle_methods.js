// 网页文树: the methods that give and release handles (取得, 新建, 释放) and count them.
import { createElement, localName, pageDocument, setAttribute, setTextContent } from './dom.js';

export function handleMethods(w) {
  const { core, slots, L, fail, checked, clip, text, isForbidden, kindOf, node, textLimit, byId } = w;
  return {
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
    释放页面节点(handle) {
      node(handle);
      slots.releaseSlot(slots.resolve(handle));
    },
    handleCount() { return slots.count(); },
  };
}
