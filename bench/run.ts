/**
 * npm run bench [-- --no-build] [-- --baseline REV] [-- --only scale|lessons|frames|kernel]
 * [-- --kernel-runs N]: see bench.ts, and kernel.ts for the kernel lab's
 * boot, measured last (or alone with --only kernel) and added to
 * bench/results.json under `kernel`. Every part measured is also added to
 * the day's committed file, bench/measurements/<YYYY-MM-DD>.json
 * (measurements.ts). Exit status 0 when all was measured,
 * whatever the numbers.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../web/src/core/node';
import { runBench } from './bench';
import { BOOT_RUNS, BOOT_TARGET_S, kernelNote, kernelRows, measureKernelBoot } from './kernel';
import { currentRevision } from './baseline';
import { loadNow, recordMeasurement } from './measurements';
import { markdown } from './stats';

const ONLY = ['scale', 'lessons', 'frames', 'kernel'];

async function kernelBench(runs: number): Promise<number> {
  const loadBefore = loadNow();
  const bench = await measureKernelBoot({ runs, log: (text) => process.stderr.write(`bench: ${text}\n`) });
  const rows = kernelRows(bench);
  const path = join(REPO_ROOT, 'bench', 'results.json');
  const results = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  results.kernel = { date: new Date().toISOString(), target_to_bench_s: BOOT_TARGET_S, ...bench, table: rows };
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  if (rows.length) process.stdout.write(`\n${markdown(rows)}\n`);
  process.stdout.write(`${kernelNote(bench)}\n`);
  /* a skipped part measured nothing: nothing goes on record */
  if (!('skipped' in bench)) {
    const file = recordMeasurement({ root: REPO_ROOT, part: 'kernel', results: results.kernel, loadBefore, args: process.argv.slice(2), revision: currentRevision() });
    process.stdout.write(`on record in ${file}\n`);
  }
  return 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      baseline: { type: 'string' },
      only: { type: 'string' },
      'kernel-runs': { type: 'string' },
    },
  });
  if (values.only !== undefined && !ONLY.includes(values.only))
    throw new Error(
      `--only takes "scale" (the animation at scale alone), "lessons" (each lab page's weight before its lesson), "frames" (each lab's lesson played) or "kernel" (the kernel lab's boot alone), got "${values.only}"`,
    );
  const runsText = values['kernel-runs'] ?? String(BOOT_RUNS);
  if (!/^\d+$/.test(runsText) || Number(runsText) < 1 || Number(runsText) > 20)
    throw new Error(`--kernel-runs takes a whole number of runs a lab from 1 to 20, got "${runsText}"`);
  const runs = Number(runsText);
  if (values.only === 'kernel') return kernelBench(runs);
  const only = values.only as 'scale' | 'lessons' | 'frames' | undefined;
  const code = await runBench({ noBuild: values['no-build'], baseline: values.baseline, only });
  if (code !== 0 || only !== undefined) return code;
  return kernelBench(runs);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    process.stderr.write(`bench: ${text.split('\n')[0]}\n`);
    process.exitCode = 1;
  },
);
