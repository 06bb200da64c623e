/**
 * The animation at the mail's own size: fast-commit's row 8 before the patch
 * (64 ways of 16,384 directories and 16,384 files, about 21 million steps) plays,
 * and far steps, reached from the URL, show the run straight to them (the
 * pane's hash against the same run here, from the same WASM build).
 */
import { loadEngine } from '../../core/node';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';

const LAB = 'fast-commit';

test("row 8 of the mail animates: play moves the step, and far steps are the run straight to them", async ({ page }) => {
  test.setTimeout(180_000);
  const engine = await loadEngine();
  const row = engine.rows(LAB).rows.find((r) => r.row === 8);
  expect(row, 'the table has row 8').toBeDefined();
  const ROW8 = row!.params;
  const params: Record<string, number> = {};
  for (const s of engine.params(LAB)) params[s.name] = ROW8[s.name] ?? s.default;
  const req = { lab: LAB, variant: 'before', params, seed: 1 };
  const total = engine.result({ ...req, options: { traceMax: 0 } }).sim.steps;
  expect(total).toBeGreaterThan(20_000_000);
  const hashAt = (step: number) =>
    engine.run({ ...req, options: { stopStep: step, traceMax: 0, heatBuckets: 2 } }).result.sim.hash;

  await page.goto(labUrl(LAB, { variant: 'before', ...ROW8, step: 1 }));
  await waitForRuns(page);
  await expect(page.getByTestId('anim-refused')).toHaveCount(0);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="before"]');
  const counter = page.getByTestId('step-counter');
  await expect(pane).toHaveAttribute('data-frame-step', '1');

  /* playing, at the fastest speed, moves the step counter, and the pane follows it */
  await page.getByTestId('speed').selectOption('5000');
  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent()), { timeout: 15_000 }).toBeGreaterThan(2_000);
  await page.getByTestId('pause').click();
  const played = await counter.textContent();
  await expect(pane).toHaveAttribute('data-frame-step', played!);
  await expect(pane).toHaveAttribute('data-hash', hashAt(Number(played)));

  /* far steps, forward and back: each frame is the run straight to its step */
  for (const step of [15_000_000, 7_853_981, total - 7, 3_086_419]) {
    const started = Date.now();
    await page.goto(labUrl(LAB, { variant: 'before', ...ROW8, step }));
    await expect(counter).toHaveText(String(step));
    await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 20_000 });
    console.log(`step ${step}: frame shown in ${Date.now() - started} ms`);
    await expect(pane).toHaveAttribute('data-hash', hashAt(step));
  }
});
