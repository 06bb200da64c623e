/**
 * Events on the scrubber: each lab marks the steps of its kinds (commits,
 * lock handoffs, grace periods, shrinker calls) from its full runs, at most
 * one tick per pixel column; next and previous event (buttons and ] [) land
 * on a marked step whose frame is that step of the trace; and each lab opens
 * on its preset at its opening step, where before and after differ.
 */
import { loadEngine } from '../../web/src/core/node';
import { manifest as btrfsFsync } from '../../web/src/labs/btrfs-fsync/manifest';
import { manifest as ext4Writeback } from '../../web/src/labs/ext4-writeback/manifest';
import { manifest as extentStatus } from '../../web/src/labs/extent-status/manifest';
import { manifest as fastCommit } from '../../web/src/labs/fast-commit/manifest';
import { manifest as inodeHash } from '../../web/src/labs/inode-hash/manifest';
import type { LabManifest } from '../../web/src/app/LabPage';
import { formatNumber } from '../../lib/format';
import { expect, labUrl, test, waitForRuns } from './fixtures';

const MANIFESTS: LabManifest[] = [fastCommit, inodeHash, extentStatus, btrfsFsync, ext4Writeback] as unknown as LabManifest[];

/* per lab, the kind of step where the patch shows: the walk, the hash lock, the shrinker, a fallback, an fsync */
const SHOWS: Record<string, string> = {
  'fast-commit': 'visit',
  'inode-hash': 'lock',
  'extent-status': 'shrink_begin',
  'btrfs-fsync': 'fallback',
  'ext4-writeback': 'fsync',
};

/* the lab's preset as a whole parameter set, and its run of `variant` with its marks */
async function presetRun(m: LabManifest, variant: string) {
  const engine = await loadEngine();
  const params: Record<string, number> = {};
  for (const s of engine.params(m.id)) params[s.name] = m.preset[s.name] ?? s.default;
  const out = engine.run({ lab: m.id, variant, params, seed: 1, options: { traceMax: 0, heatBuckets: 2, marks: Object.keys(m.markers ?? {}) } });
  /* the trace steps [from, to] of the same run */
  const trace = (from: number, to: number) =>
    engine.run({ lab: m.id, variant, params, seed: 1, options: { stopStep: to, traceFrom: from, traceMax: to - from + 1, heatBuckets: 2 } }).steps.steps;
  const stepAt = (i: number) => trace(i, i)[0]!;
  return { out, stepAt, trace, metric: engine.rows(m.id).metric };
}

test('fast-commit draws its events and next / previous event land on them, frame and trace agreeing', async ({ page }) => {
  const m = fastCommit as unknown as LabManifest;
  const { out, stepAt } = await presetRun(m, 'before');
  const marks = out.marks!.marks;
  expect(marks.length).toBeGreaterThan(10);
  await page.goto(labUrl(m.id, { variant: 'before' }));
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

test('side by side, each variant has its own row of ticks', async ({ page }) => {
  const m = inodeHash as unknown as LabManifest;
  await page.goto(labUrl(m.id, { variant: 'side' }));
  await waitForRuns(page);
  const rows = page.locator('[data-testid="event-ticks"] g[data-variant]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-variant', 'before');
  await expect(rows.nth(1)).toHaveAttribute('data-variant', 'after');
  for (const r of [0, 1]) expect(await rows.nth(r).getByTestId('event-tick').count()).toBeGreaterThan(10);
});

for (const m of MANIFESTS) {
  test(`${m.id} opens on its preset at a step where before and after differ`, async ({ page }) => {
    const engine = await loadEngine();
    const variants = engine.labs().find((l) => l.id === m.id)!.variants;
    const first = variants[0]!;
    const last = variants[variants.length - 1]!;
    const a = await presetRun(m, first);
    const b = await presetRun(m, last);
    /* the headline metric differs clearly */
    const ma = a.out.result.metrics[a.metric]!;
    const mb = b.out.result.metrics[a.metric]!;
    expect(Math.abs(ma - mb) / Math.max(Math.abs(ma), Math.abs(mb)), `${a.metric}: ${ma} vs ${mb}`).toBeGreaterThan(0.03);
    /* where the patch shows comes within three seconds of playback at the default speed (10 steps/s) */
    const kind = SHOWS[m.id]!;
    const shown = a.trace(m.openingStep!, m.openingStep! + 30).find((s) => s.kind === kind);
    expect(shown, `a ${kind} step within 30 steps of step ${m.openingStep}`).toBeDefined();
    const soon = a.out.marks!.marks.find((k) => k.i > m.openingStep!);
    expect(soon, `an event after step ${m.openingStep}`).toBeDefined();

    await page.goto(labUrl(m.id, { variant: 'side' }));
    await waitForRuns(page);
    await expect(page.getByTestId('step-counter')).toHaveText(String(m.openingStep));
    /* the page ran the preset: its step totals are the runs' */
    await expect(page.getByTestId('run-status')).toContainText(`${first}: ${formatNumber(a.out.result.sim.steps)} steps`);
    await expect(page.getByTestId('run-status')).toContainText(`${last}: ${formatNumber(b.out.result.sim.steps)} steps`);
    await page.getByRole('button', { name: 'next event' }).click();
    await expect.poll(async () => Number(await page.getByTestId('step-counter').textContent())).toBeLessThanOrEqual(soon!.i);
  });
}
