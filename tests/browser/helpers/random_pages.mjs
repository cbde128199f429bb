// Seeded random pages and forms for differential tests: the same seed always gives the same HTML.
// They mix what real pages mix (nesting the parser repairs, roles on the wrong elements, hidden
// parts, labels of every kind, shadow roots, drawings) so that our outputs can be checked against
// an oracle on structures no fixture was written for.

export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['alpha', 'beta', 'gamma', 'Save', 'Open menu', 'Next', 'Price: $5', 'x', 'Sign in', 'Search', 'Ünïcode', '日本語',
  'more  spaced   text', 'A&amp;B', '"quoted"', "it's", 'Go →', 'close', '12', 'Email'];
const CONTAINERS = ['div', 'div', 'div', 'span', 'p', 'section', 'article', 'nav', 'main', 'header', 'footer', 'aside', 'ul', 'ol',
  'li', 'h1', 'h2', 'h3', 'h4', 'form', 'fieldset', 'legend', 'details', 'summary', 'label', 'a', 'a', 'button', 'button', 'strong',
  'em', 'blockquote', 'figure', 'figcaption', 'table', 'dl', 'dt', 'dd', 'pre', 'code', 'b', 'i', 'small', 'mark', 'abbr', 'time',
  'address', 'search', 'hgroup', 'menu', 'output'];
const LEAVES = ['input', 'input', 'input', 'img', 'br', 'hr', 'select', 'textarea', 'progress', 'meter', 'svg'];
const INPUT_TYPES = ['text', 'checkbox', 'radio', 'email', 'password', 'number', 'range', 'search', 'tel', 'url', 'date', 'submit',
  'button', 'reset', 'hidden', 'file', 'color', 'image'];
const ROLES = ['button', 'link', 'checkbox', 'heading', 'list', 'listitem', 'presentation', 'none', 'tab', 'tablist', 'tabpanel', 'menu',
  'menuitem', 'menuitemcheckbox', 'img', 'group', 'region', 'navigation', 'textbox', 'combobox', 'switch', 'radio', 'option',
  'listbox', 'dialog', 'alert', 'status', 'generic', 'banner', 'main', 'separator', 'slider', 'spinbutton', 'progressbar', 'row',
  'cell', 'gridcell', 'grid', 'table', 'article', 'note', 'toolbar', 'tree', 'treeitem', 'paragraph', 'log', 'marquee', 'math',
  'figure', 'searchbox', 'term', 'definition', 'code', 'strong', 'emphasis', 'bogus'];
const STYLES = ['display:none', 'visibility:hidden', 'opacity:0', 'display:contents', 'display:inline-block',
  'position:absolute;left:-9999px', 'width:1px;height:1px;overflow:hidden', 'visibility:visible', 'display:flex', 'cursor:pointer',
  'display:block', 'content-visibility:hidden', 'content-visibility:hidden;display:inline-block'];
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

// A page of about `maxNodes` nodes. `inputTypes` narrows the input types (an <input type=image>
// without a source changes size when its load fails, so timing-sensitive comparisons leave it out).
export function randomPage(seed, { maxNodes = 40, shadow = true, inputTypes = INPUT_TYPES } = {}) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const chance = (p) => r() < p;
  let count = 0, idn = 0;
  const ids = [];
  const word = () => pick(WORDS);
  function attrs(tag) {
    const a = [];
    if (chance(0.25)) { const id = 'i' + (idn++); ids.push(id); a.push(`id="${id}"`); }
    if (chance(0.12)) a.push(`role="${pick(ROLES)}"`);
    if (chance(0.08)) a.push(`aria-label="${word()}"`);
    if (chance(0.05) && ids.length) a.push(`aria-labelledby="${pick(ids)}${chance(0.3) ? ' ' + pick(ids) : ''}"`);
    if (chance(0.04)) a.push('aria-hidden="true"');
    if (chance(0.03)) a.push(chance(0.3) ? 'hidden="until-found"' : 'hidden');
    if (chance(0.06)) a.push(`style="${pick(STYLES)}"`);
    if (chance(0.04)) a.push(`aria-checked="${pick(['true', 'false', 'mixed'])}"`);
    if (chance(0.04)) a.push(`aria-expanded="${pick(['true', 'false'])}"`);
    if (chance(0.03)) a.push(`aria-pressed="${pick(['true', 'false', 'mixed'])}"`);
    if (chance(0.03)) a.push(`aria-selected="${pick(['true', 'false'])}"`);
    if (chance(0.03)) a.push(`aria-level="${pick(['1', '2', '3', '7', 'x'])}"`);
    if (chance(0.03)) a.push('aria-disabled="true"');
    if (chance(0.03)) a.push('disabled');
    if (chance(0.05)) a.push(`title="${word()}"`);
    if (chance(0.04)) a.push(`tabindex="${pick(['0', '-1', '1'])}"`);
    if (chance(0.03)) a.push(`aria-describedby="${ids.length ? pick(ids) : 'nope'}"`);
    if (chance(0.02)) a.push('contenteditable="true"');
    if (chance(0.03)) a.push('aria-required="true"');
    if (chance(0.02)) a.push(`aria-valuenow="${pick(['3', '50', 'x'])}"`);
    if (tag === 'a' && chance(0.7)) a.push(`href="${pick(['/x', '#top', 'https://example.com/p?q=1', 'javascript:void(0)', 'mailto:a@b.c', ''])}"`);
    if (tag === 'ol' && chance(0.3)) a.push('start="3"');
    if (tag === 'details' && chance(0.5)) a.push('open');
    if (tag === 'label' && chance(0.3) && ids.length) a.push(`for="${pick(ids)}"`);
    if (tag === 'button' && chance(0.2)) a.push(`type="${pick(['submit', 'button', 'reset'])}"`);
    return a.length ? ' ' + a.join(' ') : '';
  }
  function leaf(tag) {
    count++;
    switch (tag) {
      case 'input': {
        const extra = [];
        if (chance(0.5)) extra.push(`name="n${count}"`);
        if (chance(0.3)) extra.push(`placeholder="${word()}"`);
        if (chance(0.3)) extra.push(`value="${word()}"`);
        if (chance(0.2)) extra.push('checked');
        if (chance(0.1)) extra.push('required');
        if (chance(0.1)) extra.push('readonly');
        return `<input type="${pick(inputTypes)}" ${extra.join(' ')}${attrs('input')}>`;
      }
      case 'img':
        return `<img${chance(0.7) ? ` alt="${chance(0.2) ? '' : word()}"` : ''} src="${GIF}" width="${pick([1, 20, 100])}" height="${pick([1, 20, 50])}"${attrs('img')}>`;
      case 'select': {
        let options = '';
        const n = 1 + Math.floor(r() * 4);
        for (let i = 0; i < n; i++) {
          const o = `<option${chance(0.3) ? ' selected' : ''}${chance(0.1) ? ' disabled' : ''}${chance(0.2) ? ` value="v${i}"` : ''}>${word()}</option>`;
          options += chance(0.15) ? `<optgroup label="${word()}">${o}</optgroup>` : o;
        }
        return `<select name="s${count}"${chance(0.3) ? ' multiple' : ''}${chance(0.2) ? ' size="3"' : ''}${attrs('select')}>${options}</select>`;
      }
      case 'textarea': return `<textarea name="t${count}"${chance(0.3) ? ` placeholder="${word()}"` : ''}${attrs('textarea')}>${chance(0.5) ? word() : ''}</textarea>`;
      case 'progress': return `<progress value="${pick(['0.3', '5', ''])}" max="10"${attrs('progress')}></progress>`;
      case 'meter': return `<meter value="0.4"${attrs('meter')}>${word()}</meter>`;
      case 'svg': return `<svg width="20" height="20"${attrs('svg')}>${chance(0.4) ? `<title>${word()}</title>` : ''}<circle cx="10" cy="10" r="5"/></svg>`;
      case 'br': return '<br>';
      case 'hr': return `<hr${attrs('hr')}>`;
      default: return word();
    }
  }
  // Recursion over the generator's own bounded depth (at most 9), not over a page.
  function node(depth) {
    if (count >= maxNodes || depth > 7 || chance(0.25)) return chance(0.45) ? leaf(pick(LEAVES)) : (count++, word());
    const tag = pick(CONTAINERS);
    count++;
    if (tag === 'table') {
      let rows = '';
      const nr = 1 + Math.floor(r() * 3), nc = 1 + Math.floor(r() * 3);
      for (let i = 0; i < nr; i++) {
        let cells = '';
        for (let j = 0; j < nc; j++) { const c = i === 0 && chance(0.5) ? 'th' : 'td'; cells += `<${c}${attrs(c)}>${node(depth + 2)}</${c}>`; }
        rows += `<tr${attrs('tr')}>${cells}</tr>`;
      }
      return `<table${attrs('table')}>${chance(0.3) ? `<caption>${word()}</caption>` : ''}${rows}</table>`;
    }
    if (shadow && chance(0.06)) {
      // A host with a declarative open shadow root: shadow content around a slot, slotted or not.
      const named = chance(0.5);
      const before = chance(0.5) ? node(depth + 1) : '', after = chance(0.5) ? node(depth + 1) : '';
      const slotted = chance(0.6) ? `<span${named && chance(0.7) ? ' slot="n"' : ''}>${node(depth + 1)}</span>` : '';
      return `<div${attrs('div')}><template shadowrootmode="open">${before}<slot${named ? ' name="n"' : ''}>${chance(0.3) ? 'fallback' : ''}</slot>${after}</template>${slotted}${node(depth + 1)}</div>`;
    }
    if (tag === 'dl') return `<dl${attrs('dl')}><dt>${word()}</dt><dd>${node(depth + 1)}</dd></dl>`;
    const n = Math.floor(r() * 4);
    let kids = '';
    for (let i = 0; i < n; i++) kids += (chance(0.3) ? ' ' : '') + node(depth + 1);
    if (tag === 'details' && chance(0.7)) kids = `<summary>${word()}</summary>` + kids;
    if (tag === 'fieldset' && chance(0.6)) kids = `<legend>${word()}</legend>` + kids;
    return `<${tag}${attrs(tag)}>${kids}</${tag}>`;
  }
  let body = '';
  while (count < maxNodes) body += node(0) + '\n';
  return `<!doctype html><html><head><meta charset="utf-8"><title>random ${seed}</title></head><body>\n${body}</body></html>`;
}

const FORM_TYPES = ['text', 'text', 'email', 'password', 'number', 'range', 'search', 'tel', 'url', 'date', 'time', 'datetime-local',
  'month', 'week', 'color', 'checkbox', 'checkbox', 'radio', 'radio', 'radio', 'hidden', 'file', 'submit', 'button', 'image', 'reset',
  'bogus', ''];
const FORM_WORDS = ['Name', 'E-mail', 'Age', 'Pick one', 'Ünïcode', '  spaced  out ', 'A&amp;B', '"q"', 'x'];

// One declarative form (toolname "random") with controls of every kind, names shared or missing,
// labels of every kind, fieldsets, and controls owned through form= from outside.
export function randomForm(seed) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const ch = (p) => r() < p;
  const names = ['a', 'b', 'c', 'd', 'e', 'grp', 'grp2', 'sel', 'z'];
  let id = 0;
  const outside = [];
  function control() {
    const at = [];
    if (ch(0.9)) at.push(`name="${pick(names)}"`);
    const cid = 'c' + (id++);
    at.push(`id="${cid}"`);
    if (ch(0.15)) at.push('required');
    if (ch(0.07)) at.push('disabled');
    if (ch(0.07)) at.push('readonly');
    if (ch(0.15)) at.push(`toolparamdescription="${pick(FORM_WORDS)}"`);
    if (ch(0.1)) at.push(`aria-label="${pick(FORM_WORDS)}"`);
    if (ch(0.08)) at.push(`aria-description="${pick(FORM_WORDS)}"`);
    if (ch(0.08)) at.push(`title="${pick(FORM_WORDS)}"`);
    if (ch(0.1)) at.push(`placeholder="${pick(FORM_WORDS)}"`);
    if (ch(0.08)) at.push(`aria-labelledby="outside-label${ch(0.5) ? ' c0' : ''}"`);
    if (ch(0.04)) at.push('style="display:none"');
    if (ch(0.04)) at.push('hidden');
    const kind = pick(['input', 'input', 'input', 'input', 'select', 'textarea', 'button']);
    let html;
    if (kind === 'input') {
      if (ch(0.3)) at.push(`value="${pick(['', 'v1', '5', '2024-01-02', '#ff0000', 'on'])}"`);
      if (ch(0.15)) at.push(`min="${pick(['0', '1', '2020-01-01', 'x', '-5.5'])}"`);
      if (ch(0.15)) at.push(`max="${pick(['10', '100', '2030-12-31', 'y', '3'])}"`);
      if (ch(0.15)) at.push(`step="${pick(['1', '0.5', 'any', '0', '-1', '7'])}"`);
      if (ch(0.12)) at.push(`pattern="${pick(['[a-z]+', '\\d{3}', '(', 'a|b', '[a-z'])}"`);
      if (ch(0.15)) at.push('checked');
      if (ch(0.05)) at.push('multiple');
      html = `<input type="${pick(FORM_TYPES)}" ${at.join(' ')}>`;
    } else if (kind === 'select') {
      if (ch(0.3)) at.push('multiple');
      let options = '';
      const n = Math.floor(r() * 5);
      for (let i = 0; i < n; i++) {
        const oa = [];
        if (ch(0.5)) oa.push(`value="${pick(['1', '2', '', 'same', 'Ünï'])}"`);
        if (ch(0.15)) oa.push('selected');
        if (ch(0.1)) oa.push('disabled');
        if (ch(0.08)) oa.push('hidden');
        if (ch(0.1)) oa.push(`label="${pick(FORM_WORDS)}"`);
        const o = `<option ${oa.join(' ')}>${pick(FORM_WORDS)}</option>`;
        options += ch(0.15) ? `<optgroup label="${pick(FORM_WORDS)}"${ch(0.2) ? ' disabled' : ''}>${o}</optgroup>` : o;
      }
      html = `<select ${at.join(' ')}>${options}</select>`;
    } else if (kind === 'textarea') {
      html = `<textarea ${at.join(' ')}>${ch(0.4) ? pick(FORM_WORDS) : ''}</textarea>`;
    } else {
      html = `<button type="${pick(['submit', 'button', 'reset'])}" ${at.join(' ')}>${pick(FORM_WORDS)}</button>`;
    }
    const label = r();
    if (label < 0.3) html = `<label for="${cid}">${pick(FORM_WORDS)}</label>` + html;
    else if (label < 0.5) html = `<label>${pick(FORM_WORDS)} ${ch(0.2) ? '<span hidden>hid</span>' : ''}${html}</label>`;
    else if (label < 0.52) html = `<label>${pick(FORM_WORDS)}<label>${pick(FORM_WORDS)}${html}</label></label>`;
    else if (label < 0.54) html = `<label>${pick(FORM_WORDS)}${html}<input name="in_label"></label>`;
    else if (label < 0.56) html = `<label for="${cid}">${pick(FORM_WORDS)}<svg width="5" height="5"><title>drawn</title></svg></label>` + html;
    else if (label < 0.6) html = `<label for="${cid}"> </label><label for="${cid}">${pick(FORM_WORDS)}</label>` + html;
    if (ch(0.05)) { outside.push(html.replace(/<(input|select|textarea|button) /, '<$1 form="f" ')); return ''; }
    return html;
  }
  function group(depth) {
    let s = '';
    const n = 1 + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      if (depth < 2 && ch(0.2)) s += `<fieldset${ch(0.2) ? ' disabled' : ''}>${ch(0.6) ? `<legend>${pick(FORM_WORDS)}</legend>` : ''}${group(depth + 1)}</fieldset>`;
      else if (ch(0.2)) s += `<div>${control()}</div>`;
      // A web component's slot shows the control, or no slot takes it; either way it stays the
      // form's (light-DOM) child.
      else if (ch(0.1)) s += `<div><template shadowrootmode="open">${ch(0.5) ? '<b>in shadow</b>' : ''}${ch(0.3) ? '<slot name="other"></slot>' : '<slot></slot>'}</template>${control()}</div>`;
      else s += control();
    }
    return s;
  }
  const body = group(0);
  return `<!doctype html><html><head><meta charset="utf-8"></head><body><span id="outside-label">Outside label</span>` +
    `<form id="f" toolname="random" tooldescription="random form"${ch(0.2) ? ' toolautosubmit' : ''}>${body}</form>${outside.join('')}</body></html>`;
}

// Runs in the page (passed to page.evaluate, so it uses nothing outside itself): `count` seeded
// changes to the live body, as a page's scripts make them between two agent steps. Removes,
// inserts links and buttons, replaces text, toggles `hidden`, moves elements. Never puts elements
// where the parser could not (inside form controls or void elements).
export function mutatePage({ seed, step, count = 3 }) {
  let a = (seed * 7919 + step * 104729) >>> 0;
  const rnd = () => { a = (Math.imul(a, 1103515245) + 12345) >>> 0; return a / 4294967296; };
  const leaf = /^(textarea|select|option|optgroup|input|img|br|hr|svg|progress|meter|iframe|video|audio|canvas|script|style|template)$/;
  const all = [...document.body.querySelectorAll('*')].filter((el) => !el.closest('svg'));
  const holds = (el) => !leaf.test(el.localName);
  for (let m = 0; m < count; m++) {
    const el = all[Math.floor(rnd() * all.length)];
    if (!el || !el.isConnected) continue;
    const k = rnd();
    if (k < 0.25) {
      el.remove();
    } else if (k < 0.5) {
      if (!holds(el)) continue;
      const b = document.createElement(rnd() < 0.5 ? 'button' : 'a');
      if (b.localName === 'a') b.href = `/new/${step}`;
      b.textContent = `New ${step}-${m}`;
      el.appendChild(b);
    } else if (k < 0.7) {
      if (holds(el)) el.textContent = `Changed ${step}`;
    } else if (k < 0.85) {
      el.hidden = !el.hidden;
    } else {
      const to = all[Math.floor(rnd() * all.length)];
      if (to && to !== el && holds(to) && !el.contains(to) && to.isConnected) to.appendChild(el);
    }
  }
}
