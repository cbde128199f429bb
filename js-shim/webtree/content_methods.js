// 网页文树: the methods that read and write one element's own text, attributes and tag.
import {
  appendChild, appendData, createTextNode, getAttribute, getData, getElementById, getTextContent,
  lastChild, localName, nodeType, pageDocument, removeAttribute, setAttribute, setTextContent,
} from './dom.js';

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

export function contentMethods(w) {
  const { core, L, fail, checked, clip, text, element, isVoid, textLimit } = w;

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

  return {
    设置页面节点文字(handle, content) {
      const el = element(handle);
      textLimit(text(content, '文字'));
      if (content !== '' && isVoid(el)) fail('void-text', localName(el));
      setTextContent(el, content);
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
    读取页面节点文字(handle) {
      const content = getTextContent(element(handle));
      if (content.length > L.readText || (content.length * 3 > L.readText && utf8Length(content) > L.readText)) {
        fail('node-text-too-long');
      }
      return content;
    },
    设置页面节点属性(handle, name, value) {
      const el = element(handle);
      applyAttribute(el, text(name, '名称'), text(value, '值'));
    },
    移除页面节点属性(handle, name) {
      const el = element(handle);
      checked(core.webtreeRemovable(clip(text(name, '名称'), L.name + 1)));
      removeAttribute(el, name);
    },
    读取页面节点属性(handle, name) {
      const el = element(handle);
      checked(core.webtreeReadable(clip(text(name, '名称'), L.name + 1)));
      const value = getAttribute(el, name);
      return [value !== null, value === null ? '' : value];
    },
    读取页面节点标签(handle) { return localName(element(handle)); },
  };
}
