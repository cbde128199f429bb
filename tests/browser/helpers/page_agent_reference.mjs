// Page Agent's own PageController (@page-agent/page-controller 1.12.4 from node_modules), bundled
// once with esbuild into a classic script that defines globalThis.PageAgentReference. The parity
// test, the agent-loop test and bench/dehydrate.mjs run it beside ours in the same page.
import { build } from 'esbuild';
import { join } from 'node:path';
import { root } from './harness.mjs';

let source = null;

export async function referenceSource() {
  if (source !== null) return source;
  const result = await build({
    entryPoints: [join(root, 'node_modules/@page-agent/page-controller/dist/lib/page-controller.js')],
    bundle: true, format: 'iife', globalName: 'PageAgentReference', write: false, platform: 'browser',
    logLevel: 'silent',
  });
  source = result.outputFiles[0].text;
  return source;
}

// Injects the reference (it patches the page on construction, as in production).
export async function injectReference(page) {
  await page.evaluate(await referenceSource());
}
