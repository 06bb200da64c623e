/**
 * Accessibility: axe-core on the home page and on every lab page in its two
 * layouts, each at one size: both variants side by side at the desktop size
 * (every section a single-variant page has, twice) and one variant on a 390 px
 * phone (the narrow layout, where sections scroll), runs drawn and the panels
 * fetched after the first view there. The other two pairings (one variant on
 * the desktop, side by side on the phone) show the same components in one of
 * the same layouts. No serious or critical
 * violation is allowed; a failure lists each rule, its impact, how many
 * elements break it and the first of them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LAB_FACES, type LabId } from '../../web/src/labs/registry.gen';
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB, LAB_IDS } from './labs';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const first = v.nodes[0];
      const why = (first?.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      return `${v.impact} ${v.id}: ${v.nodes.length} element(s), first ${first?.target.join(' ') ?? '?'} (${why})`;
    });
}

test('the home page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator(`a[href*="${FIRST_LAB}"]`).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const lab of LAB_IDS) {
  test(`${lab}: the page on a 390x844 phone, one variant, has no serious or critical accessibility violation`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(labUrl(lab, { variant: LAB_FACES[lab as LabId].lesson.variants[0] }));
    await waitForRuns(page);
    await expect(page.getByTestId('step-counter')).toBeVisible();
    /* the panels fetched after the first view are there too */
    await expect(page.locator('[data-deferred]')).toHaveCount(0);
    expect(await seriousViolations(page), `${lab}, 390 px, one variant`).toEqual([]);
  });

  test(`${lab}: the page, both variants side by side, has no serious or critical accessibility violation`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(labUrl(lab, { variant: 'side' }));
    await waitForRuns(page);
    await expect(page.getByTestId('step-counter')).toBeVisible();
    expect(await seriousViolations(page), `${lab}, side by side`).toEqual([]);
  });
}
