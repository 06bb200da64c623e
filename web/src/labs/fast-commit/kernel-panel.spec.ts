/**
 * The fast-commit page's "Reproduce on a real kernel" panel: what it says of
 * the quick profile, and importing results into it. The results files are
 * synthetic (fixtures/kernel/README.md): they test the page, they are not
 * measurements.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../../../../tests/e2e/fixtures';
import { importFiles, openPanel, resultFile } from '../../../../tests/e2e/kernelPanel';
import { LAB_IDS } from '../../../../tests/e2e/labs';

const LAB = 'fast-commit';
const FIXTURES = (name: string): string => fileURLToPath(new URL(`./fixtures/kernel/${name}`, import.meta.url));
const fixture = (name: string) => resultFile(FIXTURES(name));

test('the panel says why its quick profile queues a whole loop', async ({ page }) => {
  const panel = await openPanel(page, LAB);
  const note = panel.getByTestId('kernel-note').filter({ hasText: 'N²/2' });
  await expect(note).toBeVisible();
  for (const text of ['16,384 creates', 'commit=600', "the mail's row 7"]) await expect(note).toContainText(text);
});

test('importing results shows the comparison and the run context', async ({ page }) => {
  const panel = await openPanel(page, LAB);
  await importFiles(page, fixture('synthetic-fast-commit-before.json'), fixture('synthetic-fast-commit-before-2.json'), fixture('synthetic-fast-commit-after.json'));
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
  const panel = await openPanel(page, LAB);
  await importFiles(page, fixture('synthetic-fast-commit-before.json'));
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
  await expect(panel.getByTestId('kernel-missing')).toContainText('no after run yet');

  /* a valid result, of another lab */
  const other = LAB_IDS.find((id) => id !== LAB)!;
  const after = JSON.parse(readFileSync(FIXTURES('synthetic-fast-commit-after.json'), 'utf8')) as { lab: string };
  const otherLab = { name: `synthetic-${other}-after.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...after, lab: other })) };
  await importFiles(page, fixture('synthetic-not-json.json'), fixture('synthetic-wrong-schema.json'), otherLab);
  const error = panel.getByTestId('kernel-import-error');
  await expect(error).toContainText('3 files were not imported (the runs imported before are kept)');
  await expect(error).toContainText('synthetic-not-json.json is not JSON');
  await expect(error).toContainText('synthetic-wrong-schema.json is not a journalclub kernel result: metrics.files');
  await expect(error).toContainText('ends in a unit');
  await expect(error).toContainText(`synthetic-${other}-after.json holds a result of the ${other} lab`);
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
  await expect(panel.getByTestId('kernel-results-table')).toBeVisible();

  await importFiles(page, fixture('synthetic-fast-commit-before.json'));
  await expect(error).toContainText('synthetic-fast-commit-before.json is already imported');
  await expect(panel.getByTestId('kernel-run')).toHaveCount(1);
});

test('an after run whose counter rose is flagged: the switch was not off', async ({ page }) => {
  const panel = await openPanel(page, LAB);
  await importFiles(page, fixture('synthetic-fast-commit-before.json'), fixture('synthetic-fast-commit-after-not-live.json'));
  await expect(panel.getByTestId('kernel-check-warn')).toHaveText(
    'lab_fc_dentry_scan_nodes rose by 7 in an after run: the old code ran, the switch was not off',
  );
});
