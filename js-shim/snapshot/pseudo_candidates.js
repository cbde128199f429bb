// Which elements may show CSS generated content, so the walk asks the style of ::before / ::after
// (two dear style computations) of those alone: the elements a rule of their tree scope selects
// with a ::before / ::after selector whose declared `content` may show text. One querySelectorAll
// per document or shadow root, each such selector with its pseudo-element replaced by `:is(*)` (a
// superset: media conditions and later pseudo-classes are not checked). A scope whose rules cannot all be read (a
// style sheet from another origin, nested rules) answers ALL: every element is asked.
import { queryAll, replace, join, regexTest } from '../safe_builtins.js';
import { contentText } from './generated_content.js';

export const ALL = null;
const PSEUDO = /::?(?:before|after)\b/i;
const PSEUDO_AND_AFTER = /::?(?:before|after)\b(?::[\w-]+(?:\([^)]*\))?)*/gi;

class Unreadable {}

// Values known only once computed: attr(), custom properties, inheritance.
const COMPUTED_LATER = /\b(?:attr|var|env)\(|^\s*(?:inherit|unset|revert|revert-layer)\s*$/i;

// Whether the rule's declared `content` may show text: a string with text, or a value known only
// once computed. `content: ""` (clearfixes, drawn shapes) and icon-font glyphs, most such rules on
// real pages, show none.
function mayShowText(rule) {
  const style = rule.style;
  if (style === undefined || style === null) return false;
  const content = style.content;
  return content !== '' && (contentText(content) !== '' || regexTest(COMPUTED_LATER, content));
}

// Appends to `out` the queries of the rules in `rules` (a CSSRuleList).
function collect(rules, out, nested) {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    const selector = rule.selectorText;
    if (typeof selector === 'string') {
      if (regexTest(PSEUDO, selector) && mayShowText(rule)) {
        if (nested) throw new Unreadable();  // `&::before` means nothing outside its parent rule
        out[out.length] = replace(selector, PSEUDO_AND_AFTER, ':is(*)');
      }
      if (rule.cssRules && rule.cssRules.length > 0) collect(rule.cssRules, out, true);
    } else if (rule.styleSheet) {
      collect(rule.styleSheet.cssRules, out, nested);  // @import
    } else if (rule.cssRules) {
      collect(rule.cssRules, out, nested);  // @media, @supports, @layer, @container
    }
  }
}

// For a document or shadow root: a list of its elements that may show generated content, or ALL.
export function pseudoCandidates(scope) {
  const queries = [];
  try {
    const sheets = scope.styleSheets;
    for (let i = 0; i < sheets.length; i++) collect(sheets[i].cssRules, queries, false);
    const adopted = scope.adoptedStyleSheets;
    if (adopted) for (let i = 0; i < adopted.length; i++) collect(adopted[i].cssRules, queries, false);
  } catch (e) {
    return ALL;  // another origin's sheet throws on cssRules
  }
  if (queries.length === 0) return queries;
  try {
    return queryAll(scope, join(queries, ','));
  } catch (e) {
    return ALL;
  }
}
