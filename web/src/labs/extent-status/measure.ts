/**
 * extent-status's measurements on record: the mail's three rows (and case
 * c's es-cache) over ten seeds, each change taken seed by seed with its 95%
 * interval and its verdict (lib/verdict.ts), at two sizes, and the
 * laid_out ablation at the page's size.
 *
 *   npx tsx web/src/labs/extent-status/measure.ts --size page|large [--seeds N]
 *   npx tsx web/src/labs/extent-status/measure.ts --docs     (the docs' tables alone)
 *
 * runs them in the WASM simulator as the command line does and adds an
 * entry to measured/<YYYY-MM-DD>.json, the machine and its load beside it
 * (bench/measurements.ts), and rewrites the tables of docs/labs/extent-status.md
 * from the newest entry of each size (measured.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayOf, loadNow, machine } from '../../../../bench/measurements';
import { mailChangeOf, MAILS } from '../../../../lib/mails';
import { tryVerdict } from '../../../../lib/verdict';
import { loadEngine, REPO_ROOT } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { docsTable, newestOf, parseMeasuredDay, withDocsTable, type MeasuredEntry } from './measured';

const LAB = 'extent-status';
const DOCS = join(REPO_ROOT, 'docs', 'labs', `${LAB}.md`);

/**
 * The sizes a verdict is taken at. page: the paper rows' own parameters,
 * what the page's sweep runs in its 5 s. large: the command line's, the
 * mail's 100 jobs with memory and run time cut by the same factor (4915
 * MiB in 60 s turns over as 24 GB in 300 s; case c halves memory as the
 * mail did), and 131072 small files so that case b's list starts past 10^5.
 */
export const SIZES = {
  page: { a: {}, b: {}, c: {} },
  large: {
    a: { jobs: 100, mem_mb: 4915, runtime_ms: 60000 },
    b: { jobs: 100, mem_mb: 4915, runtime_ms: 60000, small_files: 131072 },
    c: { jobs: 100, mem_mb: 2458, runtime_ms: 60000 },
  },
} as const;
export type Size = keyof typeof SIZES;

/** What each run records. */
export const METRICS = ['avg_scan_us', 'mean_scan_us', 'max_scan_us', 'shrinker_calls', 'list_sorts', 'inodes_on_list', 'delayed_skipped', 'hits'] as const;

/** The changes each pair is judged on; the mail has figures of the first and the third. */
const JUDGED = ['avg_scan_us', 'mean_scan_us', 'max_scan_us'] as const;

interface Pair {
  case: string;
  params: Record<string, number | string>;
  sides: [string, string];
  metric: string;
  verdict: { kind: string; n: number; ratio: number; low: number; high: number; mail: number | null };
}

interface Config {
  case: string;
  variant: string;
  params: Record<string, number | string>;
  /** per metric, one value a seed */
  values: Record<string, number[]>;
}

function argOf(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
}

const MEASURED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'measured');

/** Rewrites the docs' tables from the newest entry of each size on record. */
function writeDocs(): void {
  const days = readdirSync(MEASURED_DIR)
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .sort()
    .map((f) => parseMeasuredDay(JSON.parse(readFileSync(join(MEASURED_DIR, f), 'utf8')), f));
  const have = (['page', 'large'] as const).filter((s) => days.some((d) => d.entries.some((e) => e.size === s)));
  writeFileSync(DOCS, withDocsTable(readFileSync(DOCS, 'utf8'), docsTable(have.map((s) => newestOf(days, s)))));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--docs')) return writeDocs();
  const size = argOf(argv, '--size') ?? '';
  if (!(size in SIZES)) throw new RangeError(`--size takes ${Object.keys(SIZES).join(' or ')}, not "${size}"`);
  const seedText = argOf(argv, '--seeds') ?? '10';
  if (!/^\d+$/.test(seedText) || +seedText < 2 || +seedText > 20) throw new RangeError(`--seeds takes a whole number from 2 to 20 (an interval needs two pairs), not "${seedText}"`);
  const seeds = sweepSeeds(+seedText);
  const engine = await loadEngine();
  const loadBefore = loadNow();
  const started = Date.now();
  const configs: Config[] = [];
  const runConfig = (kase: string, variant: string, params: Record<string, number | string>): Config => {
    const found = configs.find((c) => c.case === kase && c.variant === variant && JSON.stringify(c.params) === JSON.stringify(params));
    if (found) return found;
    const values: Record<string, number[]> = Object.fromEntries(METRICS.map((m) => [m, []]));
    for (const seed of seeds) {
      const r = engine.result({ lab: LAB, variant, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), seed });
      for (const m of METRICS) values[m]!.push(r.metrics[m] ?? NaN);
    }
    process.stderr.write(`${kase} ${variant} ${JSON.stringify(params)}: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    const c = { case: kase, variant, params, values };
    configs.push(c);
    return c;
  };
  const pairs: Pair[] = [];
  const judge = (kase: string, params: Record<string, number | string>, sides: [string, string], b: Config, a: Config, mailSides: [string, string] | null) => {
    for (const metric of JUDGED) {
      const mail = mailSides ? (mailChangeOf(LAB, metric, { case: kase }, mailSides) ?? null) : null;
      const v = tryVerdict(b.values[metric]!, a.values[metric]!, mail);
      pairs.push({ case: kase, params, sides, metric, verdict: { kind: v.kind, n: v.n, ratio: v.ratio, low: v.low, high: v.high, mail: mail?.ratio ?? null } });
    }
  };
  const sizes = SIZES[size as Size];
  for (const row of MAILS[LAB].rows) {
    const kase = row.where['case']!;
    const params = { case: kase, ...sizes[kase as keyof typeof sizes] };
    const [vb, va] = row.variants as [string, string];
    const sidesList: [string, string][] = [[vb, va], ...(kase === 'c' ? [[vb, 'es-cache'] as [string, string]] : [])];
    for (const sides of sidesList) judge(kase, params, sides, runConfig(kase, sides[0], params), runConfig(kase, sides[1], params), sides);
    if (size === 'page' && kase !== 'a') {
      /* the ablation: nothing laid out, as the model had it before */
      const off = { ...params, laid_out: 'off' };
      for (const sides of sidesList) judge(kase, off, sides, runConfig(kase, sides[0], off), runConfig(kase, sides[1], off), sides);
    }
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const now = new Date();
  const entry: MeasuredEntry = {
    at: now.toISOString(),
    revision: { commit: git('rev-parse', 'HEAD'), wasm_core: git('log', '-1', '--format=%H', '--', 'wasm-core'), dirty: git('status', '--porcelain', '--', 'wasm-core') !== '' },
    machine: machine(),
    load: { before: loadBefore, after: loadNow() },
    seconds: (Date.now() - started) / 1000,
    size: size as Size,
    seeds,
    configs,
    pairs,
  };
  const dir = MEASURED_DIR;
  const path = join(dir, `${dayOf(now)}.json`);
  const day = existsSync(path) ? parseMeasuredDay(JSON.parse(readFileSync(path, 'utf8')), path) : { date: dayOf(now), entries: [] };
  day.entries.push(entry);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, `${JSON.stringify(day, null, 1)}\n`);
  writeDocs();
  process.stderr.write(`${configs.length * seeds.length} runs in ${entry.seconds.toFixed(0)} s (load ${entry.load.after.map((l) => l.toFixed(1)).join(' ')}): ${relative(REPO_ROOT, path)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
