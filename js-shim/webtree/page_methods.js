// 网页文树: the methods about the page itself: its title, address and query, its resources, and
// the address of a sandboxed frame.
import {
  HTML_NS, getAttribute as readAttribute, hasAttribute, localName, namespaceURI, pageDocument, pageHref,
  pageOrigin, pageSearch, removeAttribute, setAttribute, setTitle,
} from './dom.js';
import { fetchResourceText } from './resource.js';

const SafeURLSearchParams = globalThis.URLSearchParams;

export function pageMethods(w) {
  const { core, L, fail, checked, clip, text, textLimit, byId } = w;
  return {
    设置页面标题(title) {
      setTitle(pageDocument(), textLimit(text(title, '标题')));
    },
    读取页面网址() { return pageHref(); },
    读取页面查询参数(name) {
      const value = new SafeURLSearchParams(pageSearch()).get(text(name, '名称'));
      return value === null ? '' : value;
    },
    async 读取页面资源文字(path) {
      checked(core.webtreeResourcePath(clip(text(path, '路径'), L.url + 1)));
      return fetchResourceText(path, L.resource, fail);
    },
    设置页面框架地址(frameId, url) {
      const frame = byId(frameId);
      if (localName(frame) !== 'iframe' || namespaceURI(frame) !== HTML_NS) fail('not-iframe', frameId);
      if (!hasAttribute(frame, 'sandbox')) fail('no-sandbox');
      text(url, '网址');
      const declared = readAttribute(frame, 'data-yy-frame-origins');
      checked(core.webtreeFrameUrl(clip(url, L.frameUrl + 1), pageOrigin(),
        declared === null ? '' : clip(declared, L.attribute)));
      if (url === '') removeAttribute(frame, 'src');
      else setAttribute(frame, 'src', url);
    },
  };
}
