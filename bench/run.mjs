// npm run bench: every benchmark in turn, each against its peer in the same run; the summary lines
// are collected at the end. Extra arguments (e.g. --pages 20) are passed to each.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH ? process.env.BENCH.split(',') : null;
const summaries = [];
for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs').sort()) {
  const name = file.replace(/\.mjs$/, '');
  if (only && !only.includes(name)) continue;
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, [join(here, file), ...process.argv.slice(2)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout);
  const lines = r.stdout.trim().split('\n');
  summaries.push(r.status === 0 ? lines[lines.length - 1] : `${name}: failed (exit ${r.status})`);
}
console.log('\n== summary');
for (const s of summaries) console.log(s);
