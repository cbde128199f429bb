// The source checks' one walk: the files under a folder of the repository whose names end in one
// of `ends` (bin/'s extensionless CLI counted as JavaScript), as repository-relative paths, sorted.
import { readdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function sourceFiles(dir, ends) {
  const out = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p, ends));
    else if (ends.some((x) => e.name.endsWith(x)) || (dir === 'bin' && !e.name.includes('.') && ends.includes('.mjs'))) out.push(p.split(sep).join('/'));
  }
  return out.sort();
}
