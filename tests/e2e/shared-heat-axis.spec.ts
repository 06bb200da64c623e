/**
 * Side by side, the two runs' heatmaps share one time axis: the longer run
 * fills the width, the shorter one ends early at its marked end, at the
 * same nanoseconds per pixel.
 */
import { expect, labUrl, paramSpecs, test, waitForRuns } from './fixtures';

test('before and after heatmaps are drawn on one time axis', async ({ page }) => {
  /* at the model's defaults, inode-hash's after run is shorter than its before run */
  const query: Record<string, number | string> = { variant: 'side' };
  for (const s of await paramSpecs('inode-hash')) query[s.name] = s.default;
  await page.goto(labUrl('inode-hash', query));
  await expect(page.getByTestId('run-status')).toHaveText(/steps/, { timeout: 30_000 });
  const maps = page.getByTestId('heatmap');
  await expect(maps).toHaveCount(2);
  const read = () =>
    maps.evaluateAll((els) =>
      els.map((e) => ({
        axis: Number(e.getAttribute('data-axis-ns')),
        end: Number(e.getAttribute('data-end-ns')),
        endX: e.getAttribute('data-end-x'),
        plotW: Number(e.getAttribute('data-plot-w')),
        marks: e.querySelectorAll('[data-testid="heatmap-run-end"]').length,
      })),
    );
  await expect.poll(async () => new Set((await read()).map((m) => m.axis)).size).toBe(1);
  const maps2 = await read();
  const axis = Math.max(...maps2.map((m) => m.end));
  expect(maps2[0]!.end).not.toBe(maps2[1]!.end);
  for (const m of maps2) {
    expect(m.axis).toBe(axis);
    if (m.end < axis) {
      expect(m.marks).toBe(1);
      expect(Number(m.endX)).toBeCloseTo((m.end / axis) * m.plotW, 0);
    } else {
      expect(m.marks).toBe(0);
      expect(m.endX).toBeNull();
    }
  }
  await expect(maps.getByTestId('heatmap-run-end')).toContainText('run ended');
  /* every map on the page, the lab's own included, is on the same axis */
  const all = await page.locator('.heatmap[data-axis-ns]').evaluateAll((els) => els.map((e) => e.getAttribute('data-axis-ns')));
  expect(all.length).toBeGreaterThanOrEqual(2);
});

test('a single variant fills the width', async ({ page }) => {
  await page.goto(labUrl('fast-commit', { variant: 'after' }));
  await waitForRuns(page);
  const map = page.getByTestId('heatmap');
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute('data-end-ns', /\d/);
  expect(await map.getAttribute('data-axis-ns')).toBe(await map.getAttribute('data-end-ns'));
  await expect(page.getByTestId('heatmap-run-end')).toHaveCount(0);
});
