/**
 * The queues at the mail's own size: fast-commit's row 7 before the patch,
 * mid-walk (tests/e2e/viewsAtScale.ts says what a view at scale must hold).
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../../core/node';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';
import { DRAW_MS_MAX, medianStepMs, noteWorkerMessages, PANE_ELEMENTS_MAX, paneElements, paramsOf, snapshotAt, STEPS } from '../../../../tests/e2e/viewsAtScale';
import { BOX_TONES } from './queues';

const LAB = 'fast-commit';

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

test("row 7 before the patch, mid-walk: the queues are bars with the cursor over the window", async ({ page }) => {
  test.setTimeout(180_000);
  const lab = LAB;
  const engine = await loadEngine();
  const row = engine.rows(lab).rows.find((r) => r.row === 7)!;
  const params = await paramsOf(lab, row.params as Record<string, number>);
  /* a visit deep in the queue: the last node of a walk longer than the window (the closed form's step for it) */
  const visits = engine.run({ lab, variant: 'before', params, seed: 1, options: { marks: ['visit'], marksMax: 65536, traceMax: 1 } }).marks!.marks;
  const deep = visits.find((m) => m.b > 128);
  expect(deep, 'a walk past the 128 entries of the window').toBeDefined();
  const step = deep!.i;
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

