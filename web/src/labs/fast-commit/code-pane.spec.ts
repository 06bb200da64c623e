/**
 * The code pane: CodeMirror draws the model's source with Lezer's C
 * highlighting; the executing line follows play and seeks at the mail's own
 * size (fast-commit's row 7 before the patch, about 75 million steps),
 * smoothly or at once under reduced motion, and only when the line leaves the
 * visible part; side by side both variants' lines are marked with their
 * names; the pane scrolls by keyboard while the player's keys still work.
 * The editor lives in the pane's shadow root: Playwright's locators reach
 * into it, code run in the page goes through `shadowRoot`.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine, REPO_ROOT } from '../../core/node';
import { C_TOKENS } from '../../viz/code/cTheme';
import { expect, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';

const LAB = 'fast-commit';
/* a small configuration, named so that the steps below stay what they are whatever the page opens on */
const SMALL = { ways: 4, dirs: 2, files: 8, loops: 1 };
/* the mail's row 8 at its own size: about 21 million steps */
const ROW8 = { ways: 64, dirs: 16384, files: 16384, loops: 1 };

let small: Promise<{ i: number; line: number }[]> | undefined;
/** The first 2,000 steps of SMALL's before run (seed 1), as the page numbers them, each with its line: run once. */
function smallSteps(): Promise<{ i: number; line: number }[]> {
  small ??= loadEngine().then((e) => e.run({ lab: LAB, variant: 'before', params: SMALL, seed: 1, options: { traceMax: 2000 } }).steps.steps);
  return small;
}

/**
 * A step of SMALL's before run (seed 1) past its start whose next step runs a
 * line or two below it, found in the run: stepping on from it keeps the line in
 * view. The page numbers steps as the trace does.
 */
async function nearStep(): Promise<number> {
  const steps = await smallSteps();
  for (let k = 20; k + 1 < steps.length; k++) {
    const d = steps[k + 1]!.line - steps[k]!.line;
    if (d >= 1 && d <= 2) return steps[k]!.i;
  }
  throw new Error(`no step of ${LAB} before ${JSON.stringify(SMALL)} in its first ${steps.length} is followed by one a line or two below it`);
}

/**
 * A step of SMALL's before run (seed 1) whose line has, within twenty lines
 * either side of it in the model's source (what the editor draws around its
 * executing line), each of the tokens the highlighting test reads.
 */
async function tokenStep(tokens: readonly RegExp[]): Promise<number> {
  const source = readFileSync(join(REPO_ROOT, 'wasm-core', 'labs', LAB, `${LAB}.c`), 'utf8').split('\n');
  const steps = await smallSteps();
  for (const st of steps) {
    const around = source.slice(Math.max(0, st.line - 21), st.line + 20).join('\n');
    if (tokens.every((t) => t.test(around))) return st.i;
  }
  throw new Error(`no step of ${LAB} before ${JSON.stringify(SMALL)} in its first ${steps.length} stands within twenty lines of ${tokens.join(', ')}`);
}

/** The first step of SMALL's before run after @from whose line is 60 to 250 lines from @line. */
async function farStep(from: number, line: number): Promise<number> {
  const steps = await smallSteps();
  const far = steps.find((st) => st.i > from && Math.abs(st.line - line) > 60 && Math.abs(st.line - line) <= 250);
  if (!far) throw new Error(`no step of ${LAB} before after step ${from} runs a line 60 to 250 lines from line ${line}`);
  return far.i;
}

/** '#rrggbb' as getComputedStyle gives it. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The editor's scroller, once the editor is loaded and the pane is in the window. */
async function scroller(page: Page): Promise<Locator> {
  const pane = page.getByTestId('code-pane');
  await pane.scrollIntoViewIfNeeded();
  return pane.locator('.cm-scroller');
}

/** The executing line's number, as the legend above the pane says it. */
async function legendLine(page: Page, which: 'active' | 'secondary'): Promise<number> {
  const text = await page.getByTestId(`code-legend-${which}`).textContent();
  return Number(/line (\d+)/.exec(text ?? '')?.[1]);
}

/** Whether the number in the gutter beside a marked line and the line itself are inside the scroller's visible box. */
async function markedLineInView(page: Page, which: 'active' | 'secondary'): Promise<{ number: number; inView: boolean }> {
  return page.evaluate((w) => {
    const root = document.querySelector('[data-testid="code-pane"]')!.shadowRoot!;
    const box = root.querySelector('.cm-scroller')!.getBoundingClientRect();
    const line = root.querySelector(`[data-testid="code-line-${w}"]`);
    const number = root.querySelector(`.cm-lineNumbers .cm-gutterElement.cm-exec-${w}`);
    if (!line || !number) return { number: -1, inView: false };
    const r = line.getBoundingClientRect();
    const mid = (r.top + r.bottom) / 2;
    return { number: Number(number.textContent), inView: mid >= box.top && mid <= box.bottom };
  }, which);
}

test('the source is highlighted: keywords, types, comments and calls are tokens in their colours', async ({ page }) => {
  const at = await tokenStep([/\breturn\b/, /\bstruct\b/, /\bspin_lock\b/, /\bint\b/, /\/\*/]);
  await page.goto(labUrl(LAB, { variant: 'before', ...SMALL, step: at }));
  await waitForRuns(page);
  const content = (await scroller(page)).locator('.cm-content');
  await expect(page.getByTestId('code-line-active')).toBeVisible();
  const colourOf = (text: string) =>
    content.locator('span', { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
  await expect(colourOf('return')).toHaveCSS('color', rgb(C_TOKENS.keyword));
  await expect(colourOf('struct')).toHaveCSS('color', rgb(C_TOKENS.keyword));
  await expect(colourOf('spin_lock')).toHaveCSS('color', rgb(C_TOKENS.function));
  await expect(colourOf('int')).toHaveCSS('color', rgb(C_TOKENS.type));
  await expect(content.locator('span', { hasText: /^\/\*/ }).first()).toHaveCSS('color', rgb(C_TOKENS.comment));
  /* read-only, yet focusable and named */
  await expect(content).toHaveAttribute('contenteditable', 'false');
  await expect(content).toHaveAttribute('aria-readonly', 'true');
  await expect(content).toHaveAttribute('tabindex', '0');
  await expect(content).toHaveAttribute('aria-label', /^source of .*fast-commit\.c$/);
});

test('at the mail’s own size the executing line follows play and far seeks on one editor, made once', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(labUrl(LAB, { variant: 'before', ...ROW8, step: 1 }));
  await waitForRuns(page);
  const box = await scroller(page);
  const pane = page.locator('[data-testid="anim-pane"][data-variant="before"]');
  const counter = page.getByTestId('step-counter');
  await expect(page.getByTestId('code-line-active')).toBeVisible();

  /* every update's time, as the pane leaves it on the box; and the editor, which a frame must not make anew */
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="code-pane"]')!;
    const w = window as unknown as { codePaneTimes: number[]; codePaneEditor: Element };
    w.codePaneTimes = [];
    w.codePaneEditor = el.shadowRoot!.querySelector('.cm-editor')!;
    new MutationObserver(() => w.codePaneTimes.push(Number(el.getAttribute('data-update-ms')))).observe(el, {
      attributes: true,
      attributeFilter: ['data-update-ms'],
    });
  });

  await page.getByTestId('speed').selectOption('5000');
  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent()), { timeout: 20_000 }).toBeGreaterThan(2_000);
  await page.waitForTimeout(5_000);
  await page.getByTestId('pause').click();
  await expect(pane).toHaveAttribute('data-frame-step', (await counter.textContent())!);
  await expect.poll(() => markedLineInView(page, 'active')).toEqual({ number: await legendLine(page, 'active'), inView: true });

  const { times, sameEditor } = await page.evaluate(() => {
    const w = window as unknown as { codePaneTimes: number[]; codePaneEditor: Element };
    return { times: w.codePaneTimes, sameEditor: document.querySelector('[data-testid="code-pane"]')!.shadowRoot!.querySelector('.cm-editor') === w.codePaneEditor };
  });
  expect(sameEditor, 'the editor was made anew during play').toBe(true);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(`code pane updates in 5 s of play: ${times.length}, min ${sorted[0]} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)} ms`);
  /* the times are reported, not held to a bar: a test is not a benchmark */
  expect(times.length).toBeGreaterThan(0);

  /* far seeks, forward and back, by the scrubber: the line is brought into view each time */
  const scrubber = page.getByTestId('step-scrubber');
  const max = Number(await scrubber.getAttribute('max'));
  expect(max).toBeGreaterThan(20_000_000);
  const seen = new Set<number>();
  for (const step of [15_000_000, 1_000, max - 7, 7_853_981, 3_086_419]) {
    await scrubber.fill(String(step));
    await expect(counter).toHaveText(String(step));
    await expect(pane).toHaveAttribute('data-frame-step', String(step), { timeout: 30_000 });
    const line = await legendLine(page, 'active');
    seen.add(line);
    await expect.poll(() => markedLineInView(page, 'active'), { timeout: 5_000 }).toEqual({ number: line, inView: true });
  }
  /* the seeks landed on lines far enough apart that the pane had to scroll */
  expect(seen.size).toBeGreaterThan(1);
  expect(await box.evaluate((el) => el.scrollHeight > 2 * el.clientHeight)).toBe(true);
});

/**
 * Wait until the scroller stands still: a keyboard scroll goes on for a few
 * frames after it starts, and the editor corrects its estimated line heights
 * once it has drawn them (a few pixels).
 */
async function settled(page: Page): Promise<number> {
  const top = () =>
    page.evaluate(() => document.querySelector('[data-testid="code-pane"]')!.shadowRoot!.querySelector('.cm-scroller')!.scrollTop);
  let last = await top();
  for (;;) {
    await page.waitForTimeout(200);
    const now = await top();
    if (now === last) return now;
    last = now;
  }
}

/** The scroller's scrollTop at every animation frame for `ms`, while `act` runs. */
async function scrollTrace(page: Page, ms: number, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate((ms) => {
    const el = document.querySelector('[data-testid="code-pane"]')!.shadowRoot!.querySelector('.cm-scroller')!;
    const trace: number[] = [];
    (window as unknown as { scrollTrace: number[] }).scrollTrace = trace;
    const end = performance.now() + ms;
    const tick = () => {
      trace.push(el.scrollTop);
      if (performance.now() < end) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, ms);
  await act();
  await page.waitForTimeout(ms);
  return page.evaluate(() => (window as unknown as { scrollTrace: number[] }).scrollTrace);
}

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`a seek scrolls the pane ${motion === 'reduce' ? 'at once under reduced motion' : 'smoothly'}, and not while the line stays in view`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    const at = await nearStep();
    await page.goto(labUrl(LAB, { variant: 'before', ...SMALL, step: at }));
    await waitForRuns(page);
    await scroller(page);
    await expect(page.getByTestId('code-line-active')).toBeVisible();
    const counter = page.getByTestId('step-counter');
    const scrubber = page.getByTestId('step-scrubber');
    const max = Number(await scrubber.getAttribute('max'));
    const start = await legendLine(page, 'active');
    await settled(page);

    /* a step that stays on a line in view leaves the pane where it is */
    const still = await scrollTrace(page, 400, async () => {
      await scrubber.focus();
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(String(at + 1));
    });
    /* the next step's line is in view at this step's scroll */
    expect((await markedLineInView(page, 'active')).inView).toBe(true);
    expect(new Set(still).size).toBe(1);

    /* a later step whose line is out of view from this one (60 to 250 lines away), so that the pane must move */
    const target = await farStep(at, start);
    expect(target).toBeLessThanOrEqual(max);
    await scrubber.fill(String(at));
    await expect(page.locator('[data-testid="anim-pane"]')).toHaveAttribute('data-frame-step', String(at));
    await expect.poll(() => markedLineInView(page, 'active').then((m) => m.inView)).toBe(true);
    await page.waitForTimeout(600);

    const trace = await scrollTrace(page, 1_200, async () => {
      await scrubber.fill(String(target));
    });
    await expect.poll(() => markedLineInView(page, 'active').then((m) => m.inView)).toBe(true);
    const positions = [...new Set(trace)];
    console.log(`${motion}: scroll positions through the seek: ${positions.join(' ')}`);
    /* reduced: from where it was straight to where it goes; smooth: through positions between */
    if (motion === 'reduce') expect(positions.length).toBe(2);
    else expect(positions.length).toBeGreaterThan(3);
  });
}

/** A step of the lab's default run where the two variants stand on different lines close together. */
async function stepOnTwoLines(params: Record<string, number>): Promise<number> {
  const engine = await loadEngine();
  const lines = (variant: string) => {
    const { steps } = engine.run({ lab: LAB, variant, params, seed: 1, options: { traceMax: 5_000, heatBuckets: 2 } });
    return new Map(steps.steps.map((s) => [s.i, s.line]));
  };
  const before = lines('before');
  const after = lines('after');
  for (let s = 20; s < 5_000; s++) {
    const [a, b] = [before.get(s), after.get(s)];
    if (a && b && a !== b && Math.abs(a - b) < 15) return s;
  }
  throw new Error('no step of the default run has the two variants on two lines close together');
}

test('side by side both variants’ lines are marked with their names, and the tasks with their states in words', async ({ page }) => {
  const params: Record<string, number> = Object.fromEntries((await loadEngine()).params(LAB).map((s) => [s.name, s.default]));
  const step = await stepOnTwoLines(params);
  await page.goto(labUrl(LAB, { variant: 'side', ...params, step }));
  await waitForRuns(page);
  await scroller(page);
  await expect(page.getByTestId('code-line-active')).toBeVisible();
  await expect(page.getByTestId('code-legend-secondary')).toBeVisible();
  const a = await legendLine(page, 'active');
  const b = await legendLine(page, 'secondary');
  expect(a).not.toBe(b);
  await expect.poll(() => markedLineInView(page, 'active').then((m) => m.number)).toBe(a);
  expect((await markedLineInView(page, 'secondary')).number).toBe(b);
  await expect(page.getByTestId('code-line-active').locator('.cm-exec-label')).toHaveText('◀ before');
  await expect(page.getByTestId('code-line-secondary').locator('.cm-exec-label')).toHaveText('◀ after');

  /* the tasks gutter names each state in words */
  const badges = page.locator('.cm-task-gutter .code-task');
  await expect(badges.first()).toBeVisible();
  for (const text of await badges.allTextContents()) expect(text).toMatch(/^(run|spin|sleep|io|ready) T\d+( T\d+)?( \+\d+)?$/);

  /* following the other variant swaps the two */
  await page.getByRole('radio', { name: 'after' }).check();
  await expect(page.getByTestId('code-line-active').locator('.cm-exec-label')).toHaveText('◀ after');
  expect(await legendLine(page, 'active')).toBe(b);
});

test('a marked line is a band on its line of the source (every row of it), its label after the line’s text, and no line of the source is redrawn for it', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before', ...SMALL, step: 40 }));
  await waitForRuns(page);
  await scroller(page);
  await expect(page.getByTestId('code-line-active')).toBeVisible();
  const at = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="code-pane"]')!.shadowRoot!;
    const band = root.querySelector('[data-testid="code-line-active"]')!;
    const number = root.querySelector('.cm-lineNumbers .cm-gutterElement.cm-exec-active')!;
    const b = band.getBoundingClientRect();
    const n = number.getBoundingClientRect();
    /* the source's line beside the number: the .cm-line whose box holds the number's middle */
    const mid = (n.top + n.bottom) / 2;
    const line = [...root.querySelectorAll('.cm-line')].find((l) => {
      const r = l.getBoundingClientRect();
      return r.top <= mid && mid <= r.bottom;
    })!;
    const l = line.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(line);
    /* a long line wraps: its text ends on its last row */
    const rows = [...range.getClientRects()].filter((r) => r.width > 0);
    const last = rows.reduce((a, r) => (r.bottom > a.bottom || (r.bottom === a.bottom && r.right > a.right) ? r : a), rows[0] ?? l);
    const textRight = line.textContent ? last.right : l.left;
    const label = band.querySelector('.cm-exec-label')!.getBoundingClientRect();
    const labelMiddle = (label.top + label.bottom) / 2;
    return {
      band: [b.top, b.bottom, b.left, b.right],
      line: [l.top, l.bottom, l.left, l.right],
      labelLeft: label.left,
      labelRight: label.right,
      textRight,
      onLastRow: labelMiddle >= last.top - 1 && labelMiddle <= last.bottom + 1,
      paneRight: root.querySelector('.cm-scroller')!.getBoundingClientRect().right,
      dataLine: Number(band.getAttribute('data-line')),
      number: Number(number.textContent),
      marksInSource: root.querySelectorAll('.cm-content [data-testid], .cm-content .cm-exec-label').length,
    };
  });
  expect(at.dataLine).toBe(at.number);
  for (let i = 0; i < 4; i++) expect(Math.abs(at.band[i]! - at.line[i]!)).toBeLessThan(1);
  /* after the text on its last row, or against the pane's right end where that row leaves no room */
  expect(at.onLastRow).toBe(true);
  expect(at.labelRight).toBeLessThanOrEqual(at.paneRight + 1);
  if (at.textRight + 24 + (at.labelRight - at.labelLeft) <= at.paneRight) expect(at.labelLeft).toBeGreaterThan(at.textRight);
  expect(at.marksInSource).toBe(0);
});

test('the pane scrolls by keyboard, and the player keys still step while it has focus', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'before', ...SMALL, step: 40 }));
  await waitForRuns(page);
  const box = await scroller(page);
  await expect(page.getByTestId('code-line-active')).toBeVisible();
  const content = box.locator('.cm-content');
  await content.focus();
  await expect(content).toBeFocused();
  const top = () => box.evaluate((el) => el.scrollTop);
  const before = await top();
  await page.keyboard.press('PageDown');
  await expect.poll(top).toBeGreaterThan(before + 100);
  const paged = await top();
  /* the cursor moves down a line a press; the pane scrolls once it passes the pane's last line */
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowDown');
      return top();
    })
    .toBeGreaterThan(paged);
  /* paused, nothing pulls the pane back to the executing line */
  const scrolled = await settled(page);
  await page.waitForTimeout(500);
  expect(await top()).toBe(scrolled);
  /* ArrowRight is still the player's */
  const counter = page.getByTestId('step-counter');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('41');
  await expect(content).toBeFocused();
});
