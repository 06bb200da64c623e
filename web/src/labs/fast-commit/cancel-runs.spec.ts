/**
 * An oversized run can be cancelled: fast-commit's row 8 of the mail with
 * two loops (the engine's cap of 2^21 files), both variants, runs for seconds; the cancel button shows while
 * it runs, stops it with a message, keeps the parameters, and the next
 * configuration runs on a fresh simulator.
 */
import { expect, hashQuery, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';

const LAB = 'fast-commit';
const BIG = { variant: 'side', ways: 64, dirs: 16384, files: 16384, loops: 2 };

test('a long run shows a cancel button that stops it, keeps the parameters and lets the next run go', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(labUrl(LAB, BIG));
  const cancel = page.getByTestId('cancel-runs');
  await expect(cancel).toBeVisible({ timeout: 10_000 });
  await cancel.click();
  await expect(page.getByTestId('run-error')).toContainText('cancelled');
  await expect(cancel).toHaveCount(0);
  const q = await hashQuery(page);
  expect([q.get('ways'), q.get('files'), q.get('loops')]).toEqual(['64', '16384', '2']);

  /* a small configuration afterwards runs to its end on a new worker */
  await page.goto(labUrl(LAB, { variant: 'side', ways: 4, dirs: 2, files: 8, loops: 1, step: 1 }));
  await waitForRuns(page);
  await expect(page.getByTestId('run-error')).toHaveCount(0);
  await expect(page.getByTestId('anim-pane').first()).toHaveAttribute('data-hash', /.+/);
});

test('a small run finishes before the cancel button would show', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before', ways: 2, dirs: 1, files: 2, loops: 1, step: 1 }));
  await waitForRuns(page);
  await page.waitForTimeout(1200);
  await expect(page.getByTestId('cancel-runs')).toHaveCount(0);
});
