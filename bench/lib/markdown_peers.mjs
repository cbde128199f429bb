// The Markdown peers (Turndown, its GFM plugin, Readability) as one classic script that defines
// globalThis.__peers, for benches that evaluate them in the page beside dehydra.
import { build } from 'esbuild';
import { root } from '../../tests/browser/helpers/harness.mjs';

export async function markdownPeersSource() {
  const result = await build({
    stdin: {
      contents: `import TurndownService from 'turndown';
        import { gfm } from 'turndown-plugin-gfm';
        import { Readability } from '@mozilla/readability';
        globalThis.__peers = { TurndownService, gfm, Readability };`,
      resolveDir: root,
    },
    bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
