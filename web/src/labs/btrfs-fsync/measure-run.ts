/**
 * The node side of measure.ts: runs its studies in the WASM simulator, adds
 * the entry to measured/<YYYY-MM-DD>.json and rewrites the docs' tables.
 *
 *   npx tsx web/src/labs/btrfs-fsync/measure-run.ts [--seeds N]   (N: 2 to 20, default 10)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayOf, loadNow, machine } from '../../../../bench/measurements';
import { loadEngine, REPO_ROOT } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { docsTables, LAB, measure, parseMeasuredDay, withDocsTables, type MeasuredEntry } from './measure';

const HERE = dirname(fileURLToPath(import.meta.url));
const DOCS = join(REPO_ROOT, 'docs', 'labs', `${LAB}.md`);

function seedsArg(argv: readonly string[]): number {
  const i = argv.indexOf('--seeds');
  if (i < 0) return 10;
  const text = argv[i + 1] ?? '';
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 2 || n > 20) throw new RangeError(`--seeds takes a whole number from 2 to 20 (an interval needs two pairs), not "${text}"`);
  return n;
}

function revision(): MeasuredEntry['revision'] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return {
    commit: git('rev-parse', 'HEAD'),
    wasm_core: git('log', '-1', '--format=%H', '--', 'wasm-core'),
    dirty: git('status', '--porcelain', '--', 'wasm-core') !== '',
  };
}

async function main(): Promise<void> {
  const seeds = sweepSeeds(seedsArg(process.argv.slice(2)));
  const engine = await loadEngine();
  const loadBefore = loadNow();
  const started = Date.now();
  let done = 0;
  const measured = measure((variant, params, seed) => {
    if (++done % 50 === 0) process.stderr.write(`${done} runs\n`);
    return engine.result({ lab: LAB, variant, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), seed }).metrics;
  }, seeds);
  const now = new Date();
  const entry: MeasuredEntry = {
    at: now.toISOString(),
    revision: revision(),
    machine: machine(),
    load: { before: loadBefore, after: loadNow() },
    seconds: (Date.now() - started) / 1000,
    runs: done,
    ...measured,
  };
  const dir = join(HERE, 'measured');
  const path = join(dir, `${dayOf(now)}.json`);
  const day = existsSync(path) ? parseMeasuredDay(JSON.parse(readFileSync(path, 'utf8')), path) : { date: dayOf(now), entries: [] };
  day.entries.push(entry);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, `${JSON.stringify(day, null, 1)}\n`);
  writeFileSync(DOCS, withDocsTables(readFileSync(DOCS, 'utf8'), docsTables(entry)));
  process.stderr.write(`${done} runs in ${entry.seconds.toFixed(0)} s (load ${entry.load.after.map((l) => l.toFixed(1)).join(' ')}): ${relative(REPO_ROOT, path)}, ${relative(REPO_ROOT, DOCS)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
