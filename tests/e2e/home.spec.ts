import { expect, test } from './fixtures';

const LABS = ['fast-commit', 'extent-status', 'inode-hash', 'btrfs-fsync', 'ext4-writeback'];

test('the home page lists the five labs', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('[data-testid^="lab-card-"]');
  await expect(cards).toHaveCount(LABS.length);
  for (const lab of LABS) await expect(page.getByTestId(`lab-card-${lab}`)).toBeVisible();
});

test('a lab card opens its lab', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('lab-card-fast-commit').getByRole('link').click();
  await expect(page).toHaveURL(/#\/lab\/fast-commit/);
  await expect(page.getByTestId('step-counter')).toBeVisible({ timeout: 30_000 });
});

for (const lab of LABS.slice(1)) {
  test(`the ${lab} page opens without errors`, async ({ page }) => {
    await page.goto(`/#/lab/${lab}`);
    await expect(page.locator('main')).not.toBeEmpty();
  });
}

test('an unknown page says so', async ({ page }) => {
  await page.goto('/#/nowhere');
  await expect(page.locator('main')).toContainText('Nothing here');
});
