/**
 * fast-commit at the mail's own sizes, in the pages that time no frames:
 * what the page draws for the largest of the mail's rows it still draws
 * cell by cell. A long spec (scripts/test-tiers.mjs): npm test runs it,
 * --quick and --lab leave it out.
 */
import { loadEngine } from '../../core/node';
import { SVG_CELL_LIMIT } from '../../viz/heatmap/heatmap';
import { expect, labUrl, test } from '../../../../tests/e2e/fixtures';
import { checkHeatmapWords } from '../../../../tests/e2e/heatmapWords';

const LAB = 'fast-commit';

test("the heatmaps' words follow from the cells at the mail's largest row the page draws cell by cell", async ({ page }) => {
  test.setTimeout(120_000);
  /* the last paper row whose map (CPUs x the page's 120 buckets) is drawn in SVG, whatever the row's parameters are called */
  const engine = await loadEngine();
  const rows = engine.rows(LAB).rows.filter((r) =>
    ['before', 'after'].every((variant) => {
      const { heatmap } = engine.run({ lab: LAB, variant, params: r.params, seed: 1, options: { heatBuckets: 120, traceMax: 0 } });
      return heatmap.cpus * heatmap.buckets <= SVG_CELL_LIMIT && heatmap.cpus > 4;
    }),
  );
  const row = rows.at(-1);
  expect(row, 'a paper row with more than 4 CPUs and an SVG map').toBeDefined();
  await page.goto(labUrl(LAB, { variant: 'side', ...row!.params }));
  await expect(page.getByTestId('heatmap')).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId('heatmap-summary')).toHaveCount(2);
  await checkHeatmapWords(page);
});
