/**
 * Layout for every reader: on a 390x844 phone no lab page scrolls sideways
 * and the whole player is on screen and works; on a 1024x768 projector with
 * both variants side by side no label is clipped; at 1440x900 and 1024x768,
 * one variant and side by side, the code pane shows its executing line whole,
 * with its label and its tasks' marks; with reduced motion asked
 * for nothing moves by itself; a heatmap's values are reachable by keyboard
 * and read out.
 */
import type { Page } from '@playwright/test';
import { expect, labUrl, test, waitForFrames, waitForRuns } from './fixtures';
import { FIRST_LAB, LAB_IDS } from './labs';

const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1024, height: 768 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * What of the code pane's executing line does not show: its text or label
 * past the editor's right edge, its task marks past it or cut by their
 * gutter, a line of the source wider than the pane (a sideways scroll).
 */
async function codeLineCut(page: Page): Promise<string[]> {
  await page.getByTestId('code-pane').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('code-label-active')).toBeVisible();
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="code-pane"]')!.shadowRoot!;
    const box = root.querySelector('.cm-scroller')!;
    const b = box.getBoundingClientRect();
    const out: string[] = [];
    if (box.scrollWidth > box.clientWidth + 1) out.push(`the source is ${box.scrollWidth} px wide in ${box.clientWidth}`);
    const band = root.querySelector('[data-testid="code-line-active"]')!;
    const n = Number(band.getAttribute('data-line'));
    const inside = (what: string, r: DOMRect) => {
      if (r.width === 0) out.push(`${what} is not drawn`);
      else if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
        out.push(`${what} (${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)}) is outside the pane (${Math.round(b.left)}-${Math.round(b.right)} x ${Math.round(b.top)}-${Math.round(b.bottom)})`);
    };
    inside(`line ${n}'s label`, root.querySelector('[data-testid="code-label-active"]')!.getBoundingClientRect());
    const number = root.querySelector('.cm-lineNumbers .cm-gutterElement.cm-exec-active')!.getBoundingClientRect();
    const mid = (number.top + number.bottom) / 2;
    const text = [...root.querySelectorAll('.cm-line')].find((l) => {
      const r = l.getBoundingClientRect();
      return r.top <= mid && mid <= r.bottom;
    });
    if (!text) out.push(`line ${n}'s text is not beside its number`);
    else {
      const range = document.createRange();
      range.selectNodeContents(text);
      if (text.textContent!.trim()) inside(`line ${n}'s text`, range.getBoundingClientRect());
    }
    for (const marks of root.querySelectorAll('.cm-task-marks')) {
      const r = marks.getBoundingClientRect();
      if (r.top > mid || r.bottom < mid) continue;
      inside(`line ${n}'s task marks`, r);
      for (const badge of marks.querySelectorAll('.code-task'))
        if (badge.getBoundingClientRect().right > marks.parentElement!.getBoundingClientRect().right + 1)
          out.push(`the task badge "${badge.textContent}" is cut by its gutter`);
    }
    return out;
  });
}
const PLAYER_PARTS = ['step-back', 'play', 'step-forward', 'speed', 'step-scrubber', 'step-counter'];

/** Every element that reaches past the right edge of the screen while its parent does not: where a page gets wide. */
async function widePast(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= w + 1) continue;
      /* inside a box that scrolls or clips, it widens that box, not the page */
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox !== 'visible' && p.getBoundingClientRect().right <= w + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} reaches ${Math.round(r.right)} px`);
    }
    return out.slice(0, 8);
  }, width);
}

/**
 * Clipped text: an HTML element holding text whose content is wider than its
 * box, and an SVG text of a chart, a heatmap or an animation pane that its
 * SVG's box cuts.
 */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el instanceof SVGElement || !ownText(el) || el.clientWidth === 0) continue;
      if (el.closest('pre, code, textarea, select, option')) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`"${el.textContent!.trim().slice(0, 50)}" (${el.tagName.toLowerCase()}): ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    for (const t of document.querySelectorAll<SVGTextElement>('svg text')) {
      const svg = t.ownerSVGElement;
      if (!svg) continue;
      const b = t.getBoundingClientRect();
      const s = svg.getBoundingClientRect();
      if (b.width === 0) continue;
      if (b.left < s.left - 1 || b.right > s.right + 1 || b.top < s.top - 1 || b.bottom > s.bottom + 1) {
        const where = svg.closest('[data-testid]')?.getAttribute('data-testid') ?? 'svg';
        out.push(`"${t.textContent!.slice(0, 50)}" in ${where}: ${Math.round(s.left - b.left)} px left, ${Math.round(b.right - s.right)} px right`);
      }
    }
    return out;
  });
}

for (const lab of LAB_IDS) {
  test(`${lab} on a 390x844 phone: no sideways scroll, the whole player on screen and working`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await page.goto(labUrl(lab));
    await waitForRuns(page);
    /* the heatmaps and charts drawn at their width */
    await expect(page.getByTestId('heatmap').first()).toBeVisible();

    const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth, `wider than the screen: ${(await widePast(page, PHONE.width)).join('; ')}`).toBeLessThanOrEqual(PHONE.width);

    for (const id of PLAYER_PARTS) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, `${id}'s left edge`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${id}'s right edge`).toBeLessThanOrEqual(PHONE.width);
    }

    const counter = page.getByTestId('step-counter');
    const at = Number(await counter.textContent());
    await page.getByTestId('step-forward').click();
    await expect(counter).toHaveText(String(at + 1));
    const scrubber = page.getByTestId('step-scrubber');
    const max = Number(await scrubber.getAttribute('max'));
    const target = Math.max(2, Math.floor(max / 2));
    await scrubber.fill(String(target));
    await expect(counter).toHaveText(String(target));
  });

  test(`${lab} side by side at 1024x768: no label clipped`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PROJECTOR);
    await page.goto(labUrl(lab, { variant: 'side' }));
    await waitForRuns(page);
    await expect(page.getByTestId('anim-pane')).toHaveCount(2);
    await waitForFrames(page);
    await expect(page.getByTestId('heatmap').first()).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PROJECTOR.width);
    expect(await clippedText(page)).toEqual([]);
  });

  test(`${lab}: the code pane's executing line shows whole, one variant and side by side, at 1440x900 and 1024x768`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const variant of ['before', 'side'] as const) {
      await page.setViewportSize(DESKTOP);
      await page.goto(labUrl(lab, { variant }));
      await waitForRuns(page);
      await waitForFrames(page);
      for (const size of [DESKTOP, PROJECTOR]) {
        await page.setViewportSize(size);
        await expect.poll(() => codeLineCut(page), `${variant} at ${size.width}x${size.height}`).toEqual([]);
      }
    }
  });
}

test('with reduced motion asked for, no transition or animation runs and nothing scrolls smoothly', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB));
  await waitForRuns(page);
  /* the mail's chart loads after the first screen: the probe's animation needs it on the page */
  await expect(page.locator('.chart-title').first()).toBeAttached({ timeout: 30_000 });
  /* a transition and an animation such as a stylesheet might add: the page's own rules must stop them */
  /* (a constructed sheet: the page's Content-Security-Policy refuses a <style> element) */
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`
      @keyframes jc-probe { from { opacity: 0.2; } to { opacity: 1; } }
      .player button { transition: background-color 2s linear; }
      .chart-title { animation: jc-probe 3s infinite; }
      html { scroll-behavior: smooth; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const motion = () =>
    page.evaluate(() => {
      const button = document.querySelector('.player button')!;
      return {
        transition: getComputedStyle(button).transitionDuration,
        animations: document.getAnimations().length,
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
      };
    });
  /* without the preference they run: the probe can see them */
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await motion();
  expect(moving.transition).toBe('2s');
  expect(moving.animations).toBeGreaterThan(0);
  expect(moving.scroll).toBe('smooth');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByTestId('step-forward').hover();
  await page.getByTestId('step-forward').click();
  const still = await motion();
  expect(still.transition).toBe('0s');
  expect(still.animations).toBe(0);
  expect(still.scroll).toBe('auto');
});

test('a heatmap takes focus, its cell cursor moves with the arrows, and the value is read out and shown', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after' }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const at = await counter.textContent();
  const map = page.getByTestId('heatmap').first();
  const live = page.getByTestId('heatmap-live').first();

  await map.focus();
  await expect(map).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(map).toHaveAttribute('data-cursor', '1,2');
  /* the arrows stayed with the map: the animation did not step */
  await expect(counter).toHaveText(at!);

  /* read out in a polite live region, in the tooltip's words: cpu 1, the third bucket's time range, every state's share */
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toContainText('cpu 1');
  await expect(live).toContainText('spinning on a lock');
  const tooltip = page.getByTestId('heatmap-tooltip').first();
  await expect(tooltip).toBeVisible();
  expect(await tooltip.textContent()).toBe(await live.textContent());
  await page.keyboard.press('End');
  const cols = await map.evaluate((el) => el.getAttribute('data-cursor'));
  expect(Number(cols!.split(',')[1])).toBeGreaterThan(2);
  await page.keyboard.press('Home');
  await expect(map).toHaveAttribute('data-cursor', '1,0');

  /* leaving the map takes its tooltip away */
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeHidden();
});

test('each CPU heatmap says where and when the CPUs waited most, from its cells', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'side' }));
  await waitForRuns(page);
  const waits = page.getByTestId('heatmap-waits');
  await expect(waits).toHaveCount(2);
  for (const text of await waits.allTextContents())
    expect(text).toMatch(/(CPUs? [\d, -]+|all \d+ CPUs) (spun|slept|waited for I\/O) (most|alike): \d|no CPU waited/);
});
