/**
 * What the page's sweep should show, computed from the same WASM build the
 * page runs, with the lab's page seeds (paper-rows.ts): each paper row's
 * metric over the seeds, in the paper's unit, its min, median and max, and
 * the verdict on the change seed by seed against the mail's
 * (lib/verdict.ts); and the check of the page's table against them.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatNumber } from '../../lib/format';
import { REPO_ROOT } from '../../web/src/core/node';
import { PAPER_FIGURE } from '../../web/src/viz/paper/paper';
import { expect } from './fixtures';
import { spawnCaptured } from '../node/cli';
import type { ExpectedRow } from './paper-rows';

export type { ExpectedRow, Range } from './paper-rows';

/**
 * Every paper row of a lab with the seeds its page sweeps with
 * (paper-rows.ts), computed in a process of its own: start it before the
 * page's sweep and await it after, and the two run at once.
 */
export function expectedPaperRows(lab: string): Promise<ExpectedRow[]> {
  const rows = spawnCaptured(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'tests', 'e2e', 'paper-rows.ts'), lab]).then((run) => {
    if (run.status !== 0) throw new Error(`paper-rows ${lab} exited ${run.status}: ${run.stderr.slice(0, 2000)}`);
    return JSON.parse(run.stdout) as ExpectedRow[];
  });
  /* a failure is the awaiting test's, not an unhandled rejection while the page sweeps */
  rows.catch(() => {});
  return rows;
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
