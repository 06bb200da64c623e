/**
 * The heatmaps' time axis: a single variant's map fills the width with its
 * run. (Side by side, the two runs share one axis, the shorter one ending
 * early at its marked end: that needs runs of different lengths, and is
 * checked in the spec of a lab whose defaults give them.)
 */
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB } from './labs';

test('a single variant fills the width', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after' }));
  await waitForRuns(page);
  const map = page.getByTestId('heatmap');
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute('data-end-ns', /\d/);
  expect(await map.getAttribute('data-axis-ns')).toBe(await map.getAttribute('data-end-ns'));
  await expect(page.getByTestId('heatmap-run-end')).toHaveCount(0);
});
