// Types of dehydra's public API (dist/dehydra.mjs and globalThis.dehydra from dist/dehydra.iife.js).

/** Resolves when the core is usable; rejects with one message naming the cause. */
export declare const ready: Promise<void>;

export interface SnapshotStats {
  sequence: number;
  elements: number;
  words: number;
  strings: number;
  walkMs: number;
  loadMs: number;
}

/** Walks the page into the core. */
export declare function snapshot(doc?: Document): SnapshotStats;

/**
 * 网页文树 0.3.0: one application instance with its own handle table (4096 handles). Handles are
 * opaque decimal strings, never reused. Every failure throws an Error whose message is the
 * reference host's Chinese message. Each method is available under the specification's Chinese
 * name and an English alias.
 */
export interface WebTree {
  取得页面节点(id: string): string;
  新建页面节点(tag: string, text: string, className: string): string;
  设置页面节点文字(node: string, text: string): void;
  设置页面节点属性(node: string, name: string, value: string): void;
  添加页面子节点(parent: string, child: string): void;
  清空页面子节点(node: string): void;
  设置页面标题(title: string): void;
  读取页面查询参数(name: string): string;
  读取页面资源文字(path: string): Promise<string>;
  构建页面节点树(description: string): string;
  插入页面子节点前(parent: string, child: string, reference: string): void;
  替换页面子节点(parent: string, children: string[] | string): void;
  移除页面节点(node: string): void;
  释放页面节点(node: string): void;
  追加页面节点文字(node: string, text: string): void;
  设置页面框架地址(iframeId: string, url: string): void;
  装入页面模板(path: string, templateElementId: string, targetId: string): Promise<void>;
  读取页面网址(): string;
  /** JSON array text of element handles. */
  查询页面节点(root: string, selector: string): string;
  读取页面节点标签(node: string): string;
  读取页面节点属性(node: string, name: string): [boolean, string];
  读取页面节点文字(node: string): string;
  读取页面节点父级(node: string): string;
  查找最近页面祖先(node: string, selector: string): string;
  页面节点匹配选择器(node: string, selector: string): boolean;
  /** A tree description (JSON text) in the input shape of 构建页面节点树. */
  读取页面节点树(node: string, depthLimit: number): string;
  替换页面节点(oldNode: string, newNode: string): void;
  移除页面节点属性(node: string, name: string): void;
  设置页面节点超文本(node: string, html: string): void;

  getNode: WebTree['取得页面节点'];
  createNode: WebTree['新建页面节点'];
  setNodeText: WebTree['设置页面节点文字'];
  setNodeAttribute: WebTree['设置页面节点属性'];
  appendChild: WebTree['添加页面子节点'];
  clearChildren: WebTree['清空页面子节点'];
  setTitle: WebTree['设置页面标题'];
  getQueryParam: WebTree['读取页面查询参数'];
  fetchResourceText: WebTree['读取页面资源文字'];
  buildTree: WebTree['构建页面节点树'];
  insertBefore: WebTree['插入页面子节点前'];
  replaceChildren: WebTree['替换页面子节点'];
  removeNode: WebTree['移除页面节点'];
  releaseNode: WebTree['释放页面节点'];
  appendText: WebTree['追加页面节点文字'];
  setFrameUrl: WebTree['设置页面框架地址'];
  loadTemplate: WebTree['装入页面模板'];
  getPageUrl: WebTree['读取页面网址'];
  queryNodes: WebTree['查询页面节点'];
  getNodeTag: WebTree['读取页面节点标签'];
  getNodeAttribute: WebTree['读取页面节点属性'];
  getNodeText: WebTree['读取页面节点文字'];
  getParentNode: WebTree['读取页面节点父级'];
  closest: WebTree['查找最近页面祖先'];
  matches: WebTree['页面节点匹配选择器'];
  exportTree: WebTree['读取页面节点树'];
  replaceNode: WebTree['替换页面节点'];
  removeNodeAttribute: WebTree['移除页面节点属性'];
  setNodeHtml: WebTree['设置页面节点超文本'];

  /** Live handles in this instance's table. */
  handleCount(): number;
}

/** A new 网页文树 application instance (await `ready` first). */
export declare function createWebTree(): WebTree;
