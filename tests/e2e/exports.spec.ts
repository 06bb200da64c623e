/**
 * The animation's exports in Chromium: the Perfetto trace button downloads a
 * Chrome trace of the shown runs around the step on screen; a range of steps
 * becomes a WebM that a <video> plays for frames / fps seconds, or a GIF of
 * as many frames; a range too long is refused, and an export can be cancelled.
 * Every exported frame of a pane (its SVG and PNG, each frame of a video)
 * says its variant and its step on a line atop.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { TraceFile } from '../../web/src/core/chromeTraceSchema';
import { ANIMATION_FRAMES_MAX } from '../../web/src/viz/export/animationRange';
import { CAPTION_PX } from '../../web/src/viz/export/exportChart';
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB as LAB } from './labs';

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  if (!path) throw new Error(`download ${download.suggestedFilename()} has no file`);
  return readFileSync(path);
}

async function setRange(page: Page, range: { from: number; to: number; every: number; fps: number; format: 'webm' | 'gif' }) {
  await page.getByTestId('anim-export-from').fill(String(range.from));
  await page.getByTestId('anim-export-to').fill(String(range.to));
  await page.getByTestId('anim-export-every').fill(String(range.every));
  await page.getByTestId('anim-export-fps').fill(String(range.fps));
  await page.getByTestId('anim-export-format').selectOption(range.format);
}

async function exportVideo(page: Page): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('anim-export-video').click()]);
  return download;
}

/** The image descriptors of a GIF, walked block by block (GIF89a), with each frame's delay in 1/100 s. */
function gifFrames(bytes: Buffer): { width: number; height: number; delays: number[]; images: number } {
  if (bytes.subarray(0, 6).toString('latin1') !== 'GIF89a') throw new Error('not a GIF89a file');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let at = 13;
  if (bytes[10]! & 0x80) at += 3 * (1 << ((bytes[10]! & 7) + 1));
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at]! + 1;
    at++;
  };
  const delays: number[] = [];
  let images = 0;
  for (;;) {
    const block = bytes[at++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = bytes[at++];
      if (label === 0xf9) delays.push(bytes.readUInt16LE(at + 2));
      skipSubBlocks();
    } else if (block === 0x2c) {
      images++;
      const flags = bytes[at + 8]!;
      at += 9;
      if (flags & 0x80) at += 3 * (1 << ((flags & 7) + 1));
      at++; /* LZW minimum code size */
      skipSubBlocks();
    } else {
      throw new Error(`unexpected GIF block 0x${block?.toString(16)} at byte ${at - 1}`);
    }
  }
  return { width, height, delays, images };
}

test('the Perfetto trace button downloads a Chrome trace of the shown runs around the step', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', step: 300 }));
  await waitForRuns(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('anim-export-trace').click()]);
  expect(download.suggestedFilename()).toBe(`${LAB}-before-after-trace-step-300.json`);
  const parsed = TraceFile.safeParse(JSON.parse((await bytesOf(download)).toString('utf8')));
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  const trace = parsed.data!;
  const processes = trace.traceEvents.flatMap((e) => (e.ph === 'M' && e.name === 'process_name' ? [e.args.name] : []));
  expect(processes).toEqual([`${LAB} before (seed 1)`, `${LAB} after (seed 1)`]);
  /* the slices of the lab's own trace rules (which names they bear is checked in each lab's spec) */
  expect(trace.traceEvents.filter((e) => e.ph === 'X').length).toBeGreaterThan(0);
  await expect(page.getByTestId('anim-export-error')).toHaveCount(0);
});

test('a WebM of N frames at F fps plays for N / F seconds', async ({ page }) => {
  const frames = 12;
  const fps = 6;
  await page.goto(labUrl(LAB, { variant: 'before', step: 40 }));
  await waitForRuns(page);
  const supported = await page.evaluate(async () =>
    typeof VideoEncoder === 'undefined'
      ? 'no VideoEncoder'
      : (await VideoEncoder.isConfigSupported({ codec: 'vp8', width: 640, height: 480, bitrate: 1e6, framerate: 10 })).supported,
  );
  expect(supported, "Chromium's WebCodecs encodes VP8").toBe(true);
  await setRange(page, { from: 40, to: 40 + 2 * (frames - 1), every: 2, fps, format: 'webm' });
  const download = await exportVideo(page);
  expect(download.suggestedFilename()).toBe(`${LAB}-before-steps-40-${40 + 2 * (frames - 1)}.webm`);
  const bytes = await bytesOf(download);
  expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3); /* the EBML header */
  const video = await page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const el = document.createElement('video');
    el.muted = true;
    el.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await new Promise<void>((resolve, reject) => {
      el.onloadedmetadata = () => resolve();
      el.onerror = () => reject(new Error(`the video did not load: ${el.error?.message ?? el.error?.code}`));
    });
    const meta = { duration: el.duration, width: el.videoWidth, height: el.videoHeight };
    /* and it plays to its end */
    const ended = new Promise<boolean>((resolve) => {
      el.onended = () => resolve(true);
      setTimeout(() => resolve(false), 10_000);
    });
    await el.play();
    return { ...meta, ended: await ended, at: el.currentTime };
  }, bytes.toString('base64'));
  expect(video.width).toBeGreaterThan(0);
  expect(video.height).toBeGreaterThan(0);
  expect(Math.abs(video.duration - frames / fps)).toBeLessThanOrEqual(1 / fps);
  expect(video.ended).toBe(true);
  expect(Math.abs(video.at - frames / fps)).toBeLessThanOrEqual(1 / fps);
});

/** Each shown pane's variant and the height of its largest SVG (what its exports draw), px. */
async function paneSvgs(page: Page): Promise<{ variant: string; height: number }[]> {
  return page.getByTestId('anim-pane').evaluateAll((panes) =>
    panes.map((p) => {
      const heights = [...p.querySelectorAll('svg')]
        .filter((svg) => !svg.parentElement!.closest('svg'))
        .map((svg) => {
          const vb = svg.viewBox.baseVal;
          const r = svg.getBoundingClientRect();
          return vb && vb.height > 0 ? { area: vb.width * vb.height, height: vb.height } : { area: r.width * r.height, height: Math.round(r.height) };
        })
        .sort((a, b) => b.area - a.area);
      return { variant: p.getAttribute('data-variant')!, height: heights[0]!.height };
    }),
  );
}

test('each pane’s SVG and PNG say which variant and which step they show', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', step: 100 }));
  await waitForRuns(page);
  await expect(page.locator('[data-testid="anim-pane"][data-frame-step="100"]')).toHaveCount(2);
  for (const { variant, height } of await paneSvgs(page)) {
    const pane = page.locator(`[data-testid="anim-pane"][data-variant="${variant}"]`);
    const [svgFile] = await Promise.all([page.waitForEvent('download'), pane.locator('[data-testid^="export-svg-"]').click()]);
    const svg = (await bytesOf(svgFile)).toString('utf8');
    expect(svg, `${variant}'s SVG`).toMatch(new RegExp(`<text [^>]*data-export-caption=""[^>]*>${variant}\\b[^<]* · step 100</text>`));
    const [pngFile] = await Promise.all([page.waitForEvent('download'), pane.locator('[data-testid^="export-png-"]').click()]);
    const png = await bytesOf(pngFile);
    /* IHDR: the height at bytes 20-23, drawn at 2 device pixels a px */
    expect(png.readUInt32BE(20), `${variant}'s PNG height`).toBe(2 * (height + CAPTION_PX));
  }
});

test('a GIF of a range has one image per frame, each shown 1 / fps seconds', async ({ page }) => {
  const frames = 5;
  const fps = 5;
  await page.goto(labUrl(LAB, { variant: 'side', step: 100 }));
  await waitForRuns(page);
  await setRange(page, { from: 100, to: 100 + 3 * (frames - 1), every: 3, fps, format: 'gif' });
  const download = await exportVideo(page);
  expect(download.suggestedFilename()).toBe(`${LAB}-before-after-steps-100-${100 + 3 * (frames - 1)}.gif`);
  const gif = gifFrames(await bytesOf(download));
  expect(gif.images).toBe(frames);
  expect(gif.delays).toEqual(Array(frames).fill(100 / fps));
  /* the two panes side by side: wider than the one on screen; each under its line saying its variant and step */
  const pane = await page.getByTestId('anim-pane').first().boundingBox();
  expect(gif.width).toBeGreaterThan(pane!.width);
  expect(gif.height).toBe(Math.max(...(await paneSvgs(page)).map((p) => p.height)) + CAPTION_PX);
});

test('a range of too many frames is refused, and an export can be cancelled', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before', step: 1 }));
  await waitForRuns(page);
  await setRange(page, { from: 1, to: ANIMATION_FRAMES_MAX + 1, every: 1, fps: 10, format: 'gif' });
  await page.getByTestId('anim-export-video').click();
  await expect(page.getByTestId('anim-export-error')).toHaveText(
    `${ANIMATION_FRAMES_MAX + 1} frames (steps 1 to ${ANIMATION_FRAMES_MAX + 1} every 1): at most ${ANIMATION_FRAMES_MAX}; take a larger stride or a shorter range`,
  );
  await setRange(page, { from: 1, to: ANIMATION_FRAMES_MAX, every: 1, fps: 10, format: 'gif' });
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('anim-export-video').click();
  await expect(page.getByTestId('anim-export-progress')).toContainText(/frame [1-9]\d* of 600/);
  await page.getByTestId('anim-export-cancel').click();
  await expect(page.getByTestId('anim-export-progress')).toHaveCount(0);
  await expect(page.getByTestId('anim-export-error')).toHaveCount(0);
  await expect(page.getByTestId('anim-export-video')).toBeEnabled();
  expect(downloads).toBe(0);
});
