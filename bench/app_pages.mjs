// dehydrate on app-like pages built with real component libraries (antd, MUI, react-bootstrap;
// tests/fixtures/app_pages/, the versions package-lock.json installs): dehydra's default
// PageController against Page Agent's (@page-agent/page-controller 1.12.4) in the same run, each on
// its own fresh load. Per page and in total:
// - tokens: o200k (gpt-tokenizer) of header + content + footer, as bench/dehydrate.mjs counts them;
// - nested: indexed elements inside another indexed element (the same control listed twice);
// - behind: indexed elements outside an open modal (a <dialog> in the top layer or a rendered
//   aria-modal element; open popovers stand above it; the modal's own ancestors do not count)
//   while one is open: what a user cannot reach;
// - coverage: the interactive elements of Playwright's ai-mode ariaSnapshot (reachable ones) that
//   are indexed, or inside or around an indexed element.
// Token and coverage figures do not depend on the machine's speed.
// node bench/app_pages.mjs [--only antd/settings,mui/modal]
import { startServer, launchBrowser } from '../tests/browser/helpers/harness.mjs';
import { buildAppPages, appRoutes, measureAppPage, PAGES, LIBRARIES, libraryVersion } from '../tests/browser/helpers/app_pages.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const pct = (a, b) => (b ? (100 * a / b).toFixed(0) : '0') + '%';

await buildAppPages();
const server = await startServer(appRoutes());
const browser = await launchBrowser();
const rows = [];
try {
  console.log(`libraries: ${Object.keys(LIBRARIES).map((l) => `${LIBRARIES[l]} ${libraryVersion(l)}`).join(', ')}`);
  console.log(['page'.padEnd(20), 'tokens PA'.padStart(9), 'ours'.padStart(6), 'ratio'.padStart(6),
    'indexed PA'.padStart(10), 'ours'.padStart(5), 'nested PA'.padStart(10), 'ours'.padStart(9),
    'behind PA'.padStart(9), 'ours'.padStart(5), 'coverage PA'.padStart(12), 'ours'.padStart(8)].join(' '));
  for (const lib of Object.keys(LIBRARIES)) {
    for (const name of PAGES) {
      if (only && !only.includes(`${lib}/${name}`)) continue;
      const r = await measureAppPage(browser, server.origin, lib, name);
      rows.push(r);
      const cov = (m) => `${m.ariaTotal - m.missed.length}/${m.ariaTotal}`;
      console.log([`${lib}/${name}`.padEnd(20), String(r.reference.tokens).padStart(9), String(r.ours.tokens).padStart(6),
        (r.ours.tokens / r.reference.tokens).toFixed(2).padStart(6), String(r.reference.indexed).padStart(10),
        String(r.ours.indexed).padStart(5), `${r.reference.nested} ${pct(r.reference.nested, r.reference.indexed)}`.padStart(10),
        `${r.ours.nested} ${pct(r.ours.nested, r.ours.indexed)}`.padStart(9), String(r.reference.behind).padStart(9),
        String(r.ours.behind).padStart(5), cov(r.reference).padStart(12), cov(r.ours).padStart(8)].join(' '));
      for (const m of r.ours.missed) console.log(`   missed: ${m}`);
      if (r.errors.length) console.log(`   page errors: ${r.errors.join(' | ')}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const sum = (f) => rows.reduce((a, r) => a + f(r), 0);
const ourTokens = sum((r) => r.ours.tokens), refTokens = sum((r) => r.reference.tokens);
const indexed = sum((r) => r.ours.indexed), nested = sum((r) => r.ours.nested);
const refIndexed = sum((r) => r.reference.indexed), refNested = sum((r) => r.reference.nested);
const aria = sum((r) => r.ours.ariaTotal), missed = sum((r) => r.ours.missed.length);
const refAria = sum((r) => r.reference.ariaTotal), refMissed = sum((r) => r.reference.missed.length);
console.log(`app pages (${rows.length}): tokens ${ourTokens} vs Page Agent 1.12.4 ${refTokens} (${(ourTokens / refTokens).toFixed(2)}x); ` +
  `nested ${nested}/${indexed} (${pct(nested, indexed)}) vs ${refNested}/${refIndexed} (${pct(refNested, refIndexed)}); ` +
  `behind an open modal ${sum((r) => r.ours.behind)} vs ${sum((r) => r.reference.behind)}; ` +
  `coverage ${pct(aria - missed, aria)} (${aria - missed}/${aria}) vs ${pct(refAria - refMissed, refAria)}`);
