/**
 * fast-commit's measurements on record: the sweep's eight rows, the mail's
 * table at the mail's own sizes (`journalclub sweep fast-commit`), before and
 * after of each seed paired, creates/s's change with its 95% interval and its
 * verdict against the mail's (lib/verdict.ts), the spin share beside it.
 *
 *   npx tsx web/src/labs/fast-commit/measure.ts [--seeds N]   (N: 2 to 20, default 10)
 *   npx tsx web/src/labs/fast-commit/measure.ts --docs        (the docs' table alone)
 *
 * runs them in the WASM simulator as the command line does, adds an entry
 * to measured/<YYYY-MM-DD>.json (the machine and its load beside it,
 * bench/measure-record.ts) and rewrites the table between the markers of
 * docs/labs/fast-commit.md from the newest entry (measured.ts).
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendMeasured, readMeasuredDays, rewriteDocs, runMeasure, seedsOption, simulatorRun, startMeasure } from '../../../../bench/measure-record';
import { column, overSeeds, verdictRecord } from '../../../../lib/measured';
import { mailPair, mailRowChange, MAILS } from '../../../../lib/mails';
import { REPO_ROOT } from '../../core/node';
import { docsTable, DOCS_MARKERS, Entry, LAB, METRICS, newestOf, type MeasuredEntry, type MeasuredRow } from './measured';
import { sweepPlan } from '../../core/sweep';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'measured');
const DOCS = join(REPO_ROOT, 'docs', 'labs', `${LAB}.md`);

/** Rewrites the docs' table from the newest entry on record. */
function writeDocs(): void {
  rewriteDocs(DOCS, DOCS_MARKERS, docsTable(newestOf(readMeasuredDays(DIR, Entry))), relative(REPO_ROOT, DOCS));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--docs')) return writeDocs();
  const seeds = seedsOption(argv);
  const measuring = startMeasure(seeds);
  const sim = await simulatorRun(LAB, (n) => n % 10 === 0 && process.stderr.write(`${n} runs, ${((Date.now() - measuring.started) / 1000).toFixed(0)} s\n`));
  /* the sweep's points: the mail's rows at its sizes, as the command line's sweep runs them */
  const points = sweepPlan(sim.engine.rows(LAB), sim.engine.params(LAB));
  const runs = overSeeds(sim.run, seeds);
  const rows: MeasuredRow[] = MAILS[LAB].rows.map((mailRow) => {
    const point = points.find((p) => p.row === mailRow.row);
    if (!point) throw new Error(`the lab's sweep has no row ${mailRow.row}, which mails/${LAB}.json has`);
    const [vb, va] = mailRow.variants as [string, string];
    const side = (variant: string) => {
      const rs = runs(variant, point.params);
      return Object.fromEntries(METRICS.map((m) => [m, column(rs, m)])) as MeasuredRow['values']['before'];
    };
    const values = { before: side(vb), after: side(va) };
    const pair = mailPair(LAB, mailRow.metric, mailRow.where, [vb, va]);
    return {
      row: mailRow.row,
      label: mailRow.label,
      params: { ...point.params },
      variants: [vb, va],
      values,
      mail: { before: pair.before, after: pair.after },
      verdict: verdictRecord(values.before.creates_per_s, values.after.creates_per_s, mailRowChange(LAB, mailRow.row) ?? null),
    };
  });
  const entry: MeasuredEntry = { ...measuring.base(), runs: sim.count(), rows };
  const path = appendMeasured(DIR, Entry, entry);
  writeDocs();
  process.stderr.write(`${entry.runs} runs in ${entry.seconds.toFixed(0)} s (load ${entry.load.after.map((l) => l.toFixed(1)).join(' ')}): ${relative(REPO_ROOT, path)}, ${relative(REPO_ROOT, DOCS)}\n`);
}

runMeasure(main);
