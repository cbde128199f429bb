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

/** What every action returns; actions never throw. */
export interface ActionResult {
  success: boolean;
  message: string;
}

/** The write side of PageController (docs/actions.md). Indices are those of the last state. */
export interface PageControllerActions {
  clickElement(index: number): Promise<ActionResult>;
  inputText(index: number, text: string): Promise<ActionResult>;
  /** Native <select>, or a custom select through the ARIA combobox/listbox pattern. */
  selectOption(index: number, optionText: string): Promise<ActionResult>;
  /** `numPages` in viewport heights; `pixels` wins when given; `index` scrolls around that element. */
  scroll(options: { down: boolean; numPages?: number; pixels?: number; index?: number }): Promise<ActionResult>;
  scrollHorizontally(options: { right: boolean; pixels: number; index?: number }): Promise<ActionResult>;
  /** Space-separated chords: "Enter", "Control+a", "Shift+Tab", "ArrowDown ArrowDown Enter". */
  sendKeys(index: number, keys: string): Promise<ActionResult>;
  hover(index: number): Promise<ActionResult>;
}

export interface ActionConfig {
  /** Show a visible pointer that glides to each press point: true (300 ms) or milliseconds. Off by default. */
  pointerAnimation?: boolean | number;
}
