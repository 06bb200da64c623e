import type { Page } from '@playwright/test';
import { loadEngine } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { ANIMATION_PRESET } from './preset';
import { EsSnapshot, ES_VARIANTS } from './schema';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { checkHeatmapWords } from '../../../../tests/e2e/heatmapWords';
import { checkOpening, exportSvg, firstStep, openFromHome, openLabAt, smallRun as labSmallRun } from '../../../../tests/e2e/labRuns';
import { lab } from './lab';
import { manifest } from './manifest';

const LAB = 'extent-status';

/** The page's small configuration with `overrides`, run here from the same WASM build the page runs. */
const smallRun = (variant: string, overrides: Record<string, number> = {}) => labSmallRun(LAB, ANIMATION_PRESET, variant, overrides);

/** The first step at which a task does `kind` in the small configuration. */
const firstStepOf = (variant: string, kind: string) => firstStep(LAB, ANIMATION_PRESET, variant, kind, (s) => s.kind === kind);

const openAt = (page: Page, query: Record<string, string | number>) => openLabAt(page, LAB, 'es-view', query);

test('the page opens from the home, with the mail, the 6.12 functions and the kernel panel', async ({ page }) => {
  await openFromHome(page, LAB);
  await expect(page.getByTestId('citation')).toContainText('Zheng Liu');
  await expect(page.locator('a[href="https://lists.openwall.net/linux-ext4/2014/08/07/1"]').first()).toBeVisible();
  for (const fn of ['__es_shrink', 'es_do_reclaim_extents', 'ext4_es_lookup_extent']) {
    await expect(page.getByTestId(`fn-${fn}`).first()).toHaveAttribute('href', 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/extents_status.c');
  }
  await expect(page.getByTestId('fn-ext4_da_map_blocks').first()).toHaveAttribute('href', 'https://elixir.bootlin.com/linux/v6.12/source/fs/ext4/inode.c');
  await expect(page.locator('.explainer')).toContainText('never landed');
  await expect(page.getByTestId('kernel-panel')).toBeVisible();
});

test('the controls come from the model’s table, case as a, b or c', async ({ page }) => {
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('param-case').locator('option')).toHaveText(['a', 'b', 'c']);
  await expect(page.getByTestId('variant').locator('option')).toHaveText([...ES_VARIANTS, 'side by side']);
});

for (const variant of ES_VARIANTS)
  test(`the ${variant} variant runs and draws its tree, its list and its shrinkers`, async ({ page }) => {
    await openAt(page, { variant, step: 200 });
    const view = page.getByTestId('es-view');
    await expect(view).toHaveCount(1);
    await expect(view).toHaveAttribute('data-variant', variant);
    await expect(page.getByTestId('snapshot-error')).toHaveCount(0);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
    await expect(page.getByTestId('es-list-words')).toContainText(variant === 'baseline' || variant === 'es-cache' ? 'LRU order' : 'round robin');
    await expect(page.getByTestId('es-reclaim-lists')).toHaveCount(variant === 'es-ilist' || variant === 'es-gc' ? 1 : 0);
    await expect(page.getByTestId('reclaim-heatmap')).toHaveCount(1);
    await expect(page.getByTestId('inode-heatmap')).toHaveCount(1);
  });

test('stepping the animation changes the tree, beside the executing line', async ({ page }) => {
  await openAt(page, { variant: 'es-cache', step: 100 });
  const counter = page.getByTestId('step-counter');
  const tree = page.getByTestId('es-tree');
  const before = await tree.innerHTML();
  const stepText = await page.getByTestId('es-step').textContent();
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText('101');
  await expect(page.getByTestId('es-step')).not.toHaveText(stepText ?? '');
  /* a writer appends a block at least every few steps: the tree grows */
  for (let i = 0; i < 40 && (await tree.innerHTML()) === before; i++) {
    const at = Number(await counter.textContent());
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(String(at + 1));
  }
  expect(await tree.innerHTML()).not.toBe(before);
  /* the editor draws the lines of its scrolled box only once the box is in the window */
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('code-line-active').first()).toBeVisible();
  await page.getByTestId('step-back').click();
  await page.getByTestId('play').click();
  const start = Number(await counter.textContent());
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(start);
  await page.getByTestId('pause').click();
});

test('the shrinker’s cursor walks the tree: a freed extent in baseline', async ({ page }) => {
  const step = await firstStepOf('baseline', 'es_free');
  await openAt(page, { variant: 'baseline', step });
  await expect(page.getByTestId('es-step')).toContainText('frees the extent at block');
  await expect(page.getByTestId('es-shrinker').first()).toBeVisible();
  const cursor = page.getByTestId('es-cursor');
  await expect(cursor).toHaveCount(1);
  const run = await smallRun('baseline');
  const snap = EsSnapshot.parse(run(step).snapshot);
  await expect(cursor).toHaveAttribute('data-lblk', String(snap.es.focus!.cursor));
});

test('es-gc draws its inactive and active lists', async ({ page }) => {
  const step = await firstStepOf('es-gc', 'es_free');
  await openAt(page, { variant: 'es-gc', step });
  await expect(page.getByTestId('es-reclaim-lists')).toBeVisible();
  await expect(page.getByTestId('es-list-inactive')).toBeAttached();
  await expect(page.getByTestId('es-list-active')).toBeAttached();
});

test('several variants side by side, from the URL', async ({ page }) => {
  await openAt(page, { variant: 'side', a: 'baseline', b: 'upstream', step: 50 });
  const views = page.getByTestId('es-view');
  await expect(views).toHaveCount(2);
  await expect(views.nth(0)).toHaveAttribute('data-variant', 'baseline');
  await expect(views.nth(1)).toHaveAttribute('data-variant', 'upstream');
  await expect(page.getByTestId('reclaim-heatmap')).toHaveCount(2);
  await expect(page.getByTestId('url-error')).toHaveCount(0);
});

test('three variants side by side from show=, and a fourth ticked in the controls', async ({ page }) => {
  await openAt(page, { variant: 'side', show: 'baseline,es-slist,upstream', step: 50 });
  const views = page.getByTestId('es-view');
  await expect(views).toHaveCount(3);
  expect(await views.evaluateAll((els) => els.map((e) => e.getAttribute('data-variant')))).toEqual(['baseline', 'es-slist', 'upstream']);
  await expect(page.getByTestId('reclaim-heatmap')).toHaveCount(3);
  await expect(page.getByTestId('url-error')).toHaveCount(0);
  await page.getByTestId('show-es-gc').check();
  await waitForRuns(page);
  await expect(views).toHaveCount(4);
  expect(await views.evaluateAll((els) => els.map((e) => e.getAttribute('data-variant')))).toEqual([
    'baseline',
    'es-slist',
    'es-gc',
    'upstream',
  ]);
  await expect(page).toHaveURL(/show=baseline%2Ces-slist%2Ces-gc%2Cupstream/);
  /* side by side keeps two at least: the last two cannot be unticked */
  for (const v of ['baseline', 'es-slist']) await page.getByTestId(`show-${v}`).uncheck();
  await expect(views).toHaveCount(2);
  await expect(page.getByTestId('show-es-gc')).toBeDisabled();
  await expect(page.getByTestId('show-upstream')).toBeDisabled();
});

test('all six variants side by side, with the parameters and seed from the URL', async ({ page }) => {
  const query = { variant: 'es-slist', case: 'c', mem_mb: 32, jobs: 2, runtime_ms: 300, small_files: 256, seed: 3 };
  await page.goto(labUrl(LAB, query));
  await waitForRuns(page);
  const cards = page.getByTestId('es-all-card');
  await expect(cards).toHaveCount(ES_VARIANTS.length);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-variant')))).toEqual([...ES_VARIANTS]);
  const engine = await loadEngine();
  for (const [i, v] of ES_VARIANTS.entries()) {
    const want = engine.result({ lab: LAB, variant: v, params: { case: 2, mem_mb: 32, jobs: 2, runtime_ms: 300, small_files: 256 }, seed: 3 }).metrics.avg_scan_us!;
    const cell = cards.nth(i).getByTestId('es-all-avg_scan_us');
    await expect(cell).toHaveAttribute('data-value', /\d/);
    expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(want, 6);
  }
});

test("the CPU heatmaps' words follow from the cells they draw, side by side", async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', a: 'baseline', b: 'es-slist' }));
  await waitForRuns(page);
  await expect(page.getByTestId('heatmap')).toHaveCount(2);
  await checkHeatmapWords(page);
});

test('the tree exports as SVG', async ({ page }) => {
  await openAt(page, { variant: 'upstream', step: 40 });
  const svg = await exportSvg(page, 'extent-status-tree-upstream');
  expect(svg.file).toBe('extent-status-tree-upstream.svg');
  expect(svg.text).toContain('inode');
});

test('the heatmaps show CPUs in the shrinker and extents freed per inode', async ({ page }) => {
  await openAt(page, { variant: 'es-slist' });
  const reclaim = page.getByTestId('reclaim-heatmap');
  await expect.poll(async () => Number(await reclaim.getAttribute('data-cells'))).toBeGreaterThan(0);
  await expect(page.getByTestId('reclaim-busiest')).toContainText(/most time: cpu\d/);
  await expect(page.getByTestId('inode-busiest')).toContainText(/most freed: /);
  await reclaim.hover();
  await expect(page.getByTestId('reclaim-heatmap-tooltip')).toContainText(/in the shrinker/);
});

test("the sweep fills the small multiples: the mail's range and the simulator's over seeds, every variant and case", async ({ page }) => {
  test.setTimeout(300_000);
  const engine = await loadEngine();
  const rows = engine.rows(LAB).rows;
  const rowA = rows.find((r) => r.params.case === 0)!;
  const seeds = sweepSeeds(lab.sweepSeeds);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('es-multiples')).toBeVisible({ timeout: 30_000 });
  /* before the sweep: the mail's bars, no simulator's, and upstream without a mail figure */
  await expect(page.getByTestId('es-mail-avg_scan_us-a-baseline')).toHaveAttribute('data-min', '9402');
  await expect(page.getByTestId('es-mail-avg_scan_us-a-baseline')).toHaveAttribute('data-max', '11552');
  await expect(page.getByTestId('es-mail-avg_scan_us-a-upstream')).toHaveCount(0);
  await expect(page.locator('[data-testid^="es-sim-"]')).toHaveCount(0);

  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress-label')).toBeVisible();
  const error = page.getByTestId('sweep-error');
  const done = page.getByTestId('es-sim-user_max_latency_us-c-upstream');
  await expect(done.or(error)).toBeAttached({ timeout: 280_000 });
  await expect(error).toHaveCount(0);
  for (const metric of ['avg_scan_us', 'max_scan_us', 'hits', 'user_avg_latency_us', 'user_max_latency_us'])
    for (const c of ['a', 'b', 'c'])
      for (const v of ES_VARIANTS) await expect(page.getByTestId(`es-sim-${metric}-${c}-${v}`)).toBeAttached();
  /* the simulator's range of case a is the paper row's runs over the sweep's seeds */
  for (const v of ['baseline', 'es-ilist', 'upstream']) {
    const values = seeds.map((seed) => engine.result({ lab: LAB, variant: v, params: rowA.params, seed }).metrics.avg_scan_us!);
    const cell = page.getByTestId(`es-sim-avg_scan_us-a-${v}`);
    expect(Number(await cell.getAttribute('data-min'))).toBeCloseTo(Math.min(...values), 6);
    expect(Number(await cell.getAttribute('data-max'))).toBeCloseTo(Math.max(...values), 6);
  }
  await page.getByText('The numbers: min–max').click();
  await expect(page.getByTestId('es-num-mail-avg_scan_us-a-baseline')).toHaveText('9,402–11,552');
  await expect(page.getByTestId('es-num-mail-hits-b-upstream')).toHaveText('not measured');
  await expect(page.getByTestId('es-num-sim-hits-b-upstream')).toHaveText(/\d/);
});

test('opens on its preset at a step where before and after differ, the shrinker within three seconds', async ({ page }) => {
  await checkOpening(page, manifest, 'shrink_begin');
});
