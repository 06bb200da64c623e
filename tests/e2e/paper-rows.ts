/**
 * The paper rows a lab's page sweep should show, computed from the same WASM
 * build the page runs with the lab's page seeds (tests/e2e/seeds.ts). Run
 * as a program (`node --import tsx tests/e2e/paper-rows.ts <lab>`) it
 * prints them as JSON: the browser specs start it in a process of its own,
 * so that it runs while the page sweeps instead of before it.
 */
import { pathToFileURL } from 'node:url';
import type { VerdictKind } from '../../lib/verdict';
import { verdictWords } from '../../lib/verdict';
import { loadEngine } from '../../web/src/core/node';
import { rowMailChange, seedVerdict, sweepSeeds } from '../../web/src/core/sweep';
import type { RunResult } from '../../web/src/core/types';
import { isLabId, LAB_FACES } from '../../web/src/labs/registry.gen';

export interface Range {
  min: number;
  median: number;
  max: number;
}

export interface ExpectedRow {
  row: number;
  params: Record<string, number>;
  before: Range;
  after: Range;
  verdict: VerdictKind;
  /** the verdict as the table words it */
  words: string;
  runs: { before: RunResult[]; after: RunResult[] };
}

function range(values: number[]): Range {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)! };
}

/** Every paper row of a lab, run here with the seeds the lab's page sweeps with. */
export async function paperRows(lab: string): Promise<ExpectedRow[]> {
  if (!isLabId(lab)) throw new Error(`no lab '${lab}': the labs are ${Object.keys(LAB_FACES).join(', ')}`);
  const engine = await loadEngine();
  const table = engine.rows(lab);
  const seeds = sweepSeeds(LAB_FACES[lab].sweepSeeds);
  if (seeds.length < 2) throw new Error(`${lab} sweeps with ${seeds.length} seed: a verdict needs more than one`);
  return table.rows.map((r) => {
    const runs = {
      before: seeds.map((seed) => engine.result({ lab, variant: 'before', params: r.params, seed })),
      after: seeds.map((seed) => engine.result({ lab, variant: 'after', params: r.params, seed })),
    };
    const value = (run: RunResult) => run.metrics[table.metric]! / table.scale;
    const before = range(runs.before.map(value));
    const after = range(runs.after.map(value));
    const v = seedVerdict({ runs: runs.before }, { runs: runs.after }, r.paper.metric ?? table.metric, rowMailChange(lab, r));
    return { row: r.row, params: r.params, before, after, verdict: v.kind, words: verdictWords(v), runs };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  paperRows(process.argv[2] ?? '').then(
    (rows) => process.stdout.write(JSON.stringify(rows)),
    (err: unknown) => {
      process.stderr.write(`paper-rows: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
