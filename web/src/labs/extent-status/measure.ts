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
 * (bench/measure-record.ts), and rewrites the tables of docs/labs/extent-status.md
 * from the newest entry of each size (measured.ts).
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendMeasured, optionOf, readMeasuredDays, rewriteDocs, runMeasure, seedsOption, simulatorRun, startMeasure } from '../../../../bench/measure-record';
import { column, overSeeds, verdictRecord } from '../../../../lib/measured';
import { mailChangeOf, MAILS } from '../../../../lib/mails';
import { REPO_ROOT } from '../../core/node';
import { docsTable, DOCS_MARKERS, Entry, newestOf, type MeasuredEntry } from './measured';

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

type Pair = MeasuredEntry['pairs'][number];
type Config = MeasuredEntry['configs'][number];

const MEASURED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'measured');

/** Rewrites the docs' tables from the newest entry of each size on record. */
function writeDocs(): void {
  const days = readMeasuredDays(MEASURED_DIR, Entry);
  const have = (['page', 'large'] as const).filter((s) => days.some((d) => d.entries.some((e) => e.size === s)));
  rewriteDocs(DOCS, DOCS_MARKERS, docsTable(have.map((s) => newestOf(days, s))), relative(REPO_ROOT, DOCS));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--docs')) return writeDocs();
  const size = optionOf(argv, '--size') ?? '';
  if (!(size in SIZES)) throw new RangeError(`--size takes ${Object.keys(SIZES).join(' or ')}, not "${size}"`);
  const seeds = seedsOption(argv);
  const measuring = startMeasure(seeds);
  const sim = await simulatorRun(LAB);
  const runs = overSeeds(sim.run, seeds);
  const configs: Config[] = [];
  const runConfig = (kase: string, variant: string, params: Record<string, number | string>): Config => {
    const found = configs.find((c) => c.case === kase && c.variant === variant && JSON.stringify(c.params) === JSON.stringify(params));
    if (found) return found;
    const rs = runs(variant, params);
    process.stderr.write(`${kase} ${variant} ${JSON.stringify(params)}: ${((Date.now() - measuring.started) / 1000).toFixed(0)} s\n`);
    const c = { case: kase, variant, params, values: Object.fromEntries(METRICS.map((m) => [m, column(rs, m)])) };
    configs.push(c);
    return c;
  };
  const pairs: Pair[] = [];
  const judge = (kase: string, params: Record<string, number | string>, sides: [string, string], b: Config, a: Config, mailSides: [string, string] | null) => {
    for (const metric of JUDGED) {
      const mail = mailSides ? (mailChangeOf(LAB, metric, { case: kase }, mailSides) ?? null) : null;
      pairs.push({ case: kase, params, sides, metric, verdict: verdictRecord(b.values[metric] as number[], a.values[metric] as number[], mail) });
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
  const entry: MeasuredEntry = { ...measuring.base(), size: size as Size, configs, pairs };
  const path = appendMeasured(MEASURED_DIR, Entry, entry);
  writeDocs();
  process.stderr.write(`${configs.length * seeds.length} runs in ${entry.seconds.toFixed(0)} s (load ${entry.load.after.map((l) => l.toFixed(1)).join(' ')}): ${relative(REPO_ROOT, path)}\n`);
}

runMeasure(main);
