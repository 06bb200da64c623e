/**
 * What the page's sweep should show, computed here from the same WASM build
 * the page runs, with the lab's page seeds: each paper row's metric over the
 * seeds, in the paper's unit, its min, median and max, and the verdict on
 * the change seed by seed against the mail's (lib/verdict.ts).
 */
import type { Page } from '@playwright/test';
import { formatNumber } from '../../lib/format';
import { verdictWords, type VerdictKind } from '../../lib/verdict';
import { loadEngine } from '../../web/src/core/node';
import { rowMailChange, seedVerdict, sweepSeeds } from '../../web/src/core/sweep';
import type { RunResult } from '../../web/src/core/types';
import { isLabId, LAB_FACES } from '../../web/src/labs/registry.gen';
import { PAPER_FIGURE } from '../../web/src/viz/paper/paper';
import { expect } from './fixtures';

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
export async function expectedPaperRows(lab: string): Promise<ExpectedRow[]> {
  const engine = await loadEngine();
  const table = engine.rows(lab);
  if (!isLabId(lab)) throw new Error(`no lab ${lab}`);
  const seeds = sweepSeeds(LAB_FACES[lab].sweepSeeds);
  expect(seeds.length, 'a verdict needs more than one seed').toBeGreaterThan(1);
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

/** A figure as the paper table prints it. */
const printed = (v: number): string => formatNumber(v, PAPER_FIGURE);

/**
 * The filled paper table and chart agree with the rows computed here: each
 * median and its range, and each verdict, in the table and over the bars.
 */
export async function checkPaperVerdicts(page: Page, expected: readonly ExpectedRow[]): Promise<void> {
  await expect(page.getByTestId('verdict-note')).toContainText('95% interval');
  for (const e of expected) {
    for (const variant of ['before', 'after'] as const) {
      const r = e[variant];
      await expect(page.getByTestId(`sim-${variant}-${e.row}`)).toHaveText(printed(r.median));
      const lo = printed(r.min);
      const hi = printed(r.max);
      await expect(page.getByTestId(`sim-${variant}-${e.row}-range`)).toHaveText(lo === hi ? lo : `${lo}–${hi}`);
    }
    const diff = page.getByTestId(`sim-diff-${e.row}`);
    await expect(diff, `row ${e.row}: before ${JSON.stringify(e.before)}, after ${JSON.stringify(e.after)}`).toHaveAttribute('data-verdict', e.verdict);
    await expect(diff.getByTestId('verdict')).toHaveText(e.words);
    const mark = page.locator(`[data-testid="chart-verdict"][data-row="${e.row}"]`);
    if (e.verdict === 'too few runs' || e.verdict === 'no verdict') await expect(mark).toHaveCount(0);
    else await expect(mark).toHaveAttribute('data-verdict', e.verdict);
  }
}
