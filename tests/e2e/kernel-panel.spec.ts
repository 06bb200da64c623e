/**
 * "Reproduce on a real kernel" on every lab page, and the placeholder pages
 * of the labs whose simulator is still to come. The results files imported
 * here are synthetic (tests/e2e/fixtures/kernel/README.md): they test the
 * page, they are not measurements.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { LABS as REGISTRY } from '../../web/src/app/labs';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { expect, test } from './fixtures';

const FIXTURES = (name: string): string => fileURLToPath(new URL(`./fixtures/kernel/${name}`, import.meta.url));
const LABS = KERNEL_LABS;
/* the labs without a simulator page yet open the placeholder */
const COMING = REGISTRY.filter((l) => l.status === 'coming').map((l) => l.id);

async function openPanel(page: Page, lab: string) {
  await page.goto(`/#/lab/${lab}`);
  const panel = page.getByTestId('kernel-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveAttribute('data-lab', lab);
  return panel;
}

async function importFiles(page: Page, ...names: string[]) {
  await page.getByTestId('kernel-import-input').setInputFiles(names.map(FIXTURES));
}

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

test("the inode-hash panel says what emulation cannot show, what a quick run can, and where to run the mail's", async ({ page }) => {
  const panel = await openPanel(page, 'inode-hash');
  const note = panel.getByTestId('kernel-note').filter({ hasText: 'What emulation cannot show' });
  await expect(note).toBeVisible();
  for (const text of ['lab_iget_locked_lookups', 'ext4_contention_count', '--profile paper', 'real cores']) await expect(note).toContainText(text);
});

test('the fast-commit panel says why its quick profile queues a whole loop', async ({ page }) => {
  const panel = await openPanel(page, 'fast-commit');
  const note = panel.getByTestId('kernel-note').filter({ hasText: 'N²/2' });
  await expect(note).toBeVisible();
  for (const text of ['16,384 creates', 'commit=600', "the mail's row 7"]) await expect(note).toContainText(text);
});

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

test('importing results shows the comparison and the run context', async ({ page }) => {
  const panel = await openPanel(page, 'fast-commit');
  await importFiles(page, 'synthetic-fast-commit-before.json', 'synthetic-fast-commit-before-2.json', 'synthetic-fast-commit-after.json');
  const table = panel.getByTestId('kernel-results-table');
  await expect(table).toBeVisible();
  const files = panel.getByTestId('kernel-metric-files_per_s');
  /* before: the median of 1000 and 3000; after: 4000 */
  await expect(files).toContainText('2,000');
  await expect(files).toContainText('median of 2, 1,000 to 3,000: 1,000, 3,000');
  await expect(files).toContainText('4,000');
  await expect(panel.getByTestId('kernel-change-files_per_s')).toHaveText('+100.0%');
  await expect(panel.getByTestId('kernel-change-avg_commit_us')).toHaveText('−66.7%');
  /* the synthetic runs name no row of the mail's table, so its first figure shows: row 7, 0.73 -> 126.13 K creates/s */
  await expect(panel.getByTestId('kernel-mail-files_per_s')).toContainText('+17,178.1%');
  await expect(panel.getByTestId('kernel-mail-files_per_s')).toContainText('row 7 (6,10)');
  await expect(panel.getByTestId('kernel-run')).toHaveCount(3);
  await expect(panel.getByTestId('kernel-tcg').first()).toHaveText('emulation');
  await expect(panel.getByTestId('kernel-tcg-note')).toContainText('All runs ran under TCG');
  await expect(panel.getByTestId('kernel-runs-table')).toContainText('lab_fc_dentry_scan=1');
  await expect(panel.getByTestId('kernel-runs-table')).toContainText('6.12.0-synthetic');
  await expect(panel.getByTestId('kernel-check-warn')).toHaveCount(0);
  await expect(panel.getByTestId('kernel-sim-link')).toBeVisible();
  /* the simulator's column: its own change of the same measure (creates_per_s) at the page's configuration, named under the table */
  const sim = panel.getByTestId('kernel-sim-files_per_s');
  await expect(sim).toContainText('creates_per_s');
  await expect(sim).toContainText(/[+−]\d[\d,]*\.\d%/);
  await expect(panel.getByTestId('kernel-sim-config')).toContainText('before → after');
  await expect(panel.getByTestId('kernel-sim-config')).toContainText('seed 1');
  await expect(panel.getByTestId('kernel-sim-avg_commit_us')).toHaveCount(0);

  await panel.getByTestId('kernel-clear').click();
  await expect(panel.getByTestId('kernel-results-table')).toHaveCount(0);
});

test('a broken file is named with its problem and the runs imported before stay', async ({ page }) => {
  const panel = await openPanel(page, 'fast-commit');
  await importFiles(page, 'synthetic-fast-commit-before.json');
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
  await expect(panel.getByTestId('kernel-missing')).toContainText('no after run yet');

  await importFiles(page, 'synthetic-not-json.json', 'synthetic-wrong-schema.json', 'synthetic-ext4-writeback-after.json');
  const error = panel.getByTestId('kernel-import-error');
  await expect(error).toContainText('3 files were not imported (the runs imported before are kept)');
  await expect(error).toContainText('synthetic-not-json.json is not JSON');
  await expect(error).toContainText('synthetic-wrong-schema.json is not a journalclub kernel result: metrics.files');
  await expect(error).toContainText('ends in a unit');
  await expect(error).toContainText('synthetic-ext4-writeback-after.json holds a result of the ext4-writeback lab');
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
  await expect(panel.getByTestId('kernel-results-table')).toBeVisible();

  await importFiles(page, 'synthetic-fast-commit-before.json');
  await expect(error).toContainText('synthetic-fast-commit-before.json is already imported');
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
});

test('an after run whose counter rose is flagged: the switch was not off', async ({ page }) => {
  const panel = await openPanel(page, 'fast-commit');
  await importFiles(page, 'synthetic-fast-commit-before.json', 'synthetic-fast-commit-after-not-live.json');
  await expect(panel.getByTestId('kernel-check-warn')).toHaveText(
    'lab_fc_dentry_scan_nodes rose by 7 in an after run: the old code ran, the switch was not off',
  );
});

test('results can be dropped onto the panel', async ({ page }) => {
  const panel = await openPanel(page, 'ext4-writeback');
  const text = await import('node:fs').then((fs) => fs.readFileSync(FIXTURES('synthetic-ext4-writeback-after.json'), 'utf8'));
  const transfer = await page.evaluateHandle((json) => {
    const dt = new DataTransfer();
    dt.items.add(new File([json], 'synthetic-ext4-writeback-after.json', { type: 'application/json' }));
    return dt;
  }, text);
  const drop = panel.getByTestId('kernel-drop');
  await drop.dispatchEvent('dragenter', { dataTransfer: transfer });
  await drop.dispatchEvent('dragover', { dataTransfer: transfer });
  await drop.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
  await expect(panel.getByTestId('kernel-metric-handles_per_txn')).toContainText('50');
  await expect(panel.getByTestId('kernel-missing')).toContainText('no before run yet');
});

test('a command is copied to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openPanel(page, 'btrfs-fsync');
  const cmd = panel.getByTestId('kernel-bundle-commands-2');
  await cmd.getByRole('button').click();
  await expect(cmd.getByRole('button')).toHaveText('copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('./run btrfs-fsync before');
});

test("the fast-commit panel leads to the simulator's table", async ({ page }) => {
  const panel = await openPanel(page, 'fast-commit');
  await panel.getByTestId('kernel-sim-link').getByRole('button').click();
  await expect(page.locator('#paper-heading')).toBeInViewport();
});
