/**
 * The model against the mail over ten seeds, and at held-out points no
 * figure was read at: runs the native simulator (`make -C wasm-core native`)
 * before and after at each point, seed by seed, and adds an entry to
 * web/src/labs/ext4-writeback/measured/<YYYY-MM-DD>.json (UTC) with the
 * paired IOPS change and its 95% interval (lib/verdict.ts), the checks of
 * mailCheck.ts, the machine, its load and the revision
 * (bench/measure-record.ts), and rewrites the tables between the markers of
 * docs/labs/ext4-writeback.md from the newest entry, which the page quotes
 * too (measured.ts).
 *
 *   node --import tsx web/src/labs/ext4-writeback/measure.ts [--seeds N]   (10 by default, 2 to 20)
 *   node --import tsx web/src/labs/ext4-writeback/measure.ts --docs        (the docs' tables alone)
 */
import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendMeasured, readMeasuredDays, rewriteDocs, runMeasure, seedsOption, startMeasure } from '../../../../bench/measure-record';
import { column, newestEntry, overSeeds } from '../../../../lib/measured';
import { pairedChange } from '../../../../lib/verdict';
import { nativeBinary, REPO_ROOT } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { mailChecks, type Variant } from './mailCheck';
import { docsTable, DOCS_MARKERS, Entry, type MeasuredEntry } from './measured';

const HERE = dirname(fileURLToPath(import.meta.url));
const MAIL = 'jobs=16;bs_kib=16;filesize=1000000;sync=0;kernel=0;runtime_ms=60000';
/* counted time: the run less its warmup of a fifth */
const MEASURED_S = 48;

/** The points: the mail's shape on seeds 1..N, and held out: other seeds, jobs counts, a block size. */
export const POINTS = (seeds: number) => [
  { id: 'mail', label: "the mail's shape (16 jobs, 16 KiB, fsync, 60 s)", params: MAIL, first: 1, seeds },
  { id: 'seeds', label: 'held out: the same shape, seeds from 11', params: MAIL, first: 11, seeds },
  { id: 'jobs12', label: 'held out: 12 jobs', params: MAIL.replace('jobs=16', 'jobs=12'), first: 1, seeds },
  { id: 'jobs20', label: 'held out: 20 jobs', params: MAIL.replace('jobs=16', 'jobs=20'), first: 1, seeds },
  { id: 'bs8', label: 'held out: 8 KiB writes', params: MAIL.replace('bs_kib=16', 'bs_kib=8'), first: 1, seeds },
];

/** One native run; `params.text` is the simulator's k=v;k=v. */
function run(variant: string, params: Readonly<Record<string, number | string>>, seed: number): Record<string, number> {
  const out = execFileSync(nativeBinary(), ['run', 'ext4-writeback', variant, String(params.text), String(seed)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return (JSON.parse(out) as { metrics: Record<string, number> }).metrics;
}

const DIR = join(HERE, 'measured');
const DOCS = join(REPO_ROOT, 'docs', 'labs', 'ext4-writeback.md');

/** Rewrites the docs' tables from the newest entry on record. */
function writeDocs(): void {
  rewriteDocs(DOCS, DOCS_MARKERS, docsTable(newestEntry(readMeasuredDays(DIR, Entry))), relative(REPO_ROOT, DOCS));
}

function main(argv: string[]): void {
  if (argv.includes('--docs')) return writeDocs();
  const seeds = seedsOption(argv);
  const measuring = startMeasure(seeds);
  const points = POINTS(seeds.length).map((p) => {
    const list = sweepSeeds(p.seeds, p.first);
    const over = overSeeds(run, list);
    const runs = { before: over('before', { text: p.params }), after: over('after', { text: p.params }) };
    const iops = (v: Variant) => column(runs[v], 'fsync_iops_per_s');
    const change = pairedChange(iops('before'), iops('after'));
    return {
      id: p.id,
      label: p.label,
      params: p.params,
      seeds: list,
      iops: { before: iops('before'), after: iops('after') },
      /* after against before, in % */
      iops_change_pct: { point: (change.ratio - 1) * 100, low: (change.low - 1) * 100, high: (change.high - 1) * 100 },
      after_ahead_on: iops('after').filter((a, i) => a > (iops('before')[i] as number)).length,
      /* the mail's figures are of its shape: the other points are held out for the IOPS direction alone */
      checks: p.params === MAIL ? mailChecks(runs, MEASURED_S) : [],
    };
  });
  const entry: MeasuredEntry = { ...measuring.base(), measured_s: MEASURED_S, points };
  const file = appendMeasured(DIR, Entry, entry);
  writeDocs();
  process.stdout.write(`${relative(REPO_ROOT, file)}, ${relative(REPO_ROOT, DOCS)}\n`);
  for (const p of points) {
    const c = p.iops_change_pct;
    process.stdout.write(`${p.label}: after against before ${c.point.toFixed(1)}% (95%: ${c.low.toFixed(1)} to ${c.high.toFixed(1)}), after ahead on ${p.after_ahead_on} of ${p.seeds.length}\n`);
    for (const r of p.checks)
      process.stdout.write(`  ${r.label} ${r.variant}: ${r.median.toPrecision(3)} (${r.min.toPrecision(3)}-${r.max.toPrecision(3)}), mail ${r.mail.toPrecision(3)}, ${r.tolerance}: ${r.within ? 'within' : 'outside'}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runMeasure(() => main(process.argv.slice(2)));
