/**
 * What the lab specs share: a lab's small configuration run here, from the
 * same WASM build the page runs, the first step of a kind in it, a page
 * opened at a URL and waited for until its view is drawn, the lab's preset
 * run with its marks, the check that a lab opens where its variants differ,
 * a view exported as SVG, and a lab opened from the home page.
 */
import type { Page } from '@playwright/test';
import { formatNumber } from '../../lib/format';
import type { LabManifest } from '../../web/src/app/LabPage';
import { loadEngine } from '../../web/src/core/node';
import type { Step } from '../../web/src/core/types';
import { expect, labUrl, waitForRuns } from './fixtures';

/** What of a lab's manifest its opening is checked against. */
export type Opening = Pick<LabManifest, 'id' | 'preset' | 'markers' | 'openingStep'>;

/** The lab's small configuration (`preset`) with `overrides`, as a run to a step (or to the end, traced). */
export async function smallRun(lab: string, preset: Readonly<Record<string, number>>, variant: string, overrides: Record<string, number> = {}) {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(lab)) params[s.name] = overrides[s.name] ?? preset[s.name] ?? s.default;
  return (stopStep?: number, traceFrom = 0) =>
    engine.run({ lab, variant, params, seed: 1, options: { stopStep, traceFrom, traceMax: stopStep ? 0 : TRACE_WINDOW, heatBuckets: 2 } });
}

/** The most steps one run traces (jc_run's trace_max). */
const TRACE_WINDOW = 100_000;

/** The first step of the small configuration's run that `match` picks, read a trace window at a time. */
export async function firstStep(lab: string, preset: Readonly<Record<string, number>>, variant: string, what: string, match: (s: Step) => boolean): Promise<number> {
  const run = await smallRun(lab, preset, variant);
  for (let from = 0; ; from += TRACE_WINDOW) {
    const out = run(undefined, from);
    const step = out.steps.steps.find(match);
    if (step) return step.i;
    if (from + TRACE_WINDOW >= out.steps.total) throw new Error(`no ${what} step in the ${variant} run of the small configuration (${out.steps.total} steps)`);
  }
}

/** Open the lab at `query`, wait for its runs and, where a step is asked for, for the animation to stand on it. */
export async function openLabAt(page: Page, lab: string, viewTestId: string, query: Record<string, string | number>): Promise<void> {
  await page.goto(labUrl(lab, query));
  await waitForRuns(page);
  if (query.step !== undefined) await expect(page.getByTestId('step-counter')).toHaveText(String(query.step));
  await expect(page.getByTestId(viewTestId).first()).toBeVisible();
}

/* the lab's preset as a whole parameter set, and its run of `variant` with its marks */
export async function presetRun(m: Opening, variant: string) {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(m.id)) params[s.name] = m.preset[s.name] ?? s.default;
  const out = engine.run({ lab: m.id, variant, params, seed: 1, options: { traceMax: 0, heatBuckets: 2, marks: Object.keys(m.markers ?? {}) } });
  /* the trace steps [from, to] of the same run */
  const trace = (from: number, to: number) =>
    engine.run({ lab: m.id, variant, params, seed: 1, options: { stopStep: to, traceFrom: from, traceMax: to - from + 1, heatBuckets: 2 } }).steps.steps;
  const stepAt = (i: number) => trace(i, i)[0]!;
  return { out, stepAt, trace, metric: engine.rows(m.id).metric };
}

/**
 * The lab opens on its preset at its opening step, where before and after
 * differ: the headline metric of its first and last variants (or `metric`,
 * where the lab's patch shows at its preset in another metric than its
 * headline's, whose change there is within the seeds' noise) differs
 * clearly, a step of `kind` (where the patch shows) comes within 30 steps
 * (three seconds of playback at the default speed), an event follows, and
 * the page side by side ran the preset and stands on the opening step.
 */
export async function checkOpening(page: Page, m: Opening, kind: string, metric?: string): Promise<void> {
  const engine = await loadEngine();
  const variants = engine.labs().find((l) => l.id === m.id)!.variants;
  const first = variants[0]!;
  const last = variants[variants.length - 1]!;
  const a = await presetRun(m, first);
  const b = await presetRun(m, last);
  /* the headline metric differs clearly */
  const shows = metric ?? a.metric;
  const ma = a.out.result.metrics[shows]!;
  const mb = b.out.result.metrics[shows]!;
  expect(Math.abs(ma - mb) / Math.max(Math.abs(ma), Math.abs(mb)), `${shows}: ${ma} vs ${mb}`).toBeGreaterThan(0.03);
  /* where the patch shows comes within three seconds of playback at the default speed (10 steps/s) */
  const shown = a.trace(m.openingStep!, m.openingStep! + 30).find((s) => s.kind === kind);
  expect(shown, `a ${kind} step within 30 steps of step ${m.openingStep}`).toBeDefined();
  const soon = a.out.marks!.marks.find((k) => k.i > m.openingStep!);
  expect(soon, `an event after step ${m.openingStep}`).toBeDefined();

  /* the lab's first and last variants at its opening step (a page opened bare shows its lesson: lesson.spec.ts) */
  await page.goto(labUrl(m.id, { variant: 'side', show: `${first},${last}`, ...m.preset, step: m.openingStep! }));
  await waitForRuns(page);
  await expect(page.getByTestId('step-counter')).toHaveText(String(m.openingStep));
  /* the page ran the preset: its step totals are the runs' */
  await expect(page.getByTestId('run-status')).toContainText(`${first}: ${formatNumber(a.out.result.sim.steps)} steps`);
  await expect(page.getByTestId('run-status')).toContainText(`${last}: ${formatNumber(b.out.result.sim.steps)} steps`);
  await page.getByRole('button', { name: 'next event' }).click();
  await expect.poll(async () => Number(await page.getByTestId('step-counter').textContent())).toBeLessThanOrEqual(soon!.i);
}

/** Click the SVG export button of the view `name` names; the downloaded file's name and text. */
export async function exportSvg(page: Page, name: string): Promise<{ file: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByTestId(`export-svg-${name}`).click();
  const file = await download;
  return { file: file.suggestedFilename(), text: Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8') };
}

/** Open the lab from its card on the home page, marked open, and wait for its player. */
export async function openFromHome(page: Page, lab: string): Promise<void> {
  await page.goto('/');
  const card = page.getByTestId(`lab-card-${lab}`);
  await expect(card.locator('.badge')).toHaveText('open');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/lab/${lab}`));
  await expect(page.getByTestId('step-counter')).toBeVisible({ timeout: 30_000 });
}
