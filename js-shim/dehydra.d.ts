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
