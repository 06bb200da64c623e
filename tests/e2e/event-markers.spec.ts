/**
 * Events on the scrubber: each lab marks the steps of its kinds (commits,
 * lock handoffs, grace periods, shrinker calls) from its full runs, at most
 * one tick per pixel column, side by side a row for each variant. Next and
 * previous event landing on the marked steps, and each lab opening on its
 * preset where before and after differ (checkOpening in labRuns.ts), are
 * checked in each lab's spec, with the kinds that lab marks.
 */
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB } from './labs';

test('side by side, each variant has its own row of ticks', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'side' }));
  await waitForRuns(page);
  const rows = page.locator('[data-testid="event-ticks"] g[data-variant]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-variant', 'before');
  await expect(rows.nth(1)).toHaveAttribute('data-variant', 'after');
  for (const r of [0, 1]) expect(await rows.nth(r).getByTestId('event-tick').count()).toBeGreaterThan(10);
});
