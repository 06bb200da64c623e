/**
 * The node side of a lab's measure script (lib/measured.ts holds what the
 * page reads too): the script's --seeds, the simulator it runs its pairs in,
 * the common fields of its entry, adding the entry to
 * <lab folder>/measured/<YYYY-MM-DD>.json, reading every day back through the
 * lab's schema, and rewriting the docs' table between its markers.
 *
 * A lab's script keeps only its own: its sizes, pairs, metrics and the
 * columns of its table.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { DAY_FILE, measuredDay, withBetweenMarkers, type Markers, type MeasuredBase, type MeasuredDay, type RunMetrics } from '../lib/measured';
import type { Engine } from '../web/src/core/engine';
import { loadEngine, REPO_ROOT } from '../web/src/core/node';
import { SWEEP_SEEDS, SWEEP_SEEDS_MAX, sweepSeeds } from '../web/src/core/sweep';
import { dayOf, loadNow, machine, readDayFile } from './measurements';

/** The value after a command line's option, or undefined where it is not given. */
export function optionOf(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : (argv[i + 1] ?? '');
}

/** The seeds --seeds N names: N from the first sweep seed on, 2 to SWEEP_SEEDS_MAX (an interval needs two pairs), SWEEP_SEEDS by default. */
export function seedsOption(argv: readonly string[]): number[] {
  const text = optionOf(argv, '--seeds') ?? String(SWEEP_SEEDS);
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 2 || n > SWEEP_SEEDS_MAX)
    throw new RangeError(`--seeds takes a whole number from 2 to ${SWEEP_SEEDS_MAX} (an interval needs two pairs), not "${text}"`);
  return sweepSeeds(n);
}

/** The revision of the checkout: HEAD, the simulator's last commit, and whether its sources have changes not committed. */
export function revisionNow(root: string = REPO_ROOT): MeasuredBase['revision'] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  return {
    commit: git('rev-parse', 'HEAD'),
    wasm_core: git('log', '-1', '--format=%H', '--', 'wasm-core'),
    dirty: git('status', '--porcelain', '--', 'wasm-core') !== '',
  };
}

/**
 * A lab's runs in the WASM simulator as the command line makes them, each
 * reported to `onRun` with the count so far; `count()` is how many ran,
 * and the engine, for what the lab declares.
 */
export async function simulatorRun(lab: string, onRun?: (count: number) => void): Promise<{ engine: Engine; run: RunMetrics; count: () => number }> {
  const engine = await loadEngine();
  let done = 0;
  const run: RunMetrics = (variant, params, seed) => {
    const r = engine.result({ lab, variant, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), seed });
    onRun?.(++done);
    return r.metrics;
  };
  return { engine, run, count: () => done };
}

/** A measurement under way: call it at the start, and `base()` at the end for the entry's common fields. */
export function startMeasure(seeds: readonly number[], root: string = REPO_ROOT) {
  const loadBefore = loadNow();
  const started = Date.now();
  return {
    started,
    base: (now: Date = new Date()): MeasuredBase => ({
      at: now.toISOString(),
      revision: revisionNow(root),
      machine: machine(),
      load: { before: loadBefore, after: loadNow() },
      seconds: (Date.now() - started) / 1000,
      seeds: [...seeds],
    }),
  };
}

/** A day's file of the lab's entries, as readDayFile() takes its schema. */
const daySchema = <E extends z.ZodType>(entry: E) => measuredDay(entry) as unknown as z.ZodType<MeasuredDay<z.output<E>>>;

/**
 * Every day's file in a lab's measured/ folder, oldest first, each read
 * through the lab's entry schema; an error names the file and the first
 * field that is wrong.
 */
export function readMeasuredDays<E extends z.ZodType>(dir: string, entry: E): MeasuredDay<z.output<E>>[] {
  return readdirSync(dir)
    .filter((f) => DAY_FILE.test(f))
    .sort()
    .map((f) => readDayFile(join(dir, f), f.slice(0, -'.json'.length), daySchema(entry), { date: '', entries: [] }));
}

/**
 * Add an entry to its day's file in `dir` (the day of its `at`, UTC) and
 * return the file's path. The entry is checked by the lab's schema first,
 * and the day's file read back through it: nothing on record is overwritten
 * by what cannot be read.
 */
export function appendMeasured<E extends z.ZodType>(dir: string, entry: E, value: unknown): string {
  /* the entry as the file will keep it: a NaN or an Infinity becomes null */
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`the entry for ${dir} is not JSON`);
  const kept: unknown = JSON.parse(text);
  const checked = entry.safeParse(kept);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new Error(`the entry for ${dir} is not one: ${issue.path.join('.') || 'the entry'}: ${issue.message}`);
  }
  const at = (kept as { at?: unknown }).at;
  if (typeof at !== 'string') throw new Error(`the entry for ${dir} has no time (at)`);
  const date = dayOf(new Date(at));
  const path = join(dir, `${date}.json`);
  readDayFile(path, date, daySchema(entry), { date, entries: [] }, '; mend or move it, the measure script adds to it');
  /* the entries on record as they were written, not as the schema reads them */
  const entries = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] }).entries : [];
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, `${JSON.stringify({ date, entries: [...entries, kept] }, null, 1)}\n`);
  return path;
}

/** Rewrite the table between a document's markers (lib/measured.ts's withBetweenMarkers), the rest unchanged. */
export function rewriteDocs(path: string, markers: Markers, body: string, docName: string = path): void {
  writeFileSync(path, withBetweenMarkers(readFileSync(path, 'utf8'), markers, body, docName));
}

/** Runs a measure script's main, printing a failure's message alone and exiting with 1. */
export function runMeasure(main: () => void | Promise<void>): void {
  Promise.resolve()
    .then(main)
    .catch((e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    });
}
