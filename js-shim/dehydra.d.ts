// Types of dehydra's public API (dist/dehydra.mjs and globalThis.dehydra from dist/dehydra.iife.js).

/**
 * Resolves when the core is usable; rejects with one message naming the cause. The synchronous
 * calls need it; getBrowserState(), updateTree() and accessibilityTree() wait for it themselves.
 */
export declare const ready: Promise<void>;
/**
 * Gives back the core's memory (WebAssembly memory only grows): resolves once a fresh core is
 * ready; the next call uses it. Done by itself when a core past 64 MiB reads a page that needs a
 * sixteenth of it. PageControllers' "new element" marks start over; a WebTree keeps its core.
 */
export declare function dispose(): Promise<void>;

/** Which core runs and what it holds, for debugging and support: a fresh object per call. */
export declare function coreInfo(): {
  /** The core that runs: 'wasm', or 'nowasm' where the page refuses WebAssembly (null before it is chosen). */
  flavour: 'wasm' | 'nowasm' | null;
  /** The core's parts started so far: ['controller'] until an extras API is first used. */
  parts: Array<'controller' | 'extras'>;
  /** Bytes of memory the core's parts hold now. */
  memoryBytes: number;
};

export interface SnapshotStats {
  sequence: number;
  elements: number;
  words: number;
  strings: number;
  walkMs: number;
  loadMs: number;
}

/** Walks the page into the core. `visibilityOnly`: the reader walk (display, visibility, opacity
 *  and media boxes only) that markdown() and accessibilityTree() use. */
export declare function snapshot(doc?: Document, options?: { visibilityOnly?: boolean }): SnapshotStats;

export interface WaitForStableOptions {
  /** Quiet time required, in ms (default 500, 0..timeoutMs). */
  quietMs?: number;
  /** Give up after this many ms and resolve with stable:false (default 10000). */
  timeoutMs?: number;
  /** Also wait for the network: no fetch/XHR in flight, no completed load, document loaded (default true). */
  network?: boolean;
  /** Also require a visible element matching this CSS selector. */
  selector?: string;
  /** Mutations inside subtrees matching these selectors do not count. */
  ignore?: string | string[];
}

/** Something that kept the page from being stable during the last quietMs. */
export type PendingItem =
  | { kind: 'mutation'; path: string; count: number }
  | { kind: 'request'; via: string; url: string; inFlight: true; method: string; ms: number }
  | { kind: 'request'; via: string; url: string; inFlight: false }
  | { kind: 'document'; readyState: string }
  | { kind: 'selector'; selector: string };

export interface StableResult {
  stable: boolean;
  waitedMs: number;
  /** DOM mutations counted during the wait. */
  mutations: number;
  /** Network requests seen during the wait. */
  requests: number;
  /** Only when stable is false. */
  pending?: PendingItem[];
  /** The page's scripting is disabled: nothing can change the DOM, so the page was looked at once. */
  scriptingDisabled?: true;
}

/**
 * Resolves when the DOM (document, open shadow roots, same-origin iframes) and, with `network`,
 * the network have been quiet for quietMs and `selector` matches a visible element; at timeoutMs
 * resolves with stable:false and `pending`. Rejects only for bad options.
 */
export declare function waitForStable(options?: WaitForStableOptions): Promise<StableResult>;

export interface ElementGeometry {
  /** CSS pixels in the top-level viewport. */
  x: number;
  y: number;
  width: number;
  height: number;
  inViewport: boolean;
  /** Share of the box inside the viewport (0..1), clipped by enclosing iframes. */
  visibleRatio: number;
}

/** Layout of the given indexed elements only (default controller: getDefaultController()); null for an
 * unknown index. */
export declare function geometry(indices: number | number[],
  controller?: { elementAt(index: number): Element | null }): Record<number, ElementGeometry | null>;

/** Page Agent's DomConfig/PageControllerConfig keys, plus dehydra's own switches. */
export interface PageControllerConfig {
  viewportExpansion?: number;
  interactiveBlacklist?: (Element | (() => Element))[];
  interactiveWhitelist?: (Element | (() => Element))[];
  includeAttributes?: string[];
  highlightOpacity?: number;
  highlightLabelOpacity?: number;
  keepSemanticTags?: boolean;
  enableMask?: boolean;
  /** Draw numbered boxes over indexed elements (default true). */
  highlight?: boolean;
  /** Print exactly what Page Agent 1.12.4 prints, defects included (default false). */
  pageAgentCompat?: boolean;
  /** The longest an action waits for the page to settle from it, in ms (default 500). */
  actionSettleMs?: number;
  /** How action messages name the element: `(LINE)`, its line from the last state, as Page Agent
   *  (`'line'`, the default), or `[N]` (`'index'`), for a reader who has the lines already. */
  elementNames?: 'line' | 'index';
  /** UTF-16 units of an element's text before an ellipsis; 0 = no cap (default 300). */
  maxElementText?: number;
  /** The same for a text line of its own (default 600). */
  maxBareText?: number;
  /** An element keeps its index across updates while it lives (default false). */
  stableIndices?: boolean;
  /** content holds only the lines that changed since the previous update (default false). */
  diff?: boolean;
  /** Fold long runs of similar lines to stay under about this many tokens; 0 = off. */
  maxTokens?: number;
  /** Actions show a pointer gliding to each press point: true (300 ms) or milliseconds (default off: no waits). */
  pointerAnimation?: boolean | number;
  /** Wait with these waitForStable options (true: the defaults) before each getBrowserState. */
  settle?: WaitForStableOptions | boolean | null;
}

export interface BrowserStateOptions {
  /** Append ` box=x,y,w,h` (top-viewport CSS pixels, from the walk's own rects) to each indexed line. */
  boxes?: boolean;
  /** Overrides the config's settle for this call (false: no wait). */
  settle?: WaitForStableOptions | boolean | null;
}

export interface BrowserState { url: string; title: string; header: string; content: string; footer: string; }

export declare class PageController extends EventTarget {
  constructor(config?: PageControllerConfig);
  readonly config: Required<PageControllerConfig>;
  /** True after the first updateTree(). */
  readonly isIndexed: boolean;
  /** With a wait (config or options), the state also carries its result as `settle`. */
  getBrowserState(options?: BrowserStateOptions): Promise<BrowserState & { settle?: StableResult }>;
  updateTree(): Promise<string>;
  getCurrentUrl(): Promise<string>;
  getLastUpdateTime(): Promise<number>;
  cleanUpHighlights(): Promise<void>;
  executeJavascript(script: string, signal?: AbortSignal): Promise<{ success: boolean; message: string }>;
  showMask(): Promise<void>;
  hideMask(): Promise<void>;
  dispose(): void;
  /** The indices of the current state, in order. */
  indexes(): number[];
  /** The Element behind an index of the current state, or null. */
  elementAt(index: number): Element | null;
  /** The element's line as Page Agent's elementTextMap keeps it (no tabs), or null (none for `*` lines). */
  lineOf(index: number): string | null;
  /** The element's box in the viewport as the current state measured it, or null. */
  rectOf(index: number): { x: number; y: number; width: number; height: number } | null;
  /** Throws Page Agent's "DOM tree not indexed yet" error before the first update. */
  assertIndexed(): void;
}

export interface IndexEntry {
  index: number;
  element: Element | null;
  isNew: boolean;
  line: string | null;
  rect: { x: number; y: number; width: number; height: number };
}

/** Text plus the index table, without a controller. */
export declare function dehydrate(options?: PageControllerConfig & { document?: Document }): {
  url: string; title: string; header: string; content: string; footer: string; indices: IndexEntry[]; walkMs: number;
};

/** The module-wide PageController (default config) whose indices the other outputs print. */
export declare function getDefaultController(): PageController;

export interface MarkdownOptions {
  /** 'page' (default): everything a reader sees. 'article': the main content only. */
  mode?: 'page' | 'article';
  /** Page mode: convert only this element's subtree. */
  root?: Element;
  /** The document to read (default: the current one). */
  document?: Document;
}

/** Article mode's answer: the title and byline apart, the body as Markdown (no title heading). */
export interface MarkdownArticle {
  title: string;
  /** '' when the page names no author. */
  byline: string;
  markdown: string;
}

/**
 * Takes a fresh snapshot and returns the page as Markdown. Never modifies the page.
 * Links are absolute (resolved against document.baseURI) and only for http(s), mailto, tel, ftp;
 * hidden content is dropped except disclosures (tab panels, collapsed details, aria-controls targets).
 * Form controls: ☑/☐, values or placeholders as code spans; password values are never read.
 */
export declare function markdown(options?: MarkdownOptions & { mode?: 'page' }): string;
export declare function markdown(options: MarkdownOptions & { mode: 'article' }): MarkdownArticle;
/** What an action's events changed, watched until the page settled (docs/actions.md). */
export interface ActionEffect {
  /** Anything observable changed (DOM, focus, the control's state, scroll, top layer, URL). */
  changed: boolean;
  /** The page went quiet (and the animations the action started finished) within actionSettleMs. */
  settled: boolean;
  waitedMs: number;
  dom: { added: number; removed: number; attributes: number; text: number };
  /** Where focus moved, when not onto the element acted on: `<input id=q>`. */
  focus: string | null;
  state: { element: string; property: string; from: string | boolean | null; to: string | boolean | null }[];
  scrolled: boolean;
  /** New top-layer elements (modal dialogs, open popovers). */
  opened: string[];
  /** The new URL, `leaving the page`, or null. */
  navigation: string | null;
}

/** What every action returns; actions never throw. */
export interface ActionResult {
  /** False when the action failed or the page verifiably did not take it. */
  success: boolean;
  message: string;
  /** Outside Page Agent compat mode. */
  effect?: ActionEffect;
}

/** The write side of PageController (docs/actions.md). Indices are those of the last state. */
export interface PageControllerActions {
  /**
   * A press point under another element fails and names it (outside compat mode); `force: true`
   * sends the events to the element directly. `count: 2` is a double click (detail 1, 2, then dblclick).
   */
  clickElement(index: number, options?: { force?: boolean; count?: 1 | 2 }): Promise<ActionResult>;
  inputText(index: number, text: string): Promise<ActionResult>;
  /** Native <select>, or a custom select through the ARIA combobox/listbox pattern. */
  selectOption(index: number, optionText: string): Promise<ActionResult>;
  /**
   * `numPages` in viewport heights; `pixels` wins when given; `index` scrolls around that element.
   * Returns once the page settled; outside compat mode a scroller that cannot move fails.
   */
  scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number }): Promise<ActionResult>;
  scrollHorizontally(options: { right: boolean; pixels: number; index?: number }): Promise<ActionResult>;
  /** Space-separated chords: "Enter", "Control+a", "Shift+Tab", "ArrowDown ArrowDown Enter". */
  sendKeys(index: number, keys: string): Promise<ActionResult>;
  hover(index: number): Promise<ActionResult>;
  /**
   * Presses element `index`, moves the pointer in steps to element `to`'s press point (or by
   * `{dx, dy}` CSS pixels) and releases it; a draggable source gets HTML drag and drop events.
   * Fails when the page did not react (outside compat mode).
   */
  dragElement(index: number, to: number | { dx?: number; dy?: number }): Promise<ActionResult>;
}

/** PageController installs the actions (docs/actions.md). */
export interface PageController extends PageControllerActions {}

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
export interface AccessibilityTreeOptions {
  /** PageController whose updateTree() indexes the page; default: getDefaultController(). */
  controller?: { updateTree(): Promise<unknown> };
  /** false: no [ref=N] and no controller (a lighter snapshot without layout reads). Default true. */
  refs?: boolean;
  /** false: same-origin iframes are shown without their content (as Playwright does). Default true. */
  frames?: boolean;
  /** true: resolve to {yaml, nodes, refs, walkMs, treeMs} instead of the YAML. */
  details?: boolean;
  document?: Document;
}
export interface AccessibilityTreeDetails { yaml: string; nodes: number; refs: number; walkMs: number; treeMs: number; }
/** The page as Playwright ariaSnapshot YAML (`- role "name" [flags] [ref=N]`), refs = PageController indices. */
export declare function accessibilityTree(options?: AccessibilityTreeOptions & { details?: false }): Promise<string>;
export declare function accessibilityTree(
  options: AccessibilityTreeOptions & { details: true }): Promise<AccessibilityTreeDetails>;
/** Synchronous, without refs. */
export declare function accessibilityTreeSync(
  options?: Omit<AccessibilityTreeOptions, 'controller' | 'refs'>): string | AccessibilityTreeDetails;

/** A form as a WebMCP tool (Chromium's declarative schema mapping). */
export interface FormTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[] };
}
/** Every form of the page as a tool; forms without a valid toolname get a stable derived name. */
export declare function formTools(options?: { document?: Document }): FormTool[];
/**
 * Validates the whole input against the tool (one Error naming every problem, nothing changed), then
 * sets each control like a user (native setters, input/change events, clicks for checkboxes/radios).
 * Submits only with {submit: true} or a toolautosubmit form; otherwise focuses the submit button.
 */
export declare function fillForm(tool: FormTool | string, input: Record<string, unknown>,
  options?: { submit?: boolean; document?: Document }): { tool: string; changed: string[]; submitted: boolean };
/** Registers the form tools with document.modelContext / navigator.modelContext; aborting `signal` unregisters them. */
export declare function registerFormTools(options?: { signal?: AbortSignal; document?: Document }):
  { registered: string[]; skipped: { name: string; reason: string }[]; available: boolean };
