import type { Page } from '@playwright/test';
import { loadEngine } from '../../core/node';
import { sweepSeeds } from '../../core/sweep';
import { IhSnapshot } from './schema';
import { ANIMATION_PRESET } from './preset';
import { expect, hashQuery, labUrl, paramSpecs, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { openPanel } from '../../../../tests/e2e/kernelPanel';
import { checkOpening, exportSvg, openFromHome } from '../../../../tests/e2e/labRuns';
import { checkHeatmapWords } from '../../../../tests/e2e/heatmapWords';
import { checkPaperVerdicts, expectedPaperRows } from '../../../../tests/e2e/seeds';
import { checkPresenterViews } from '../../../../tests/e2e/presenter';
import { lab } from './lab';
import { manifest } from './manifest';

const LAB = 'inode-hash';

/** The page's small configuration with `overrides` of its parameters, from the same WASM build the page runs. */
async function smallRun(variant: 'before' | 'after', overrides: Record<string, number> = {}) {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(LAB)) params[s.name] = overrides[s.name] ?? ANIMATION_PRESET[s.name] ?? s.default;
  return (stopStep?: number) =>
    engine.run({ lab: LAB, variant, params, seed: 1, options: { stopStep, traceMax: stopStep ? 0 : 100_000, heatBuckets: 2 } });
}

/** The first step at which a task does `kind`: the page at that step must show it doing so. */
async function firstStepOf(variant: 'before' | 'after', kind: string): Promise<number> {
  const run = await smallRun(variant);
  const step = run().steps.steps.find((s) => s.kind === kind);
  if (!step) throw new Error(`no ${kind} step in the ${variant} run of the small configuration`);
  return step.i;
}

/**
 * The first step whose snapshot satisfies `want`, and what `want` picked from it: of every step,
 * or only of the steps at which a task does `kind`; in the small configuration with `params`.
 */
async function firstSnapshot<T>(
  variant: 'before' | 'after',
  what: string,
  want: (snap: IhSnapshot) => T | undefined,
  { params = {}, kind }: { params?: Record<string, number>; kind?: string } = {},
): Promise<{ step: number; value: T }> {
  const run = await smallRun(variant, params);
  const full = run();
  const steps = kind
    ? full.steps.steps.filter((s) => s.kind === kind).map((s) => s.i)
    : Array.from({ length: full.result.sim.steps }, (_, k) => k + 1);
  for (const k of steps) {
    const value = want(IhSnapshot.parse(run(k).snapshot));
    if (value !== undefined) return { step: k, value };
  }
  const config = Object.keys(params).length ? `the configuration ${JSON.stringify(params)}` : 'the small configuration';
  throw new Error(`no ${kind ? `${kind} ` : ''}step of the ${variant} run of ${config} has ${what}`);
}

async function openAt(page: Page, variant: 'before' | 'after', step: number, params: Record<string, number> = {}): Promise<void> {
  await page.goto(labUrl(LAB, { variant, ...params, step }));
  await waitForRuns(page);
  await expect(page.getByTestId('step-counter')).toHaveText(String(step));
  await expect(page.getByTestId('hash-table')).toBeVisible();
}

test('the page opens from the home, with its kernel panel', async ({ page }) => {
  await openFromHome(page, LAB);
  await expect(page.getByTestId('citation')).toContainText('Mateusz Guzik');
  await expect(page.locator('a[href*="elixir.bootlin.com/linux/v6.12"]').first()).toBeVisible();
  await expect(page.getByTestId('kernel-panel')).toBeVisible();
});

test("the controls come from the model's table, fs as ext4 or btrfs", async ({ page }) => {
  const specs = await paramSpecs(LAB);
  await page.goto(labUrl(LAB));
  for (const spec of specs) await expect(page.getByTestId(`param-${spec.name}`)).toBeVisible();
  const fs = page.getByTestId('param-fs');
  await expect(fs.locator('option')).toHaveText(['ext4', 'btrfs']);
  await fs.selectOption({ label: 'btrfs' });
  await expect.poll(async () => (await hashQuery(page)).get('fs')).toBe('btrfs');
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});

/**
 * Type into several parameter fields in one go, as a user does faster than
 * the drafts' pause before they apply on their own (350 ms): filled one by
 * one from here, a loaded machine can let the first apply alone.
 */
async function typeAtOnce(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((vals) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const [name, value] of Object.entries(vals)) {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="param-${name}"]`)!;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, values);
}

test('a combination the simulator refuses is named by its check, the typed parameters marked', async ({ page }) => {
  await page.goto(labUrl(LAB));
  await waitForRuns(page);
  await typeAtOnce(page, { threads: '64', dirs: '4096', files: '4096' });
  await page.getByTestId('param-files').press('Enter');
  await expect(page.getByTestId('run-error')).toContainText('threads x dirs x files');
  for (const name of ['threads', 'dirs', 'files']) await expect(page.getByTestId(`param-${name}`)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('param-fs')).not.toHaveAttribute('aria-invalid', 'true');
  /* the URL keeps the last parameters that were accepted */
  expect((await hashQuery(page)).get('threads')).not.toBe('64');
  await typeAtOnce(page, { threads: '4', dirs: '2', files: '8' });
  await page.getByTestId('param-files').press('Enter');
  await expect(page.getByTestId('run-error')).toHaveCount(0);
  await expect.poll(async () => (await hashQuery(page)).get('files')).toBe('8');
  expect((await hashQuery(page)).get('threads')).toBe('4');
});

test('the animation steps through the hash table beside the executing line', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after' }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const start = Number(await counter.textContent());
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText(String(start + 1));
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(String(start + 2));
  await page.getByTestId('step-back').click();
  await expect(counter).toHaveText(String(start + 1));
  await expect(page.getByTestId('hash-table')).toBeVisible();
  await expect(page.getByTestId('bucket-overview')).toBeAttached();
  /* the editor draws the lines of its scrolled box only once the box is in the window */
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('code-line-active').first()).toBeVisible();

  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(start + 1);
  await page.getByTestId('pause').click();
});

test('before the patch the lookup walks the chain holding inode_hash_lock', async ({ page }) => {
  const step = await firstStepOf('before', 'lookup_locked');
  await openAt(page, 'before', step);
  const lock = page.getByTestId('lock-inode_hash_lock');
  await expect(lock).toBeVisible();
  await expect(lock.getByTestId('lock-holder')).toHaveText(/^held by T\d+/);
  await expect(page.getByTestId('locked-walker').first()).toBeVisible();
});

test('the CPUs waiting for inode_hash_lock queue behind its holder', async ({ page }) => {
  const { step, value: waiters } = await firstSnapshot('before', 'waiters on inode_hash_lock', (snap) => {
    const lock = snap.locks.find((l) => l.name === 'inode_hash_lock');
    return lock && lock.holder >= 0 && lock.waiters.length > 0 ? lock.waiters : undefined;
  });
  await openAt(page, 'before', step);
  const lock = page.getByTestId('lock-inode_hash_lock');
  await expect(lock.getByTestId('lock-holder')).toHaveText(/^held by T\d+/);
  await expect(lock).toContainText(`FIFO waiters (${waiters.length})`);
  await expect(lock.getByTestId('lock-waiter')).toHaveCount(Math.min(waiters.length, 24));
  /* the chip is the state's glyph and the task (its tooltip says the state in words) */
  await expect(lock.getByTestId('lock-waiter').first()).toHaveText(new RegExp(`^\\W*T${waiters[0]}(?!\\d)`));
});

test('after the patch the lookup walks the chain under RCU, without the lock', async ({ page }) => {
  const step = await firstStepOf('after', 'lookup_rcu');
  await openAt(page, 'after', step);
  const reader = page.getByTestId('rcu-reader').first();
  await expect(reader).toBeVisible();
  const task = await reader.getAttribute('data-task');
  /* the reader does not hold the lock */
  await expect(page.getByTestId('lock-inode_hash_lock').getByTestId('lock-holder')).not.toHaveText(new RegExp(`^held by T${task}\\b`));
});

/*
 * A grace period begins when evict() has queued inodes for freeing, and waits for the walkers that
 * are inside rcu_read_lock() at that moment: a lookup's walk of its chain, a short part of a stat.
 * The small configuration (4 threads, 2 cached inodes per chain) starts one grace period while it
 * walks, which finds a walker on a chain only by chance. This one has the mail's 20 threads and
 * its 8 cached inodes per chain (128 over 16 chains), so reclaim runs through the walk and each
 * lookup walks a chain of about eight: a grace period that begins nearly always finds a walker on one.
 */
const GP_READERS = { threads: 20, dirs: 2, files: 8, hash_bits: 4, icache: 128, passes: 2 };

test('a grace period is drawn with the readers it waits for', async ({ page }) => {
  const { step, value: task } = await firstSnapshot(
    'after',
    'a grace period waiting for a reader',
    (snap) => snap.ih.grace_periods.find((gp) => gp.waiting_for.length > 0)?.waiting_for[0],
    { params: GP_READERS, kind: 'grace_period' },
  );
  await openAt(page, 'after', step, GP_READERS);
  const gp = page.getByTestId('grace-period').first();
  await expect(gp).toBeVisible();
  await expect(gp).toContainText(/GP #\d+/);
  await expect(gp).toContainText(new RegExp(`waits for .*\\bT${task}\\b`));
  await expect(gp).toContainText(/then frees ino \d+/);
  /* the walker it waits for, where it is on a chain, is ringed */
  const walker = page.locator(`[data-task="${task}"]`);
  if ((await walker.count()) > 0) await expect(walker.locator('.ih-pill.gp-waited')).toBeAttached();
});

test('the heatmaps render: CPUs spinning and hot chains, with the step line', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', step: 50 }));
  await waitForRuns(page);
  const cpu = page.getByTestId('heatmap');
  await expect(cpu).toHaveCount(2);
  await expect.poll(async () => Number(await cpu.first().getAttribute('data-cells'))).toBeGreaterThan(0);
  const chains = page.getByTestId('chain-heatmap');
  await expect(chains).toHaveCount(2);
  await expect.poll(async () => Number(await chains.first().getAttribute('data-cells'))).toBeGreaterThan(0);
  await expect(chains.first().locator('.heat-marker')).toBeAttached();
  await expect(page.getByTestId('hot-chains').first()).toContainText(/busiest: bucket/);
  await chains.first().hover();
  await expect(page.getByTestId('chain-heatmap-tooltip')).toContainText(/on these chains/);
});

test("the CPU heatmaps' words follow from the cells they draw: the small configuration and the mail's rows", async ({ page }) => {
  /* the small configuration has twelve threads: 14 CPUs' cells to read, each state in turn */
  test.setTimeout(240_000);
  await page.goto(labUrl(LAB, { variant: 'side' }));
  await waitForRuns(page);
  await expect(page.getByTestId('heatmap')).toHaveCount(2);
  await checkHeatmapWords(page);
  const rows = (await loadEngine()).rows(LAB).rows;
  for (const row of rows) {
    await page.goto(labUrl(LAB, { variant: 'side', ...row.params }));
    await page.reload();
    await expect(page.getByTestId('heatmap-summary')).toHaveCount(2, { timeout: 60_000 });
    await checkHeatmapWords(page);
  }
});

test('the hash table and the chain heatmap export as SVG and PNG', async ({ page }) => {
  await openAt(page, 'before', 40);
  const svg = await exportSvg(page, 'inode-hash-table-before');
  expect(svg.file).toBe('inode-hash-table-before.svg');
  expect(svg.text).toContain('inode_hash_lock');

  const png = page.waitForEvent('download');
  await page.getByTestId('export-png-inode-hash-chain-heat-before').click();
  expect((await png).suggestedFilename()).toBe('inode-hash-chain-heat-before.png');
});

test('the URL state round-trips: lab, variant, parameters with fs, seed and step', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after', fs: 'btrfs', threads: 3, seed: 5, step: 12 }));
  await waitForRuns(page);
  await expect(page.getByTestId('variant')).toHaveValue('after');
  await expect(page.getByTestId('param-fs')).toHaveValue('btrfs');
  await expect(page.getByTestId('param-threads')).toHaveValue('3');
  await expect(page.getByTestId('seed')).toHaveValue('5');
  await expect(page.getByTestId('step-counter')).toHaveText('12');
  await expect(page.getByTestId('url-error')).toHaveCount(0);

  await page.getByTestId('param-fs').selectOption('ext4');
  await page.getByTestId('variant').selectOption('side');
  await expect.poll(async () => (await hashQuery(page)).get('fs')).toBe('ext4');
  const q = await hashQuery(page);
  expect(q.get('variant')).toBe('side');
  expect(q.get('seed')).toBe('5');

  await page.reload();
  await waitForRuns(page);
  await expect(page.getByTestId('param-fs')).toHaveValue('ext4');
  await expect(page.getByTestId('variant')).toHaveValue('side');
  await expect(page.getByTestId('hash-table')).toHaveCount(2);
});

test('fs in the URL is still read from its index, and written as its name', async ({ page }) => {
  await page.goto(labUrl(LAB, { fs: 1 }));
  await expect(page.getByTestId('param-fs')).toHaveValue('btrfs');
  await expect(page.getByTestId('url-error')).toHaveCount(0);
  await expect.poll(async () => (await hashQuery(page)).get('fs')).toBe('btrfs');
});

test('a bad fs in the URL is reported with the file systems it may be', async ({ page }) => {
  for (const fs of ['7', 'xfs']) {
    await page.goto(labUrl(LAB, { fs }));
    const banner = page.getByTestId('url-error');
    await expect(banner).toContainText(`fs=${fs}`);
    await expect(banner).toContainText('ext4, btrfs');
    await expect(page.getByTestId('param-fs')).toHaveValue('ext4');
  }
});

test("the paper sweep fills the mail's table, user, system and total, with ranges over seeds and verdicts", async ({ page }) => {
  test.setTimeout(180_000);
  /* computed in a process of its own while the page sweeps */
  const rows = expectedPaperRows(LAB);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('paper-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('mail-table')).toContainText('890.9 s');
  /* the mail gives its own noise, shown beside each of its figures */
  const shownRows = await page.locator('[data-testid^="sim-before-"]').count();
  expect(shownRows).toBeGreaterThan(0);
  await expect(page.getByTestId('paper-range')).toHaveCount(2 * shownRows);
  await page.getByTestId('sweep-run').click();
  const error = page.getByTestId('sweep-error');
  const filled = page.getByTestId('sim-after-2').filter({ hasText: /\d/ });
  await expect(filled.or(error)).toBeVisible({ timeout: 150_000 });
  await expect(error, (await error.count()) > 0 ? ((await error.textContent()) ?? '') : '').toHaveCount(0);
  await expect(page.getByTestId('mail-sim-ext4-before-sys_s')).toHaveText(/\d/);
  await checkPaperVerdicts(page, await rows);
  /* the whole table's simulator side is the paper row's run (20 threads), not another point of the sweep */
  for (const [fs, row] of [
    ['ext4', 1],
    ['btrfs', 2],
  ] as const)
    for (const v of ['before', 'after'] as const) {
      const paper = parseFloat((await page.getByTestId(`sim-${v}-${row}`).textContent()) ?? '');
      const whole = parseFloat((await page.getByTestId(`mail-sim-${fs}-${v}-total_s`).textContent()) ?? '');
      expect(Math.abs(whole - paper), `${fs} ${v}: ${whole} s in the whole table, ${paper} in the paper table`).toBeLessThan(0.1);
    }
  await expect(page.getByTestId('mail-sim-btrfs-change-total_s')).toHaveText(/%/);
  await expect(page.getByTestId('mail-sim-btrfs-change-total_s')).toHaveAttribute('data-verdict', /^(as the mail|weaker than the mail|stronger than the mail|within the noise|against the mail|no mail figure)$/);
});

test('the whole table shows user time as an input, and says when its four numbers are one measurement', async ({ page }) => {
  test.setTimeout(180_000);
  /* computed in a process of its own while the page sweeps */
  const rows = expectedPaperRows(LAB);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('mail-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('mail-table-one-number-ext4').or(page.getByTestId('sweep-error'))).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('sweep-error')).toHaveCount(0);
  const expected = await rows;
  for (const [fs, row] of [
    ['ext4', 1],
    ['btrfs', 2],
  ] as const) {
    /* an input: marked so, and no change reported for it */
    for (const v of ['before', 'after'] as const) {
      const cell = page.getByTestId(`mail-sim-${fs}-${v}-user_s`).locator('xpath=..');
      await expect(cell).toHaveAttribute('data-input', 'true');
      await expect(cell).toContainText('input');
    }
    await expect(page.getByTestId(`mail-sim-${fs}-change-user_s`)).toHaveText('input');
    await expect(page.getByTestId(`mail-sim-${fs}-change-user_s`)).not.toHaveText(/%/);
    /* the other columns are results, each with its verdict */
    for (const key of ['sys_s', 'cpu_pct', 'total_s'])
      await expect(page.getByTestId(`mail-sim-${fs}-change-${key}`)).toHaveAttribute('data-verdict', /^(as the mail|weaker than the mail|stronger than the mail|within the noise|against the mail|no mail figure)$/);
    /* one measurement exactly when every run's walkers were on a CPU for at least 95% of threads x total */
    const e = expected.find((x) => x.row === row)!;
    const threads = e.params.threads!;
    const busy = [...e.runs.before, ...e.runs.after].map((r) => (r.metrics.user_s! + r.metrics.sys_s!) / (threads * r.metrics.total_s!));
    const one = Math.min(...busy) >= 0.95;
    await expect(page.getByTestId(`mail-table-one-number-${fs}`)).toHaveAttribute('data-one', String(one));
    await expect(page.getByTestId(`mail-table-one-number-${fs}`)).toContainText(one ? 'one measured number' : 'measure something the total does not');
    const lo = `${(Math.min(...busy) * 100).toFixed(0)}%`;
    const hi = `${(Math.max(...busy) * 100).toFixed(0)}%`;
    await expect(page.getByTestId(`mail-table-one-number-${fs}`)).toContainText(lo === hi ? `for ${lo} of` : `for ${lo}–${hi} of`);
  }
  /* the input's value per stat, from the runs themselves */
  const perStat = expected.flatMap((e) => [...e.runs.before, ...e.runs.after]).map((r) => (r.metrics.user_s! / r.metrics.stats!) * 1e9);
  const lo = `${Math.min(...perStat).toFixed(0)} ns`;
  const hi = `${Math.max(...perStat).toFixed(0)} ns`;
  await expect(page.getByTestId('user-per-stat')).toHaveText(lo === hi ? lo : `${lo}–${hi}`);
});

test('the thread sweep runs in the worker with progress and draws its lines', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('thread-sweep-empty')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sweep-run').click();
  /* the progress label names the point under way, then the whole sweep done */
  const label = page.getByTestId('sweep-progress-label');
  await expect(label).toHaveText(/point \d+\/\d+ (\(|done)/);
  const error = page.getByTestId('sweep-error');
  const lines = page.getByTestId('sweep-line');
  await expect(lines.first().or(error)).toBeVisible({ timeout: 150_000 });
  await expect(error, (await error.count()) > 0 ? ((await error.textContent()) ?? '') : '').toHaveCount(0);
  await expect(label).toHaveText(/point (\d+)\/\1 done/);
  const total = Number(await page.getByTestId('sweep-progress').getAttribute('max'));
  expect(Number(await page.getByTestId('sweep-progress').getAttribute('value'))).toBe(total);
  /* every point before and after, with every seed */
  const seeds = sweepSeeds(lab.sweepSeeds);
  await expect(label).toContainText(`seeds ${seeds.join(', ')}`);
  const points = total / (2 * seeds.length);
  await expect(lines).toHaveCount(4);
  for (const l of await lines.all()) expect(Number(await l.getAttribute('data-points'))).toBe(points / 2);
  /* each point of each line with its whisker from the lowest to the highest seed */
  await expect(page.getByTestId('sweep-whisker')).toHaveCount(2 * points);
  await expect(page.getByTestId('thread-sweep-table').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('thread-sweep-table')).toContainText('20 threads');
  const verdicts = page.getByTestId('thread-sweep-table').getByTestId('verdict');
  await expect(verdicts).toHaveCount(points);
  for (const v of await verdicts.all()) await expect(v).toHaveAttribute('data-verdict', /^(as the mail|weaker than the mail|stronger than the mail|within the noise|against the mail|no mail figure)$/);
});

test('side by side, the before and after heatmaps are drawn on one time axis', async ({ page }) => {
  /* at the model's defaults, inode-hash's after run is shorter than its before run */
  const query: Record<string, number | string> = { variant: 'side' };
  for (const s of await paramSpecs(LAB)) query[s.name] = s.default;
  await page.goto(labUrl(LAB, query));
  await expect(page.getByTestId('run-status')).toHaveText(/steps/, { timeout: 30_000 });
  const maps = page.getByTestId('heatmap');
  await expect(maps).toHaveCount(2);
  const read = () =>
    maps.evaluateAll((els) =>
      els.map((e) => ({
        axis: Number(e.getAttribute('data-axis-ns')),
        end: Number(e.getAttribute('data-end-ns')),
        endX: e.getAttribute('data-end-x'),
        plotW: Number(e.getAttribute('data-plot-w')),
        marks: e.querySelectorAll('[data-testid="heatmap-run-end"]').length,
      })),
    );
  await expect.poll(async () => new Set((await read()).map((m) => m.axis)).size).toBe(1);
  const maps2 = await read();
  const axis = Math.max(...maps2.map((m) => m.end));
  expect(maps2[0]!.end).not.toBe(maps2[1]!.end);
  for (const m of maps2) {
    expect(m.axis).toBe(axis);
    if (m.end < axis) {
      expect(m.marks).toBe(1);
      expect(Number(m.endX)).toBeCloseTo((m.end / axis) * m.plotW, 0);
    } else {
      expect(m.marks).toBe(0);
      expect(m.endX).toBeNull();
    }
  }
  await expect(maps.getByTestId('heatmap-run-end')).toContainText('run ended');
  /* every map on the page, the lab's own included, is on the same axis */
  const all = await page.locator('.heatmap[data-axis-ns]').evaluateAll((els) => els.map((e) => e.getAttribute('data-axis-ns')));
  expect(all.length).toBeGreaterThanOrEqual(2);
});

test('every presenter view at step 40 fits 1024x768 with both variants whole, every text 18 px or more, no label clipped', async ({ page }) => {
  test.setTimeout(120_000);
  await checkPresenterViews(page, LAB, { variant: 'side', step: 40 }, ['before', 'after']);
});

test('opens on its preset at a step where before and after differ, the hash lock within three seconds', async ({ page }) => {
  await checkOpening(page, manifest, 'lock');
});

test("the kernel panel says what emulation cannot show, what a quick run can, and where to run the mail's", async ({ page }) => {
  const panel = await openPanel(page, LAB);
  const note = panel.getByTestId('kernel-note').filter({ hasText: 'What emulation cannot show' });
  await expect(note).toBeVisible();
  for (const text of ['lab_iget_locked_lookups', 'ext4_contention_count', '--profile paper', 'real cores']) await expect(note).toContainText(text);
});

test('side by side, each variant has its own row of event ticks', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side' }));
  await waitForRuns(page);
  const rows = page.locator('[data-testid="event-ticks"] g[data-variant]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-variant', 'before');
  await expect(rows.nth(1)).toHaveAttribute('data-variant', 'after');
  for (const r of [0, 1]) expect(await rows.nth(r).getByTestId('event-tick').count()).toBeGreaterThan(10);
});
