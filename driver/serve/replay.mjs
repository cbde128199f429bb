// `dehydra replay FILE`: a recorded run (recording.mjs) again, in a fresh browser and with no
// model: each step by its locator, its effect compared with the one recorded. The first step whose
// effect differs ends the replay, named with what differed; the exit code says whether it held.
import { readFileSync } from 'node:fs';
import { Browsing } from '../browsing.mjs';
import { toolRunner } from './run_tool.mjs';
import { stepEffect } from '../recording.mjs';
import { UsageError } from '../command_line.mjs';

function readSteps(file) {
  let text;
  try { text = readFileSync(file,
    'utf8'); } catch (e) { throw new UsageError(`replay: cannot read ${file} (${e.code || e.message})`); }
  return text.split('\n').filter((l) => l.trim()).map((line, i) => {
    let step;
    try { step = JSON.parse(line); } catch { throw new UsageError(`replay: line ${i + 1} of ${file} is not JSON`); }
    if (!step || typeof step.tool !== 'string' || typeof step.effect !== 'string') {
      throw new UsageError(`replay: line ${i + 1} of ${file} is not a recorded step ({"tool", "args", "effect"})`);
    }
    return step;
  });
}

const named = (step) => `${step.tool}${step.args && step.args.locator ? ` ${step.args.locator}` : ''}`;

// Writes a line per step to `out`; answers true when every step had its recorded effect.
export async function replay(file, options, out) {
  const steps = readSteps(file);
  if (!steps.length) throw new UsageError(`replay: ${file} holds no steps`);
  const browsing = new Browsing({ ...options, record: null, codegen: null });
  const run = toolRunner(browsing);
  try {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      const started = Date.now();
      const writesBefore = browsing.writesSent;
      const answer = await run(step.tool, step.args || {});
      const now = stepEffect(answer, browsing.writesSent > writesBefore);
      out(`${i + 1}. ${named(step)}: ${now} (${Date.now() - started} ms)`);
      if (now !== step.effect) {
        // The action's own line, not the line naming the number its locator found.
        const ours = (l) => l && !l.startsWith('<untrusted') && !/^Locator .* is \[\d+\]\.$/.test(l);
        const said = answer.text.split('\n').find(ours) || '';
        out(`Step ${i + 1} of ${steps.length} (${named(step)}) diverged: recorded "${step.effect}", now "${now}". ` +
          `Its answer: ${said}`);
        return false;
      }
    }
    out(`All ${steps.length} step(s) had their recorded effect.`);
    return true;
  } finally {
    await browsing.close();
  }
}
