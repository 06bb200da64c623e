import type { Page } from '@playwright/test';
import { loadEngine } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { changeText, verdict } from '../../../../lib/verdict';
import { ANIMATION_PRESET } from './preset';
import { BF_VARIANTS, BfSnapshot } from './schema';
import { buildTimeline } from './timeline';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { checkHeatmapWords } from '../../../../tests/e2e/heatmapWords';
import { checkOpening, exportSvg, firstStep, openFromHome, openLabAt, smallRun as labSmallRun } from '../../../../tests/e2e/labRuns';
import { lab } from './lab';
import { manifest } from './manifest';

const LAB = 'btrfs-fsync';

/** The page's small configuration, run here from the same WASM build the page runs. */
const smallRun = (variant: string) => labSmallRun(LAB, ANIMATION_PRESET, variant);

/** The first step at which a task does `kind` with b = `b` in the small configuration. */
const firstStepOf = (variant: string, kind: string, b?: number) =>
  firstStep(LAB, ANIMATION_PRESET, variant, kind, (s) => s.kind === kind && (b === undefined || s.b === b));

const openAt = (page: Page, query: Record<string, string | number>) => openLabAt(page, LAB, 'bf-view', query);

test('the page opens from the home, with the commit, the 6.12 functions and the kernel panel', async ({ page }) => {
  await openFromHome(page, LAB);
  await expect(page.getByTestId('citation')).toContainText('Filipe Manana');
  await expect(page.locator('a[href$="?id=d0c2f4fa555e"]').first()).toBeVisible();
  for (const fn of ['btrfs_commit_transaction', 'wait_for_commit', 'btrfs_sync_file'])
    await expect(page.getByTestId(`fn-${fn}`).first()).toHaveAttribute('href', `https://elixir.bootlin.com/linux/v6.12/C/ident/${fn}`);
  await expect(page.locator('.explainer')).toContainText('+4.1%');
  await expect(page.getByTestId('kernel-panel')).toBeVisible();
  await expect(page.getByTestId('kernel-panel')).toContainText('nodiscard');
  /* the panel says which mount the mail's machine resembles, and what the patch's measures are called in the results */
  await expect(page.getByTestId('kernel-note').first()).toContainText("as on the mail's machine");
  await expect(page.getByTestId('kernel-measure-lab_fsync_completed_wait_ns')).toContainText('completed_wait_after_super_ms');
});

test('the controls come from the model’s table: log and discard as named choices, three variants', async ({ page }) => {
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('param-log').locator('option')).toHaveText(['tree-log', 'notreelog']);
  await expect(page.getByTestId('param-discard').locator('option')).toHaveText(['off', 'sync']);
  await expect(page.getByTestId('variant').locator('option')).toHaveText(['before the patch', 'after the patch', '6.12', 'side by side']);
});

for (const variant of BF_VARIANTS)
  test(`the ${variant} variant runs and draws its transactions, lanes, heatmap and tables`, async ({ page }) => {
    await openAt(page, { variant, step: 3000 });
    const view = page.getByTestId('bf-view');
    await expect(view).toHaveCount(1);
    await expect(view).toHaveAttribute('data-variant', variant);
    await expect(page.getByTestId('snapshot-error')).toHaveCount(0);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
    await expect(page.getByTestId('bf-txn').first()).toBeVisible();
    await expect(page.getByTestId('flush-heatmap')).toHaveCount(1);
    await expect(page.getByTestId('bf-ops-table').locator('tbody tr')).toHaveCount(16);
    await expect(page.getByTestId('bf-waits-table')).toBeVisible();
  });

test('a wait for COMPLETED in before is drawn as the snapshot has it, with its part after SUPER_COMMITTED', async ({ page }) => {
  /* the step at which a waiter for COMPLETED (state 6) wakes: its wait has just ended */
  const step = await firstStepOf('before', 'woke', 6);
  await openAt(page, { variant: 'before', step });
  await expect(page.getByTestId('bf-step')).toContainText('wakes: transaction');
  const want = buildTimeline(BfSnapshot.parse((await smallRun('before'))(step).snapshot));
  const waits = want.lanes.flatMap((l) => l.items).filter((i) => i.what === 'wait');
  await expect(page.getByTestId('bf-wait')).toHaveCount(waits.length);
  await expect(page.getByTestId('bf-wait').and(page.locator('[data-want="COMPLETED"]'))).toHaveCount(waits.filter((w) => w.want === 'COMPLETED').length);
  await expect(page.getByTestId('bf-after-super')).toHaveCount(waits.filter((w) => w.afterSuper).length);
  expect(waits.filter((w) => w.afterSuper).length).toBeGreaterThan(0);
  await expect(page.getByTestId('bf-lane')).toHaveCount(want.lanes.length);
  await expect(page.getByTestId('bf-txn')).toHaveCount(want.txns.length);
});

test('in after, fsyncs that meet a commit want SUPER_COMMITTED', async ({ page }) => {
  const step = await firstStepOf('after', 'woke', 5);
  await openAt(page, { variant: 'after', step });
  await expect(page.getByTestId('bf-wait').and(page.locator('[data-want="SUPER_COMMITTED"]')).first()).toBeAttached();
  await expect(page.getByTestId('bf-wait').and(page.locator('[data-want="COMPLETED"][data-site="join"]'))).toHaveCount(0);
  await expect(page.getByTestId('bf-after-super')).toHaveCount(0);
});

test('stepping the animation moves the timeline, beside the executing line', async ({ page }) => {
  await openAt(page, { variant: 'before', step: 100 });
  const counter = page.getByTestId('step-counter');
  const stepText = await page.getByTestId('bf-step').textContent();
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText('101');
  await expect(page.getByTestId('bf-step')).not.toHaveText(stepText ?? '');
  /* the editor draws the lines of its scrolled box only once the box is in the window */
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('code-line-active').first()).toBeVisible();
  const window = page.getByTestId('bf-window');
  const before = await window.textContent();
  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(101);
  await page.getByTestId('pause').click();
  await openAt(page, { variant: 'before', step: 20000 });
  await expect(window).not.toHaveText(before ?? '');
});

test('three variants side by side from show=, the run tables with a column each', async ({ page }) => {
  await openAt(page, { variant: 'side', show: 'before,after,6.12', step: 2000 });
  const views = page.getByTestId('bf-view');
  await expect(views).toHaveCount(3);
  expect(await views.evaluateAll((els) => els.map((e) => e.getAttribute('data-variant')))).toEqual([...BF_VARIANTS]);
  await expect(page.getByTestId('flush-heatmap')).toHaveCount(3);
  await expect(page.getByTestId('url-error')).toHaveCount(0);
  /* the waits table holds each run's figures */
  const engine = await loadEngine();
  const params = Object.fromEntries(engine.params(LAB).map((s) => [s.name, ANIMATION_PRESET[s.name] ?? s.default]));
  for (const [i, v] of BF_VARIANTS.entries()) {
    const want = engine.result({ lab: LAB, variant: v, params, seed: 1 }).metrics;
    const cell = page.getByTestId('bf-waits-table').locator('tr[data-metric="completed_waits"] td').nth(i);
    await expect(cell).toHaveText(String(want.completed_waits));
  }
  /* the per-operation metrics are folded under the run's table */
  await expect(page.getByTestId('metrics').locator('tr[data-metric^="op_"]')).toHaveCount(0);
  await expect(page.getByTestId('metrics-folded')).toBeAttached();
});

test("dbench's table puts the mail's run nearest the clients beside the page's", async ({ page }) => {
  await page.goto(labUrl(LAB, { clients: 64, runtime_ms: 300 }));
  await waitForRuns(page);
  const table = page.getByTestId('bf-ops-table');
  await expect(page.getByTestId('bf-ops')).toContainText('with 64 clients');
  const flush = table.locator('tr[data-op="Flush"] td');
  await expect(flush.nth(1)).toHaveText('14.2');
  await expect(flush.nth(2)).toHaveText('506');
  await expect(table.locator('tr[data-op="Deltree"] td').nth(7)).toHaveText('—');
});

test("the Flush heatmap's words and the CPU heatmaps' words follow from their cells", async ({ page }) => {
  await openAt(page, { variant: 'before' });
  const heat = page.getByTestId('flush-heatmap');
  await expect.poll(async () => Number(await heat.getAttribute('data-cells'))).toBeGreaterThan(0);
  await expect(page.getByTestId('flush-busiest')).toContainText(/most Flushes took .*ms \(\d/);
  await heat.hover();
  await expect(page.getByTestId('flush-heatmap-tooltip')).toContainText(/Flushes finished/);
  await checkHeatmapWords(page);
});

test('the timeline exports as SVG', async ({ page }) => {
  await openAt(page, { variant: '6.12', step: 4000 });
  const svg = await exportSvg(page, 'btrfs-fsync-timeline-6.12');
  expect(svg.file).toBe('btrfs-fsync-timeline-6.12.svg');
  expect(svg.text).toContain('transactions');
});

test('the sweep fills the clients sweep and what the patch explains, from the runs over seeds', async ({ page }) => {
  test.setTimeout(240_000);
  const engine = await loadEngine();
  const row32 = engine.rows(LAB).rows.find((r) => r.params.clients === 32)!;
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('bf-sweep-empty')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sweep-run').click();
  const error = page.getByTestId('sweep-error');
  const done = page.getByTestId('bf-explains-table');
  await expect(done.or(error)).toBeVisible({ timeout: 220_000 });
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('bf-sweep-table').locator('tbody tr')).toHaveCount(5 * BF_VARIANTS.length);
  /* the paper table compares before with after, the variants the mail's figures stand for */
  await expect(page.getByTestId('paper-table').locator('thead')).toContainText('beforeafterdiff');
  /* the simulator's change at 32 clients: each seed's after over its before, with its interval */
  const at = (v: string) => sweepSeeds(lab.sweepSeeds).map((seed) => engine.result({ lab: LAB, variant: v, params: row32.params, seed }).metrics.throughput_mb_s!);
  const cell = done.locator('tr[data-clients="32"][data-metric="throughput_mb_s"] td').nth(3);
  await expect(cell).toHaveText(changeText(verdict(at('before'), at('after'), null)));
});

test("a lab's own heatmap is reachable by keyboard too, and says when it held the most", async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after' }));
  await waitForRuns(page);
  const map = page.getByTestId('flush-heatmap').first();
  await map.focus();
  await page.keyboard.press('ArrowDown');
  await expect(map).toHaveAttribute('data-cursor', '1,0');
  await expect(page.getByTestId('flush-heatmap-live').first()).toContainText('Flushes finished');
  await expect(page.getByTestId('flush-busiest').first()).toContainText(/busiest stretch: .+ of it in .+ of the time|no Flush finished/);
});

test('opens on its preset at a step where before and after differ, a fallback within three seconds', async ({ page }) => {
  /* throughput's change at the preset is within the seeds' noise (the lesson study on record): the waits past SUPER_COMMITTED are the patch's */
  await checkOpening(page, manifest, 'fallback', 'wait_after_super_ms');
});
