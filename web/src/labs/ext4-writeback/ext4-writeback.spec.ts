import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { loadEngine } from '../../core/node';
import { buildLanes } from './lanes';
import { ANIMATION_PRESET } from './preset';
import { EWB_VARIANTS, EwbSnapshot } from './schema';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { openPanel } from '../../../../tests/e2e/kernelPanel';
import { checkOpening, exportSvg, openFromHome } from '../../../../tests/e2e/labRuns';
import { lab } from './lab';
import { manifest } from './manifest';

const LAB = 'ext4-writeback';

/** The page's small configuration at a step, run here from the same WASM build the page runs. */
async function smallSnapshot(variant: string, stopStep: number): Promise<EwbSnapshot> {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(LAB)) params[s.name] = ANIMATION_PRESET[s.name] ?? s.default;
  return EwbSnapshot.parse(engine.run({ lab: LAB, variant, params, seed: 1, options: { stopStep, traceMax: 0 } }).snapshot);
}

async function openAt(page: Page, query: Record<string, string | number>): Promise<void> {
  await page.goto(labUrl(LAB, query));
  await waitForRuns(page);
  if (query.step !== undefined) await expect(page.getByTestId('step-counter')).toHaveText(String(query.step));
  await expect(page.getByTestId('ewb-view').first()).toBeVisible();
}

test('the page opens from the home, with the thread, the commit, the 6.12 functions, the kernel panel and the IOPS caveat', async ({ page }) => {
  await openFromHome(page, LAB);
  await expect(page.getByTestId('citation')).toContainText('Rishabh Bhatnagar');
  await expect(page.locator('a[href$="?id=6b8ed62008a4"]').first()).toBeVisible();
  await expect(page.locator('a[href^="https://lore.kernel.org/linux-ext4/"]').first()).toBeVisible();
  for (const fn of ['ext4_do_writepages', 'mpage_prepare_extent_to_map'])
    await expect(page.getByTestId(`fn-${fn}`).first()).toHaveAttribute('href', `https://elixir.bootlin.com/linux/v6.12/C/ident/${fn}`);
  await expect(page.getByTestId('ewb-iops-honesty')).toContainText('Its IOPS go the other way');
  await expect(page.getByTestId('kernel-panel')).toBeVisible();
});

test('the controls come from the model’s table: sync and kernel as named choices, two variants', async ({ page }) => {
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('param-sync').locator('option')).toHaveText(['fsync', 'fdatasync']);
  await expect(page.getByTestId('param-kernel').locator('option')).toHaveText(['5.10', '6.12']);
  await expect(page.getByTestId('variant').locator('option')).toHaveText(['before the patch', 'after the patch', 'side by side']);
});

for (const variant of EWB_VARIANTS)
  test(`the ${variant} variant draws its lanes as the snapshot has them, its transactions, histogram and evidence`, async ({ page }) => {
    const step = 12_000;
    await openAt(page, { variant, step });
    const view = page.getByTestId('ewb-view');
    await expect(view).toHaveCount(1);
    await expect(view).toHaveAttribute('data-variant', variant);
    await expect(page.getByTestId('snapshot-error')).toHaveCount(0);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
    const want = buildLanes(await smallSnapshot(variant, step));
    await expect(page.getByTestId('ewb-lane')).toHaveCount(want.lanes.length);
    expect(await page.getByTestId('ewb-lane').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-items'))))).toEqual(
      want.lanes.map((l) => l.items.length),
    );
    await expect(page.getByTestId('ewb-txn')).toHaveCount(want.txns.length);
    expect(await page.getByTestId('ewb-txn').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-handles'))))).toEqual(
      want.txns.map((t) => t.handles),
    );
    await expect(page.getByTestId('ewb-hist-table').locator('tbody tr')).toHaveCount(16);
    await expect(page.getByTestId('ewb-evidence-table')).toBeVisible();
  });

test('both variants side by side, the open question says where IOPS go, duplicate metrics folded', async ({ page }) => {
  await openAt(page, { variant: 'side', step: 8000 });
  const views = page.getByTestId('ewb-view');
  await expect(views).toHaveCount(2);
  expect(await views.evaluateAll((els) => els.map((e) => e.getAttribute('data-variant')))).toEqual([...EWB_VARIANTS]);
  await expect(page.getByTestId('ewb-hist').locator('rect[data-series="before"]').first()).toBeAttached();
  await expect(page.getByTestId('ewb-hist').locator('rect[data-series="after"]').first()).toBeAttached();
  const engine = await loadEngine();
  const params = Object.fromEntries(engine.params(LAB).map((s) => [s.name, ANIMATION_PRESET[s.name] ?? s.default]));
  const iops = (v: string) => engine.result({ lab: LAB, variant: v, params, seed: 1 }).metrics.fsync_iops_per_s!;
  const row = page.getByTestId('ewb-evidence-table').locator('tr[data-metric="iops_per_s"]');
  await expect(row.getByTestId('ewb-agrees')).toHaveText(iops('before') < iops('after') ? 'no' : 'yes');
  await expect(page.getByTestId('ewb-evidence-table').locator('tr[data-metric="jbd2_handles_per_txn"]').getByTestId('ewb-agrees')).toHaveText('yes');
  await expect(page.getByTestId('metrics').locator('tr[data-metric^="fdatasync_"]')).toHaveCount(0);
  await expect(page.getByTestId('metrics-folded')).toBeAttached();
  /* the paper table compares before with after, the variants the mail's figures stand for */
  await expect(page.getByTestId('paper-table').locator('thead')).toContainText('beforeafterdiff');
});

test('the lanes export as SVG', async ({ page }) => {
  await openAt(page, { variant: 'after', step: 6000 });
  const svg = await exportSvg(page, 'ext4-writeback-lanes-after');
  expect(svg.file).toBe('ext4-writeback-lanes-after.svg');
  expect(svg.text).toContain('jbd2');
});

test('the sweep fills the latency-throughput scatter with every run of both variants', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('ewb-sweep-empty')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sweep-run').click();
  const error = page.getByTestId('sweep-error');
  const done = page.getByTestId('ewb-scatter');
  await expect(done.or(error)).toBeVisible({ timeout: 160_000 });
  await expect(error).toHaveCount(0);
  const engine = await loadEngine();
  /* the scatter draws the fsync rows (the mail's fio job); the fdatasync rows are the sweep's table's */
  const fsyncRows = engine.rows(LAB).rows.filter((r) => (r.params.sync ?? 0) === 0).length;
  expect(fsyncRows).toBe(1);
  const seeds = lab.sweepSeeds;
  const points = fsyncRows * 5 * seeds * EWB_VARIANTS.length;
  await expect(page.getByTestId('ewb-point')).toHaveCount(points);
  await expect(page.getByTestId('ewb-point').and(page.locator('[data-variant="before"][data-jobs="16"]'))).toHaveCount(seeds);
  await expect(page.getByTestId('ewb-mail-point')).toHaveCount(2);
  await expect(page.getByTestId('ewb-sweep-direction')).toContainText(`of ${seeds} seeds`);
  /* the open question's figures again, medians at the mail's shape: more handles per transaction in before, as in the mail */
  const evidence = page.getByTestId('ewb-sweep-evidence-table');
  await expect(evidence.locator('tbody tr')).toHaveCount(7);
  await expect(evidence.locator('tr[data-metric="jbd2_handles_per_txn"]').getByTestId('ewb-agrees')).toHaveText('yes');
});

test('opens on its preset at a step where before and after differ, an fsync within three seconds', async ({ page }) => {
  await checkOpening(page, manifest, 'fsync');
});

test('results can be dropped onto the kernel panel', async ({ page }) => {
  const panel = await openPanel(page, LAB);
  const text = readFileSync(fileURLToPath(new URL('./fixtures/kernel/synthetic-ext4-writeback-after.json', import.meta.url)), 'utf8');
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
