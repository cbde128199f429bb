// How the driver's answers are worded. Everything that quotes the page (its text, its title, an
// action's message naming an element) goes inside one fenced block whose markers carry a random
// id, so text on a page cannot close the block and pose as the tool's own words.

export function untrusted(text) {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `<untrusted-page-content id=${id}>\n${text.replace(/\s+$/, '')}\n</untrusted-page-content id=${id}>`;
}

export function stateText(s) {
  return [s.header, s.content, s.footer].filter((part) => part).join('\n');
}

// The outcome of the wait after an action or a navigation, in our words.
export function settleLine(settle, waitedFor) {
  if (!settle) return '';
  if (settle.stable)
    return `The page settled${waitedFor ? ` (${waitedFor})` : ''} in ${Math.round(settle.waitedMs)} ms.`;
  const pending = (settle.pending || []).slice(0, 4).map((p) => {
    if (p.kind === 'request')
      return `${p.inFlight ? 'a request in flight' : 'a request that ' +
      'just finished'} (${p.method ? p.method + ' ' : ''}${p.url})`;
    if (p.kind === 'mutation') return `changes under ${p.path}`;
    if (p.kind === 'document') return `the document is ${p.readyState}`;
    if (p.kind === 'selector') return `no visible ${p.selector}`;
    return p.kind;
  });
  return `The page was still busy when the wait's bound of ${Math.round(settle.waitedMs)} ms was hit` +
    (pending.length ? `: ${pending.join('; ')}` : '') + '. Read the state again to see what came later.';
}

// One line summing up an action's effect from its fields (numbers and kinds only, no page text).
export function effectLine(verb, index, result) {
  const outcome = result.success ? 'succeeded' : 'failed';
  const e = result.effect;
  const what = index === undefined ? verb : `${verb} [${index}]`;
  if (!result.success || !e) return `${what} ${outcome}.`;
  const parts = [];
  if (e.navigation) parts.push(e.navigation === 'leaving the page' ? 'the page is navigating' : 'the URL changed');
  if (e.opened && e.opened.length) parts.push(`${e.opened.length} new top-layer element(s) opened`);
  if (e.scrolled) parts.push('something scrolled');
  if (e.changed && !parts.length) parts.push('the page changed');
  if (!e.changed) parts.push('nothing observable changed');
  return `${what} ${outcome}: ${parts.join(', ')}.`;
}

// What the agent is told when requests outlived the wait's bound.
export function stillLoading(loading, boundMs) {
  return loading.length
    ? `Requests still in flight when the bound of ${boundMs} ms was hit: ${loading.slice(0, 3).join('; ')}. ` +
      'Read the state again to see what came later.'
    : '';
}
