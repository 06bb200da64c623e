/**
 * The simulator's speed over a lab's paper runs, natively and in WASM (Node):
 * each run timed REPS times and its fastest time kept, with what the run did
 * (DES events, model steps, the lab's own count of work) read from its own
 * result JSON. The same code times this build and an older revision's
 * (baseline.ts), so each build runs its own rows with its own parameters.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { encodeParams, parseJson, type Engine } from '../web/src/core/engine';
import { PaperRows, type PaperRow } from '../web/src/core/types';
import type { LabBench } from '../web/src/labs/face';
import type { LabId } from '../web/src/labs/registry.gen';
import type { TimedRun } from './stats';
import { LAB_BENCHES } from './labs.gen';

/** Each run is timed this many times and its fastest time kept: a cold start is not the simulator's speed. */
export const REPS = 3;

export const VARIANTS = ['before', 'after'] as const;

/** A lab's own count of work in its metrics, and the variants that do that work (its web/src/labs/<id>/bench.ts). */
export type Work = LabBench['work'];

export const WORK: Readonly<Record<string, Work>> = Object.fromEntries(LAB_BENCHES.map(([lab, b]) => [lab, b.work]));

/** The benchmark's lab (its sweep, its page, its targets) and the second lab timed beside it: the first two with a bench module. */
export function benchLabs(): { lab: LabId; second: LabId } {
  const [first, second] = LAB_BENCHES;
  if (!first || !second)
    throw new Error(`the benchmark times two labs, the first two with a web/src/labs/<id>/bench.ts; found ${LAB_BENCHES.length}: ${LAB_BENCHES.map(([l]) => l).join(', ') || 'none'}`);
  return { lab: first[0], second: second[0] };
}

export interface RunTime extends TimedRun {
  lab: string;
  row: string;
  params: Record<string, number>;
  hash: string;
}

/**
 * How a native binary's runs are timed: `jc time` measures the run inside the
 * process; a binary without that command is timed around the whole process
 * (`jc run`), start-up and printing included.
 */
export type NativeTiming = 'in-process' | 'process';

/** The part of a result JSON the benchmark reads; other fields may differ between revisions. */
const ResultJson = z.object({
  sim: z.object({ events: z.number(), steps: z.number().optional(), hash: z.string() }),
  metrics: z.record(z.string(), z.number()),
});
type ResultJson = z.infer<typeof ResultJson>;
const TimedJson = z.object({ wall_s: z.number(), result: ResultJson });

function runTime(lab: string, row: PaperRow, variant: string, result: ResultJson, wall_s: number): RunTime {
  const metric = WORK[lab]?.metric;
  const work = metric === undefined ? undefined : result.metrics[metric];
  return {
    lab,
    row: row.label,
    params: row.params,
    variant,
    events: result.sim.events,
    steps: result.sim.steps ?? null,
    work: work ?? null,
    wall_s,
    hash: result.sim.hash,
  };
}

function jc(binary: string, args: string[], what: string): string {
  try {
    return execFileSync(binary, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${what} failed: ${stderr || (e as Error).message}`);
  }
}

/** Whether a native binary has `jc time`: its usage text (printed with no arguments) says so. */
export function nativeTiming(binary: string): NativeTiming {
  const usage = spawnSync(binary, [], { encoding: 'utf8' });
  if (usage.error) throw new Error(`${binary} cannot be run: ${usage.error.message}`);
  return /\|time\b/.test(`${usage.stdout}${usage.stderr}`) ? 'in-process' : 'process';
}

/** A lab's paper rows as a native binary lists them (`jc rows LAB`). */
export function nativeRows(binary: string, lab: string): PaperRow[] {
  return parseJson(PaperRows, jc(binary, ['rows', lab], `jc rows ${lab}`), 'jc rows').rows;
}

export function nativeRun(
  binary: string,
  timing: NativeTiming,
  lab: string,
  row: PaperRow,
  variant: string,
  seed: number,
): RunTime {
  const args = [lab, variant, encodeParams(row.params), String(seed)];
  const what = `native run of ${lab} row ${row.label} ${variant}`;
  if (timing === 'in-process') {
    const t = parseJson(TimedJson, jc(binary, ['time', ...args], what), 'jc time');
    return runTime(lab, row, variant, t.result, t.wall_s);
  }
  const start = performance.now();
  const text = jc(binary, ['run', ...args], what);
  const wall_s = (performance.now() - start) / 1000;
  return runTime(lab, row, variant, parseJson(ResultJson, text, 'jc run'), wall_s);
}

/** One run in WASM, as the CLI and the sweep make it: the run and its checked result JSON. */
export function wasmRun(engine: Engine, lab: string, row: PaperRow, variant: string, seed: number): RunTime {
  const start = performance.now();
  const result = engine.result({ lab, variant, params: row.params, seed });
  const wall_s = (performance.now() - start) / 1000;
  return runTime(lab, row, variant, result, wall_s);
}

function bestOf(run: () => RunTime): RunTime {
  let best = run();
  for (let i = 1; i < REPS; i++) {
    const next = run();
    if (next.wall_s < best.wall_s) best = next;
  }
  return best;
}

/** Every row in both variants, each the best of REPS. */
export function timeRuns(rows: readonly PaperRow[], run: (row: PaperRow, variant: string) => RunTime): RunTime[] {
  return rows.flatMap((row) => VARIANTS.map((variant) => bestOf(() => run(row, variant))));
}

/** "row/variant" of each run whose hash differs between two timings of the same runs. */
export function hashMismatches(a: readonly RunTime[], b: readonly RunTime[]): string[] {
  return a.filter((r, i) => r.hash !== b[i]?.hash).map((r) => `${r.lab} ${r.row}/${r.variant}`);
}
