/**
 * Views at the mail's own size stay legible and small: a structure longer
 * than its window is drawn whole as a bar (its cursor, visited part and
 * window) over the window's entries, with a caption that says what the bar
 * aggregates, the pane stays under PANE_ELEMENTS_MAX elements, and a frame
 * draws in under DRAW_MS_MAX (the median of STEPS steps, from the frame's
 * arrival from the worker to the next animation frame: React's render, the
 * layout and whatever else the page does for the step). Each test also
 * reports the main thread's own work for a step, which an animation frame
 * of 16.7 ms must hold for play to draw every frame.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../../web/src/core/node';
import { BOX_TONES } from '../../web/src/labs/fast-commit/queues';
import { expect, labUrl, test, waitForRuns } from './fixtures';

const PANE_ELEMENTS_MAX = 2_000;
const DRAW_MS_MAX = 50;
const STEPS = 15;

/** A lab's defaults with `over` applied, as the engine takes them. */
async function paramsOf(lab: string, over: Record<string, number | string>): Promise<Record<string, number | string>> {
  const engine = await loadEngine();
  return Object.fromEntries(engine.params(lab).map((p) => [p.name, over[p.name] ?? p.default]));
}

/** The snapshot of a run straight to `step`, from the same WASM build the page runs. */
async function snapshotAt(lab: string, variant: string, params: Record<string, number | string>, step: number): Promise<unknown> {
  const engine = await loadEngine();
  return engine.run({ lab, variant, params, seed: 1, options: { stopStep: step, traceMax: 0, heatBuckets: 2 } }).snapshot;
}

/**
 * Before the page loads: note when the main thread last took a message from a
 * worker (the frames come from the simulation's worker), so that a step's
 * drawing can be timed from its frame's arrival.
 */
async function noteWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __workerMsgAt: number };
    w.__workerMsgAt = 0;
    const add = Worker.prototype.addEventListener;
    Worker.prototype.addEventListener = function (this: Worker, type: string, listener: unknown, options?: unknown) {
      if (type === 'message' && typeof listener === 'function') {
        const inner = listener as (e: Event) => void;
        const outer = function (this: unknown, e: Event) {
          w.__workerMsgAt = performance.now();
          return inner.call(this, e);
        };
        return add.call(this, type, outer as EventListener, options as AddEventListenerOptions);
      }
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    } as typeof Worker.prototype.addEventListener;
  });
}

interface StepTimes {
  /** from the frame's arrival from the worker to the next animation frame: the pane drawn, ms */
  draw: number;
  /** from the click to the next animation frame after the pane shows the step, ms */
  step: number;
  /**
   * the main thread's work for the step: from the start of the animation
   * frame that puts it on the page to the end of React's commit (the render,
   * the views' layout effects and what they measure), and the browser's
   * next rendering update (style, layout, paint) that shows it, ms
   */
  work: number;
}

/**
 * Click step-forward `STEPS` times in the page and time each; the medians.
 */
async function medianStepMs(page: Page, variant: string): Promise<StepTimes> {
  const times = await page.evaluate(
    async ({ variant, steps }) => {
      const w = window as unknown as { __workerMsgAt: number };
      const pane = document.querySelector(`[data-testid="anim-pane"][data-variant="${variant}"]`)!;
      const button = document.querySelector<HTMLButtonElement>('[data-testid="step-forward"]')!;
      /* when each animation frame's callbacks begin: this loop's callback is asked for before any answer's */
      let frameAt = 0;
      let looping = true;
      const loop = () => {
        frameAt = performance.now();
        if (looping) requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
      const out: { draw: number; step: number; work: number }[] = [];
      for (let k = 0; k < steps; k++) {
        const before = pane.getAttribute('data-frame-step');
        await new Promise<void>((resolve) => {
          const t0 = performance.now();
          const obs = new MutationObserver(() => {
            if (pane.getAttribute('data-frame-step') === before) return;
            obs.disconnect();
            const arrived = w.__workerMsgAt;
            const committed = performance.now() - frameAt;
            requestAnimationFrame(() => {
              const t = performance.now();
              /* a message's task runs once the browser has rendered this frame */
              const ch = new MessageChannel();
              ch.port1.onmessage = () => {
                out.push({ draw: t - arrived, step: t - t0, work: committed + (performance.now() - t) });
                resolve();
              };
              ch.port2.postMessage(null);
            });
          });
          obs.observe(pane, { attributes: true, attributeFilter: ['data-frame-step'] });
          button.click();
        });
        /* let the button come back before the next click */
        await new Promise((r) => setTimeout(r, 30));
      }
      looping = false;
      return out;
    },
    { variant, steps: STEPS },
  );
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { draw: median(times.map((t) => t.draw)), step: median(times.map((t) => t.step)), work: median(times.map((t) => t.work)) };
}

/** How many of the queue canvas' device pixels are each of `colors` (#rrggbb), in `variant`'s pane. */
async function tonePixels(page: Page, variant: string, colors: string[]): Promise<number[]> {
  return page.evaluate(
    ({ variant, colors }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="anim-pane"][data-variant="${variant}"] [data-testid="queue-canvas"]`)!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const want = colors.map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
      const counts = colors.map(() => 0);
      for (let p = 0; p < data.length; p += 4)
        want.forEach(([r, g, b], k) => {
          if (data[p] === r && data[p + 1] === g && data[p + 2] === b && data[p + 3] === 255) counts[k]!++;
        });
      return counts;
    },
    { variant, colors },
  );
}

async function paneElements(page: Page, variant: string): Promise<number> {
  return page.locator(`[data-testid="anim-pane"][data-variant="${variant}"] *`).count();
}

test("fast-commit's row 7 before the patch, mid-walk: the queues are bars with the cursor over the window", async ({ page }) => {
  test.setTimeout(180_000);
  const lab = 'fast-commit';
  const engine = await loadEngine();
  const row = engine.rows(lab).rows.find((r) => r.row === 7)!;
  const params = await paramsOf(lab, row.params as Record<string, number>);
  const step = 37_000_000;
  const snap = (await snapshotAt(lab, 'before', params, step)) as {
    fc: { inode_q_len: number; walk: { inode_idx: number; dentry_idx: number } | null };
  };
  /* the step is mid-walk, deep in a queue far longer than the window */
  expect(snap.fc.walk).not.toBeNull();
  expect(snap.fc.inode_q_len).toBeGreaterThan(1_000);
  expect(snap.fc.walk!.inode_idx).toBeGreaterThan(128);

  await noteWorkerMessages(page);
  await page.goto(labUrl(lab, { variant: 'before', ...params, step }));
  await waitForRuns(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="before"]');
  await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 60_000 });

  const bar = pane.getByTestId('bar-inode');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-of', String(snap.fc.inode_q_len));
  await expect(bar).toHaveAttribute('data-cursor', String(snap.fc.walk!.inode_idx));
  await expect(pane.getByTestId('bar-inode-cursor')).toBeVisible();
  await expect(pane.getByTestId('bar-inode-visited')).toBeAttached();
  await expect(pane.getByTestId('bar-inode-caption')).toContainText(
    `${snap.fc.inode_q_len.toLocaleString('en-US')} inodes on the queue: bar = all, 1 px ≈`,
  );
  await expect(pane.getByTestId('bar-inode-caption')).toContainText('below, the 128 around the compared entry');
  await expect(pane.getByTestId('bar-dentry')).toBeVisible();
  /* the windows' boxes are on the canvas under the SVG: the compared entry and the record committed among them */
  const canvas = pane.getByTestId('queue-canvas');
  await expect(canvas).toBeVisible();
  const [compared, current] = await tonePixels(page, 'before', [BOX_TONES.inodeCompared.fill, BOX_TONES.dentryCurrent.fill]);
  expect(compared).toBeGreaterThan(50);
  expect(current).toBeGreaterThan(50);
  /* the text alternative says where the commit stands */
  await expect(pane.locator('svg[role="img"]').first()).toHaveAttribute(
    'aria-label',
    new RegExp(`${snap.fc.inode_q_len.toLocaleString('en-US')} inodes on s_fc_q, #[\\d,]+ to #[\\d,]+ drawn; T\\d+ commits record #${snap.fc.walk!.dentry_idx.toLocaleString('en-US')}, compared with inode entry #${snap.fc.walk!.inode_idx.toLocaleString('en-US')};`),
  );
  /* the export draws the window's 128 entries as SVG, one box each, the compared one among them */
  const download = page.waitForEvent('download');
  await pane.getByTestId('export-svg-fast-commit-queues-before').click();
  const text = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8');
  expect(text.match(/<title>inode entry #\d+: ino \d+/g)).toHaveLength(128);
  const box = new RegExp(`<rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"[^>]*fill="${BOX_TONES.inodeCompared.fill}"[^>]*><title>inode entry #${snap.fc.walk!.inode_idx}: `).exec(text);
  expect(box).not.toBeNull();
  /* the canvas names the box under the pointer, where the export drew it */
  const group = /data-queue="inode"[^>]*transform="translate\(([\d.]+),([\d.]+)\)"/.exec(text);
  expect(group).not.toBeNull();
  const [x, y, w, h] = box!.slice(1, 5).map(Number) as [number, number, number, number];
  await canvas.scrollIntoViewIfNeeded();
  const svgBox = (await pane.locator('svg[role="img"]').first().boundingBox())!;
  await page.mouse.move(svgBox.x + Number(group![1]) + x + w / 2, svgBox.y + Number(group![2]) + y + h / 2);
  await expect(canvas).toHaveAttribute('title', new RegExp(`^inode entry #${snap.fc.walk!.inode_idx}: ino \\d+`));
  /* the task chips are on a canvas of their own, which names the task under the pointer; the text alternative counts them by state */
  await expect(pane.getByTestId('task-chip')).toHaveCount(0);
  const chips = pane.getByTestId('chips-canvas');
  await chips.scrollIntoViewIfNeeded();
  const chipsBox = (await chips.boundingBox())!;
  await page.mouse.move(chipsBox.x + 3, chipsBox.y + 3);
  await expect(chips).toHaveAttribute('title', /^T0 \S+ on cpu \d+: \w+ in \w+ \(line \d+\)$/);
  await expect(pane.locator('svg[role="img"]').first()).toHaveAttribute('aria-label', /; 65 tasks: \d+ \w+/);

  const elements = await paneElements(page, 'before');
  expect(elements).toBeLessThan(PANE_ELEMENTS_MAX);
  const ms = await medianStepMs(page, 'before');
  console.log(
    `fast-commit row 7 before at step ${step}: ${elements} elements in the pane; ` +
      `a frame drawn in ${ms.draw.toFixed(1)} ms (the main thread's work ${ms.work.toFixed(1)} ms), a step from the click in ${ms.step.toFixed(1)} ms (medians of ${STEPS})`,
  );
  expect(ms.draw).toBeLessThan(DRAW_MS_MAX);
  expect(await paneElements(page, 'before')).toBeLessThan(PANE_ELEMENTS_MAX);
});

test('inode-hash with 16,384 buckets and 80,000 files: the overview counts every bucket, the chains drawn are those walked now', async ({ page }) => {
  test.setTimeout(180_000);
  const lab = 'inode-hash';
  const engine = await loadEngine();
  const params = await paramsOf(lab, { hash_bits: 14, icache: 1_048_576, threads: 20, dirs: 16, files: 256, passes: 1 });
  const total = engine.result({ lab, variant: 'before', params, seed: 1, options: { traceMax: 0 } }).sim.steps;
  type Ih = { ih: { nonempty: number; hashed: number; chains: unknown[]; readers: { bucket: number }[]; locked_walkers: { bucket: number }[] } };
  const walkers = (s: Ih) => s.ih.readers.length + s.ih.locked_walkers.length;
  /* the first step from halfway on where a task stands on a chain */
  let step = Math.floor(total / 2);
  let snap = (await snapshotAt(lab, 'before', params, step)) as Ih;
  while (!walkers(snap) && step < total - 1) snap = engine.advance(++step, { traceMax: 0 }).snapshot as Ih;
  expect(snap.ih.nonempty).toBeGreaterThan(1_000);
  expect(snap.ih.chains.length).toBe(64);
  const walked = [...snap.ih.readers, ...snap.ih.locked_walkers].map((w) => w.bucket);
  expect(walked.length).toBeGreaterThan(0);

  await noteWorkerMessages(page);
  await page.goto(labUrl(lab, { variant: 'before', ...params, step }));
  await waitForRuns(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="before"]');
  await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 60_000 });

  await expect(pane.getByTestId('table-caption')).toContainText(
    `${snap.ih.hashed.toLocaleString('en-US')} inodes on ${snap.ih.nonempty.toLocaleString('en-US')} chains: overview = all, 1 cell = 32 buckets`,
  );
  await expect(pane.locator('[data-testid="bucket-overview"] rect')).toHaveCount(512);
  /* a chain walked now is drawn */
  await expect(pane.locator(`[data-testid="ih-chain"][data-bucket="${walked[0]}"]`)).toBeVisible();

  const elements = await paneElements(page, 'before');
  expect(elements).toBeLessThan(PANE_ELEMENTS_MAX);
  const ms = await medianStepMs(page, 'before');
  console.log(
    `inode-hash 16,384 buckets at step ${step}: ${elements} elements in the pane; ` +
      `a frame drawn in ${ms.draw.toFixed(1)} ms (the main thread's work ${ms.work.toFixed(1)} ms), a step from the click in ${ms.step.toFixed(1)} ms (medians of ${STEPS})`,
  );
  expect(ms.draw).toBeLessThan(DRAW_MS_MAX);
});

test("extent-status at its largest (32 jobs, 65,536 small files), a shrinker in a tree: the bar is the whole tree, with the cursor", async ({ page }) => {
  test.setTimeout(180_000);
  const lab = 'extent-status';
  const engine = await loadEngine();
  const params = await paramsOf(lab, { case: 'a', jobs: 32, small_files: 65_536 });
  const total = engine.result({ lab, variant: 'baseline', params, seed: 1, options: { traceMax: 0 } }).sim.steps;
  type Es = { es: { focus: { cursor: number; nr_extents: number; runs_of: number } | null } };
  const cursor = (s: Es) => s.es.focus?.cursor ?? -1;
  /* from halfway on, the first step (by 50) where a shrinker stands in the tree drawn */
  let step = Math.floor(total / 2);
  let snap = (await snapshotAt(lab, 'baseline', params, step)) as Es;
  while (cursor(snap) < 0 && step < total - 50) snap = engine.advance((step += 50), { traceMax: 0 }).snapshot as Es;
  expect(cursor(snap)).toBeGreaterThanOrEqual(0);
  const focus = snap.es.focus!;

  await noteWorkerMessages(page);
  await page.goto(labUrl(lab, { variant: 'baseline', ...params, step }));
  await waitForRuns(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="baseline"]');
  await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 60_000 });

  await expect(pane.getByTestId('es-cursor')).toHaveAttribute('data-lblk', String(focus.cursor));
  await expect(pane.getByTestId('es-cursor')).toBeVisible();
  await expect(pane.getByTestId('es-tree-caption')).toContainText(
    `bar = all ${focus.nr_extents.toLocaleString('en-US')} extents in ${focus.runs_of.toLocaleString('en-US')} runs, 1 px`,
  );
  await expect(pane.getByTestId('es-run')).not.toHaveCount(0);

  const elements = await paneElements(page, 'baseline');
  expect(elements).toBeLessThan(PANE_ELEMENTS_MAX);
  const ms = await medianStepMs(page, 'baseline');
  console.log(
    `extent-status largest case a at step ${step}: ${focus.nr_extents} extents in ${focus.runs_of} runs, ${elements} elements in the pane; ` +
      `a frame drawn in ${ms.draw.toFixed(1)} ms (the main thread's work ${ms.work.toFixed(1)} ms), a step from the click in ${ms.step.toFixed(1)} ms (medians of ${STEPS})`,
  );
  expect(ms.draw).toBeLessThan(DRAW_MS_MAX);
});
