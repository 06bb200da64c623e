/**
 * The hash table at scale: 16,384 buckets and 80,000 files (tests/e2e/viewsAtScale.ts says
 * what a view at scale must hold).
 */
import { loadEngine } from '../../core/node';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { DRAW_MS_MAX, medianStepMs, noteWorkerMessages, PANE_ELEMENTS_MAX, paneElements, paramsOf, snapshotAt, STEPS } from '../../../../tests/e2e/viewsAtScale';

test('16,384 buckets and 80,000 files: the overview counts every bucket, the chains drawn are those walked now', async ({ page }) => {
  test.setTimeout(180_000);
  const lab = 'inode-hash';
  const engine = await loadEngine();
  const params = await paramsOf(lab, { hash_bits: 14, icache: 1_048_576, threads: 20, dirs: 16, files: 256, passes: 1 });
  const total = engine.result({ lab, variant: 'before', params, seed: 1, options: { traceMax: 0 } }).sim.steps;
  type Ih = { ih: { nonempty: number; hashed: number; chains: unknown[]; readers: { bucket: number }[]; locked_walkers: { bucket: number }[] } };
  const walkers = (s: Ih) => s.ih.readers.length + s.ih.locked_walkers.length;
  /* the first step from halfway on where a task stands on a chain */
  let step = Math.floor(total / 2);
  let snap = (await snapshotAt(lab, 'before', params, step)) as Ih;
  while (!walkers(snap) && step < total - 1) snap = engine.advance(++step, { traceMax: 0 }).snapshot as Ih;
  expect(snap.ih.nonempty).toBeGreaterThan(1_000);
  expect(snap.ih.chains.length).toBe(64);
  const walked = [...snap.ih.readers, ...snap.ih.locked_walkers].map((w) => w.bucket);
  expect(walked.length).toBeGreaterThan(0);

  await noteWorkerMessages(page);
  await page.goto(labUrl(lab, { variant: 'before', ...params, step }));
  await waitForRuns(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="before"]');
  await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 60_000 });

  await expect(pane.getByTestId('table-caption')).toContainText(
    `${snap.ih.hashed.toLocaleString('en-US')} inodes on ${snap.ih.nonempty.toLocaleString('en-US')} chains: overview = all, 1 cell = 32 buckets`,
  );
  await expect(pane.locator('[data-testid="bucket-overview"] rect')).toHaveCount(512);
  /* a chain walked now is drawn */
  await expect(pane.locator(`[data-testid="ih-chain"][data-bucket="${walked[0]}"]`)).toBeVisible();

  const elements = await paneElements(page, 'before');
  expect(elements).toBeLessThan(PANE_ELEMENTS_MAX);
  const ms = await medianStepMs(page, 'before');
  console.log(
    `inode-hash 16,384 buckets at step ${step}: ${elements} elements in the pane; ` +
      `a frame drawn in ${ms.draw.toFixed(1)} ms (the main thread's work ${ms.work.toFixed(1)} ms), a step from the click in ${ms.step.toFixed(1)} ms (medians of ${STEPS})`,
  );
  expect(ms.draw).toBeLessThan(DRAW_MS_MAX);
});

