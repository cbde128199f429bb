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
