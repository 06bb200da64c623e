import { LABS as REGISTRY } from '../../web/src/app/labs';
import { expect, test } from './fixtures';
import { FIRST_LAB, LAB_IDS as LABS } from './labs';

test('the home page lists every lab', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('[data-testid^="lab-card-"]');
  await expect(cards).toHaveCount(LABS.length);
  for (const lab of LABS) await expect(page.getByTestId(`lab-card-${lab}`)).toBeVisible();
});

test('a lab card opens its lab', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId(`lab-card-${FIRST_LAB}`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/lab/${FIRST_LAB}`));
  await expect(page.getByTestId('step-counter')).toBeVisible({ timeout: 30_000 });
});

for (const lab of REGISTRY) {
  test(`the ${lab.id} card is marked ${lab.status} and opens its page`, async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId(`lab-card-${lab.id}`);
    await expect(card.locator('.badge')).toHaveText(lab.status === 'live' ? 'open' : 'coming');
    await card.getByRole('link').click();
    /* the lab's own page; once it opens, it writes its lesson's pair and moment into the query */
    await expect(page).toHaveURL(new RegExp(`#/lab/${lab.id}(\\?|$)`));
    await expect(page.getByTestId('kernel-panel')).toBeVisible({ timeout: 30_000 });
    if (lab.status === 'coming') await expect(page.getByTestId('placeholder-lab')).toBeVisible();
  });
}

test('an unknown page says so', async ({ page }) => {
  await page.goto('/#/nowhere');
  await expect(page.locator('main')).toContainText('Nothing here');
});
