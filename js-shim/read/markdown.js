// dehydra.markdown(): a fresh snapshot, converted to Markdown by the core. Nothing in the page changes.
import { checkOptions, checkDocument, checkElement } from '../validate.js';
import { getSession, unwrap } from '../core_module.js';
import { coreText } from '../text_from_core.js';
import { PROFILE } from '../snapshot/walk.js';
import { takeSnapshot, refs } from '../snapshot/take_snapshot.js';
import { jsonParse, jsonStringify, SafeError } from '../safe_builtins.js';

const READER_WALK = { profile: PROFILE.READER, part: 'extras', generated: true };

const MODES = { page: 1, article: 1 };

// options: { mode: 'page' | 'article' = 'page', root?: Element (page mode: only this subtree),
//            document?: Document }
// Returns the Markdown string (page mode) or { title, byline, markdown } (article mode).
export function markdown(options) {
  options = checkOptions('markdown', options);
  const mode = options.mode === undefined ? 'page' : options.mode;
  if (typeof mode !== 'string' || MODES[mode] !== 1) {
    throw new SafeError("dehydra.markdown: mode must be 'page' or 'article'");
  }
  const given = options.document === undefined ? undefined : checkDocument('markdown', options.document);
  const root = options.root === undefined || options.root === null ? null
    : checkElement('markdown', options.root, 'options.root', given);
  const doc = given ||
    (root !== null ? checkDocument('markdown', root.ownerDocument, "options.root's document") : globalThis.document);
  // Markdown needs display, visibility, opacity and media boxes only: the reader walk.
  takeSnapshot(doc, READER_WALK);
  const request = { mode, baseUrl: String(doc.baseURI || doc.URL || '') };
  if (root !== null) {
    const id = refs.stableIdOf(root);
    if (id === undefined) throw new SafeError('dehydra.markdown: root is not an element of the page');
    request.root = id;
  }
  const answer = jsonParse(coreText(unwrap(getSession('extras').markdown(jsonStringify(request)),
    'dehydra.markdown: ')));
  if (mode === 'page') return answer.markdown;
  return { title: answer.title, byline: answer.byline, markdown: answer.markdown };
}
