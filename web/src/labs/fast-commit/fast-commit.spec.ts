import { readFileSync } from 'node:fs';
import { TraceFile } from '../../core/chromeTraceSchema';
import { loadEngine } from '../../core/node';
import { FcSnapshot } from './schema';
import { journalLines } from './queues';
import { expect, hashQuery, labUrl, paramSpecs, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { checkOpening, presetRun } from '../../../../tests/e2e/labRuns';
import { checkHeatmapWords } from '../../../../tests/e2e/heatmapWords';
import { checkPaperVerdicts, expectedPaperRows } from '../../../../tests/e2e/seeds';
import { manifest } from './manifest';
import { lab } from './lab';
import { sweepSeeds } from '../../core/sweep';

const LAB = 'fast-commit';

test("the controls are generated from the model's parameter table", async ({ page }) => {
  const specs = await paramSpecs(LAB);
  expect(specs.length).toBeGreaterThan(0);
  await page.goto(labUrl(LAB));
  for (const spec of specs) {
    const input = page.getByTestId(`param-${spec.name}`);
    await expect(input).toBeVisible();
    if (spec.type === 'choice') {
      /* a choice (the kernel) is a select of its names, on its default */
      await expect(input.locator('option')).toHaveText(spec.choices);
      await expect(input).toHaveValue(spec.default_name);
      continue;
    }
    await expect(input).toHaveAttribute('min', String(spec.min));
    await expect(input).toHaveAttribute('max', String(spec.max));
  }
  await expect(page.locator('[data-testid^="param-"]')).toHaveCount(specs.length);
});

test('a run shows its metrics', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before' }));
  await waitForRuns(page);
  const metrics = page.getByTestId('metrics');
  await expect(metrics).toBeVisible();
  await expect(metrics).toContainText(/\d/);
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});

test('step forward advances the step counter and step back returns', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before' }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const start = Number(await counter.textContent());
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText(String(start + 1));
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText(String(start + 2));
  await page.getByTestId('step-back').click();
  await expect(counter).toHaveText(String(start + 1));
  await expect((await hashQuery(page)).get('step')).toBe(String(start + 1));
});

test('the animation shows the executing line and the two queues', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before', step: 40 }));
  await waitForRuns(page);
  /* the editor draws the lines of its scrolled box only once the box is in the window */
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('code-line-active').first()).toBeVisible();
  await expect(page.getByTestId('queue-dentry').first()).toBeAttached();
  await expect(page.getByTestId('queue-inode').first()).toBeAttached();
});

test('during a fast commit the journal line shows the updates locked and the threads asleep in start_this_handle', async ({ page }) => {
  const engine = await loadEngine();
  const params = Object.fromEntries(engine.params(LAB).map((p) => [p.name, p.default]));
  const run = (stopStep?: number) =>
    engine.run({ lab: LAB, variant: 'before', params, seed: 1, options: { stopStep, traceMax: 0, heatBuckets: 2 } });
  const total = run().result.sim.steps;
  let found: { step: number; snap: FcSnapshot } | null = null;
  for (let k = 1; k <= total && !found; k++) {
    const snap = FcSnapshot.parse(run(k).snapshot);
    const asleep = snap.tasks.some((t) => t.state === 'sleep' && t.fn === 'jbd2_journal_start');
    if (snap.fc.journal.fast_commit && snap.fc.journal.updates_locked && asleep) found = { step: k, snap };
  }
  if (!found) throw new Error('no step of the default before run has a thread asleep behind a fast commit');
  /* the table's defaults, named in the URL: the page opens on its preset otherwise */
  await page.goto(labUrl(LAB, { variant: 'before', step: found.step, ...params }));
  await waitForRuns(page);
  await expect(page.getByTestId('step-counter')).toHaveText(String(found.step));
  const journal = page.getByTestId('journal').first();
  await expect(journal).toHaveAttribute('data-locked', 'true');
  await expect(journal).toContainText(/fast commit, updates locked: [1-9]\d* threads? asleep in start_this_handle/);
  await expect(journal).toContainText(journalLines(found.snap)[1]);
  await expect(journal).toContainText(`T${found.snap.fc.journal.running_tid} running`);
});

test('play runs the animation and pause stops it', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after' }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const start = Number(await counter.textContent());
  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(start);
  await page.getByTestId('pause').click();
  const stopped = await counter.textContent();
  await page.waitForTimeout(500);
  await expect(counter).toHaveText(stopped ?? '');
});

test('the heatmap draws its cells', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before' }));
  await waitForRuns(page);
  const heatmap = page.getByTestId('heatmap').first();
  await expect(heatmap).toBeVisible();
  await expect.poll(async () => Number(await heatmap.getAttribute('data-cells'))).toBeGreaterThan(0);
});

test("the heatmaps' words follow from the cells they draw, before and after", async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', ...manifest.preset }));
  await waitForRuns(page);
  await expect(page.getByTestId('heatmap')).toHaveCount(2);
  await checkHeatmapWords(page);
});

test('the URL sets the controls, and the controls set the URL', async ({ page }) => {
  const specs = await paramSpecs(LAB);
  /* a value off the default for the first two parameters, within their ranges */
  const chosen = specs.slice(0, 2).map((s) => ({ name: s.name, value: s.default === s.min ? s.min + 1 : s.min }));
  const query: Record<string, number | string> = { variant: 'after', seed: 7 };
  for (const c of chosen) query[c.name] = c.value;

  await page.goto(labUrl(LAB, query));
  await expect(page.getByTestId('variant')).toHaveValue('after');
  await expect(page.getByTestId('seed')).toHaveValue('7');
  for (const c of chosen) await expect(page.getByTestId(`param-${c.name}`)).toHaveValue(String(c.value));
  await expect(page.getByTestId('url-error')).toHaveCount(0);

  const first = chosen[0]!;
  const spec = specs[0]!;
  const next = first.value + 1 <= spec.max ? first.value + 1 : first.value - 1;
  await page.getByTestId(`param-${first.name}`).fill(String(next));
  await page.getByTestId(`param-${first.name}`).press('Enter');
  await expect.poll(async () => (await hashQuery(page)).get(first.name)).toBe(String(next));

  await page.getByTestId('variant').selectOption('before');
  await expect.poll(async () => (await hashQuery(page)).get('variant')).toBe('before');
});

test('a bad value in the URL is reported with its range', async ({ page }) => {
  const [spec] = await paramSpecs(LAB);
  await page.goto(labUrl(LAB, { [spec!.name]: 'abc' }));
  const banner = page.getByTestId('url-error');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(spec!.name);
  await expect(banner).toContainText(`${spec!.min}..${spec!.max}`);
  await expect(page.getByTestId(`param-${spec!.name}`)).toHaveValue(/^\d+$/);
});

test('an out-of-range control value shows the simulator\'s message', async ({ page }) => {
  const [spec] = await paramSpecs(LAB);
  await page.goto(labUrl(LAB));
  await waitForRuns(page);
  await page.getByTestId(`param-${spec!.name}`).fill(String(spec!.max + 1));
  await page.getByTestId(`param-${spec!.name}`).press('Enter');
  const error = page.getByTestId('run-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(spec!.name);
});

test("the paper sweep fills the mail's table row by row: medians over seeds with their ranges, and each change's verdict against the mail's", async ({ page }) => {
  test.setTimeout(180_000);
  /* computed in a process of its own while the page sweeps */
  const rows = expectedPaperRows(LAB);
  await page.goto(labUrl(LAB));
  await expect(page.getByTestId('paper-table')).toBeVisible({ timeout: 30_000 });
  const last = await lastRow(page);
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toBeVisible();
  /* the first row fills while the sweep still runs the last ones (rows 7 and 8 take most of its time) */
  await expect(page.getByTestId('sim-after-1')).toHaveText(/\d/, { timeout: 60_000 });
  expect(await page.getByTestId('sweep-run').isDisabled(), 'row 1 filled before the sweep ended').toBe(true);
  await expect(page.getByTestId(`sim-after-${last}`)).toHaveText('—');
  /* the sweep ends in a filled last row or in an error; either ends the wait */
  const error = page.getByTestId('sweep-error');
  const filled = page.getByTestId(`sim-after-${last}`).filter({ hasText: /\d/ });
  await expect(filled.or(error)).toBeVisible({ timeout: 150_000 });
  await expect(error, (await error.count()) > 0 ? ((await error.textContent()) ?? '') : '').toHaveCount(0);
  await expect(page.getByTestId('sim-before-1')).toHaveText(/\d/);
  await expect(page.getByTestId('sweep-progress-label')).toContainText(`seeds ${sweepSeeds(lab.sweepSeeds).join(', ')}`);
  await checkPaperVerdicts(page, await rows);
});

/** The number of the paper table's last row, from its sim-before-<row> cells. */
async function lastRow(page: import('@playwright/test').Page): Promise<string> {
  const ids = await page.locator('[data-testid^="sim-before-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.at(-1)?.replace('sim-before-', '') ?? '1';
}

test('opens on its preset at a step where before and after differ, the walk within three seconds', async ({ page }) => {
  await checkOpening(page, manifest, 'visit');
});

test('the events are drawn and next / previous event land on them, frame and trace agreeing', async ({ page }) => {
  const m = manifest;
  const { out, stepAt } = await presetRun(m, 'before');
  const marks = out.marks!.marks;
  expect(marks.length).toBeGreaterThan(10);
  await page.goto(labUrl(m.id, { variant: 'before', ...m.preset, step: m.openingStep! }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  await expect(counter).toHaveText(String(m.openingStep));

  /* ticks: one row for the variant, at most one per pixel column, each at a marked step */
  const ticks = page.getByTestId('event-tick');
  await expect(ticks.first()).toBeAttached();
  const drawn = await ticks.evaluateAll((els) => els.map((e) => ({ x: Number(e.getAttribute('x')), step: Number(e.dataset.step), kind: e.dataset.kind })));
  expect(new Set(drawn.map((t) => t.x)).size).toBe(drawn.length);
  const byStep = new Map(marks.map((k) => [k.i, k.kind]));
  for (const t of drawn) expect(byStep.get(t.step), `tick at step ${t.step}`).toBe(t.kind);
  await expect(page.getByTestId('event-ticks')).toHaveAttribute('aria-label', /before: 33 commit starts, 33 commit ends/);

  /* next event: the first marked step after the opening step; its frame is that step of the trace */
  const next = marks.find((k) => k.i > m.openingStep!)!;
  await page.getByRole('button', { name: 'next event' }).click();
  await expect(counter).toHaveText(String(next.i));
  const traced = stepAt(next.i);
  expect(traced.kind).toBe(next.kind);
  await expect(page.getByTestId('anim-pane').first()).toHaveAttribute('data-frame-step', String(next.i));
  await expect(page.getByTestId('code-line-active').first()).toHaveAttribute('data-line', String(traced.line));

  /* ] goes on to the one after, [ and the button come back */
  const after = marks.find((k) => k.i > next.i)!;
  await page.keyboard.press(']');
  await expect(counter).toHaveText(String(after.i));
  expect(stepAt(after.i).kind).toBe(after.kind);
  await page.keyboard.press('[');
  await expect(counter).toHaveText(String(next.i));
  await page.getByRole('button', { name: 'previous event' }).click();
  const before = [...marks].reverse().find((k) => k.i < next.i)!;
  await expect(counter).toHaveText(String(before.i));
  await expect(page.getByTestId('code-line-active').first()).toHaveAttribute('data-line', String(stepAt(before.i).line));
});

test("the Perfetto trace holds the lab's own slices: s_fc_lock held, and the fast commits", async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', ...manifest.preset, step: 300 }));
  await waitForRuns(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('anim-export-trace').click()]);
  const trace = TraceFile.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
  const slices = trace.traceEvents.filter((e) => e.ph === 'X');
  expect(slices.some((e) => e.name === 'hold s_fc_lock')).toBe(true);
  expect(slices.some((e) => e.name === 'fast commit')).toBe(true);
});

test('an embed of the mechanism, a view this lab has not, says which views it has', async ({ page }) => {
  await page.goto(`/#/embed/${LAB}/mechanism`);
  await expect(page.getByTestId('embed-error')).toContainText('its views are: mail, animation, table, heatmap, kernel');
});
