/**
 * "Reproduce on a real kernel" on every lab page, and the placeholder pages
 * of the labs whose simulator is still to come. What a lab's panel says of
 * itself, and importing its (synthetic) results, are checked in the lab's
 * own spec (kernel-panel.spec.ts or <id>.spec.ts in web/src/labs/<id>/).
 */
import { LABS as REGISTRY } from '../../web/src/app/labs';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { expect, test } from './fixtures';
import { openPanel } from './kernelPanel';
import { FIRST_LAB } from './labs';

const LABS = KERNEL_LABS;
/* the labs without a simulator page yet open the placeholder */
const COMING = REGISTRY.filter((l) => l.status === 'coming').map((l) => l.id);

for (const lab of LABS) {
  test(`the ${lab} page has the kernel panel with its switch, commands and bundle`, async ({ page }) => {
    const panel = await openPanel(page, lab);
    const spec = KERNEL_LAB_SPECS[lab];
    await expect(panel.getByRole('heading', { name: 'Reproduce on a real kernel' })).toBeVisible();
    for (const s of spec.switches) await expect(panel.getByTestId(`kernel-switch-${s.name}`)).toContainText(s.path);
    for (const c of spec.counters) await expect(panel.getByTestId(`kernel-counter-${c.name}`)).toBeVisible();
    await expect(panel.getByTestId('kernel-source')).toHaveAttribute('href', `https://elixir.bootlin.com/linux/v6.12/source/${spec.source.file}`);
    await expect(panel.getByTestId('kernel-commands-2')).toContainText(`npx journalclub kernel run ${lab} --variant before --profile quick`);
    await expect(panel.getByTestId('kernel-commands-3')).toContainText(`npx journalclub kernel run ${lab} --variant after --profile quick`);
    await expect(panel.getByTestId('kernel-commands-4')).toContainText('npx journalclub kernel compare <before.json> <after.json>');
    await expect(panel.getByTestId('kernel-bundle-commands-2')).toContainText(`./run ${lab} before`);
    await expect(panel.getByTestId('kernel-bundle-commands-3')).toContainText(`./run ${lab} after`);
    /* whether this build carries a bundle depends on `journalclub kernel package` having run; either way it says so */
    const link = panel.getByTestId('kernel-bundle').getByRole('link');
    if (await panel.getByTestId('kernel-bundle').count()) {
      await expect(link).toHaveAttribute('href', /\/kernel\/[A-Za-z0-9._-]+\.tar\.gz$/);
      await expect(panel.getByTestId('kernel-bundle')).toContainText(/sha256 [0-9a-f]{64}/);
    } else {
      await expect(panel.getByTestId('kernel-no-bundle')).toContainText('carries no bundle');
      await expect(panel.getByTestId('kernel-package-command')).toContainText('npx journalclub kernel package');
    }
  });
}

for (const lab of COMING) {
  test(`the ${lab} placeholder says its simulator is coming and shows the mail's figures`, async ({ page }) => {
    await page.goto(`/#/lab/${lab}`);
    await expect(page.getByTestId('placeholder-lab')).toHaveAttribute('data-lab', lab);
    await expect(page.getByTestId('simulator-coming')).toContainText("This lab's simulator is coming.");
    await expect(page.getByTestId('mail-summary')).not.toBeEmpty();
    const figures = page.getByTestId('mail-figures-0');
    await expect(figures.locator('tbody tr').first()).toBeVisible();
    await expect(figures).toContainText('Figures: ');
    await expect(page.getByTestId('kernel-sim-coming')).toBeVisible();
  });
}

test('a command is copied to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openPanel(page, FIRST_LAB);
  const cmd = panel.getByTestId('kernel-bundle-commands-2');
  await cmd.getByRole('button').click();
  await expect(cmd.getByRole('button')).toHaveText('copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`./run ${FIRST_LAB} before`);
});

test("the panel leads to the simulator's table", async ({ page }) => {
  const panel = await openPanel(page, FIRST_LAB);
  await panel.getByTestId('kernel-sim-link').getByRole('button').click();
  await expect(page.locator('#paper-heading')).toBeInViewport();
});
