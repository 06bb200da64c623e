/**
 * The extent tree at the lab's largest (tests/e2e/viewsAtScale.ts says what
 * a view at scale must hold).
 */
import { loadEngine } from '../../core/node';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { DRAW_MS_MAX, medianStepMs, noteWorkerMessages, PANE_ELEMENTS_MAX, paneElements, paramsOf, snapshotAt, STEPS } from '../../../../tests/e2e/viewsAtScale';

test("at its largest (32 jobs, 65,536 small files), a shrinker in a tree: the bar is the whole tree, with the cursor", async ({ page }) => {
  test.setTimeout(180_000);
  const lab = 'extent-status';
  const engine = await loadEngine();
  const params = await paramsOf(lab, { case: 'a', jobs: 32, small_files: 65_536 });
  const total = engine.result({ lab, variant: 'baseline', params, seed: 1, options: { traceMax: 0 } }).sim.steps;
  type Es = { es: { focus: { cursor: number; nr_extents: number; runs_of: number } | null } };
  const cursor = (s: Es) => s.es.focus?.cursor ?? -1;
  /* from halfway on, the first step (by 50) where a shrinker stands in the tree drawn */
  let step = Math.floor(total / 2);
  let snap = (await snapshotAt(lab, 'baseline', params, step)) as Es;
  while (cursor(snap) < 0 && step < total - 50) snap = engine.advance((step += 50), { traceMax: 0 }).snapshot as Es;
  expect(cursor(snap)).toBeGreaterThanOrEqual(0);
  const focus = snap.es.focus!;

  await noteWorkerMessages(page);
  await page.goto(labUrl(lab, { variant: 'baseline', ...params, step }));
  await waitForRuns(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="baseline"]');
  await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 60_000 });

  await expect(pane.getByTestId('es-cursor')).toHaveAttribute('data-lblk', String(focus.cursor));
  await expect(pane.getByTestId('es-cursor')).toBeVisible();
  await expect(pane.getByTestId('es-tree-caption')).toContainText(
    `bar = all ${focus.nr_extents.toLocaleString('en-US')} extents in ${focus.runs_of.toLocaleString('en-US')} runs, 1 px`,
  );
  await expect(pane.getByTestId('es-run')).not.toHaveCount(0);

  const elements = await paneElements(page, 'baseline');
  expect(elements).toBeLessThan(PANE_ELEMENTS_MAX);
  const ms = await medianStepMs(page, 'baseline');
  console.log(
    `extent-status largest case a at step ${step}: ${focus.nr_extents} extents in ${focus.runs_of} runs, ${elements} elements in the pane; ` +
      `a frame drawn in ${ms.draw.toFixed(1)} ms (the main thread's work ${ms.work.toFixed(1)} ms), a step from the click in ${ms.step.toFixed(1)} ms (medians of ${STEPS})`,
  );
  expect(ms.draw).toBeLessThan(DRAW_MS_MAX);
});
