// What a tab's pages logged and fetched, as a developer's tools show it: console messages and
// uncaught errors, and each request with its outcome. Entries carry the navigation they belong
// to, so a tool can show the current page's alone; the newest LIMIT of each are kept.
const LIMIT = 1000;
// Console levels from the most severe; a level shows itself and every level above it.
export const LEVELS = ['error', 'warning', 'info', 'debug'];
const LEVEL_OF = { error: 'error', assert: 'error', warning: 'warning', warn: 'warning', log: 'info', info: 'info',
  dir: 'info', table: 'info', trace: 'info', count: 'info', timeEnd: 'info', debug: 'debug' };
// Resource types that are part of showing a page rather than its data.
const STATIC = new Set(['image', 'font', 'stylesheet', 'script', 'media', 'manifest', 'texttrack', 'other']);

// A field of an event's object, or `fallback` where the browser's protocol does not give it
// (Firefox over BiDi has no resource types): the log never breaks the driver.
function field(read, fallback) {
  try {
    const v = read();
    return v === undefined || v === null ? fallback : v;
  } catch (e) {
    return fallback;
  }
}

function keep(list, entry) {
  list.push(entry);
  if (list.length > LIMIT) list.splice(0, list.length - LIMIT);
}

function where(location) {
  if (!location || !location.url) return '';
  return ` (${location.url}${location.lineNumber !== undefined ? `:${location.lineNumber + 1}` : ''})`;
}

export class PageLog {
  constructor(page, navigation) {
    this.navigation = navigation;  // () => the tab's navigation count now
    this.messages = [];
    this.requests = [];
    this.requestCount = 0;  // requests seen, each entry numbered (`n`)
    this.byRequest = new Map();
    page.on('console', (m) => keep(this.messages, {
      at: navigation(), level: LEVEL_OF[field(() => m.type(), 'log')] || 'info', type: field(() => m.type(), 'log'),
      text: field(() => m.text(), ''), where: where(field(() => m.location(), null)),
    }));
    page.on('pageerror', (e) => keep(this.messages, {
      at: navigation(), level: 'error', type: 'error',
      text: `Uncaught ${e && e.message !== undefined ? `${e.name || 'Error'}: ${e.message}` : e}`, where: '',
    }));
    page.on('request', (r) => {
      // A page's own document is requested before its navigation commits: it is that page's.
      const opens = field(() => r.isNavigationRequest() && r.frame() === page.mainFrame(), false);
      const entry = { n: ++this.requestCount, at: navigation() + (opens ? 1 : 0),
        method: field(() => r.method(), 'GET'), url: field(() => r.url(), ''),
        type: field(() => r.resourceType(), opens ? 'document' : ''), outcome: 'pending' };
      this.byRequest.set(r, entry);
      keep(this.requests, entry);
    });
    page.on('response', (response) => {
      const entry = this.byRequest.get(field(() => response.request(), null));
      if (entry) entry.outcome = String(field(() => response.status(), '?'));
    });
    page.on('requestfailed', (r) => {
      const entry = this.byRequest.get(r);
      if (entry) entry.outcome = `failed: ${field(() => r.failure().errorText, 'no answer')}`;
      this.byRequest.delete(r);
    });
    page.on('requestfinished', (r) => { this.byRequest.delete(r); });
  }

  // Messages at `level` or more severe, of the current page (`all`: since the tab opened).
  consoleLines(level, all) {
    const rank = LEVELS.indexOf(level);
    const now = this.navigation();
    return this.messages.filter((m) => (all || m.at === now) && LEVELS.indexOf(m.level) <= rank)
      .map((m) => `[${m.type}] ${m.text}${m.where}`);
  }

  // The requests numbered above `since`, as {method, url, outcome}.
  requestsSince(since) {
    return this.requests.filter((r) => r.n > since);
  }

  // The current page's requests (`all`: since the tab opened), without page resources unless
  // `withStatic`, whose URL matches `filter` (a RegExp) when given.
  requestLines(filter, withStatic, all) {
    const now = this.navigation();
    return this.requests.filter((r) => (all || r.at === now) &&
      (withStatic || !STATIC.has(r.type) || !/^2\d\d$/.test(r.outcome)) &&
      (!filter || filter.test(r.url)))
      .map((r) => `${r.method} ${r.url} → ${r.outcome}${r.type ? ` (${r.type})` : ''}`);
  }
}
