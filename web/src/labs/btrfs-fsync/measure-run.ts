/**
 * The node side of measure.ts: runs its studies in the WASM simulator, adds
 * the entry to measured/<YYYY-MM-DD>.json and rewrites the docs' tables
 * (bench/measure-record.ts).
 *
 *   npx tsx web/src/labs/btrfs-fsync/measure-run.ts [--seeds N]   (N: 2 to 20, default 10)
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendMeasured, rewriteDocs, runMeasure, seedsOption, simulatorRun, startMeasure } from '../../../../bench/measure-record';
import { REPO_ROOT } from '../../core/node';
import { docsTables, DOCS_MARKERS, Entry, LAB, measure, type MeasuredEntry } from './measure';

const HERE = dirname(fileURLToPath(import.meta.url));
const DOCS = join(REPO_ROOT, 'docs', 'labs', `${LAB}.md`);

async function main(): Promise<void> {
  const seeds = seedsOption(process.argv.slice(2));
  const measuring = startMeasure(seeds);
  const sim = await simulatorRun(LAB, (n) => n % 50 === 0 && process.stderr.write(`${n} runs\n`));
  const measured = measure(sim.run, seeds);
  const entry: MeasuredEntry = { ...measuring.base(), runs: sim.count(), ...measured };
  const path = appendMeasured(join(HERE, 'measured'), Entry, entry);
  rewriteDocs(DOCS, DOCS_MARKERS, docsTables(entry), relative(REPO_ROOT, DOCS));
  process.stderr.write(`${entry.runs} runs in ${entry.seconds.toFixed(0)} s (load ${entry.load.after.map((l) => l.toFixed(1)).join(' ')}): ${relative(REPO_ROOT, path)}, ${relative(REPO_ROOT, DOCS)}\n`);
}

runMeasure(main);
