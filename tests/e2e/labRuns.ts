/**
 * What the lab specs share: a lab's small configuration run here, from the
 * same WASM build the page runs, the first step of a kind in it, and a page
 * opened at a URL and waited for until its view is drawn.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../../web/src/core/node';
import type { Step } from '../../web/src/core/types';
import { expect, labUrl, waitForRuns } from './fixtures';

/** The lab's small configuration (`preset`) with `overrides`, as a run to a step (or to the end, traced). */
export async function smallRun(lab: string, preset: Readonly<Record<string, number>>, variant: string, overrides: Record<string, number> = {}) {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(lab)) params[s.name] = overrides[s.name] ?? preset[s.name] ?? s.default;
  return (stopStep?: number) =>
    engine.run({ lab, variant, params, seed: 1, options: { stopStep, traceMax: stopStep ? 0 : 100_000, heatBuckets: 2 } });
}

/** The first step of the small configuration's run that `match` picks (within the first 100,000). */
export async function firstStep(lab: string, preset: Readonly<Record<string, number>>, variant: string, what: string, match: (s: Step) => boolean): Promise<number> {
  const run = await smallRun(lab, preset, variant);
  const step = run().steps.steps.find(match);
  if (!step) throw new Error(`no ${what} step in the first 100,000 steps of the ${variant} run of the small configuration`);
  return step.i;
}

/** Open the lab at `query`, wait for its runs and, where a step is asked for, for the animation to stand on it. */
export async function openLabAt(page: Page, lab: string, viewTestId: string, query: Record<string, string | number>): Promise<void> {
  await page.goto(labUrl(lab, query));
  await waitForRuns(page);
  if (query.step !== undefined) await expect(page.getByTestId('step-counter')).toHaveText(String(query.step));
  await expect(page.getByTestId(viewTestId).first()).toBeVisible();
}
