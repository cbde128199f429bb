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

/** Layout of the given indexed elements only; null for an unknown index. */
export declare function geometry(indices: number | number[], controller?: { elementAt(index: number): Element | null }): Record<number, ElementGeometry | null>;
