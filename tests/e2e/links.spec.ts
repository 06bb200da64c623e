/**
 * Every link into a lab lands on what it names: each lab link of
 * docs/teaching.md's talk demo (read from the markdown) opens its presenter
 * view, and one that names a moment (at=<id>) stands at the step the engine
 * finds for that moment, with the pane of the moment's variant drawn there
 * and on the screen; each question's "show me" of every lab moves the page
 * to the answer's variant and step, as the terminal computes them, with
 * the animation brought into view.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { LAB_FACES } from '../../web/src/labs/registry.gen';
import { findMoment, lessonMarks, lessonMoment } from '../../web/src/core/lesson';
import { REPO_ROOT, loadEngine } from '../../web/src/core/node';
import { paramNumber } from '../../web/src/core/params';
import { expect, hashQuery, test, waitForRuns } from './fixtures';
import { LAB_IDS, manifestOf } from './labs';
import { cliAnswers } from './questions';

const PROJECTOR = { width: 1024, height: 768 };
const TEACHING = 'docs/teaching.md';
/* the top of a pane's drawing must leave this much of it on the screen */
const SHOWN_PX = 240;

/** Every lab link of the teaching notes: `#/lab/<id>?...` in inline code. */
function teachingLinks(): string[] {
  const text = readFileSync(join(REPO_ROOT, TEACHING), 'utf8');
  return [...text.matchAll(/`(#\/lab\/[^`\s]+)`/g)].map((m) => m[1]!);
}

/** The pane of `variant` starts on the screen, with SHOWN_PX of it (or all of it) above the bottom. */
async function paneOnScreen(page: Page, variant: string): Promise<void> {
  const pane = page.locator(`[data-testid="anim-pane"][data-variant="${variant}"]`);
  await expect(pane).toBeVisible();
  const box = (await pane.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y, `${variant}'s pane starts at y=${Math.round(box.y)}, above the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + Math.min(SHOWN_PX, box.height), `${variant}'s pane starts at y=${Math.round(box.y)}, below the screen`).toBeLessThanOrEqual(height);
}

const links = teachingLinks();

test(`${TEACHING} has lab links to check`, () => {
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link, `${link}: a link into a lab names a moment (at=), not a step`).not.toMatch(/[?&]step=/);
});

for (const link of links) {
  test(`${TEACHING}: ${link} lands on what it names`, async ({ page }) => {
    const url = new URL(link.slice(1), 'http://x');
    const lab = url.pathname.replace(/^\/lab\//, '');
    expect(LAB_IDS, `${link}: the lab`).toContain(lab);
    const query = url.searchParams;
    await page.setViewportSize(PROJECTOR);
    await page.goto(`/${link}`);
    await expect(page.getByTestId('url-error')).toHaveCount(0);
    const present = query.get('present');
    if (present) await expect(page.getByTestId('presenter-stage')).toHaveAttribute('data-view', present);
    await expect(page.getByTestId('run-status')).toHaveText(/steps/, { timeout: 30_000 });
    const at = query.get('at');
    if (at === null) return;

    /* the moment: the step the engine finds in the run the link names, written back into the URL and drawn */
    const { lesson } = LAB_FACES[lab as keyof typeof LAB_FACES];
    const moment = lessonMoment(lesson, at);
    const engine = await loadEngine();
    const specs = engine.params(lab);
    const params = Object.fromEntries(specs.map((s) => [s.name, lesson.params[s.name] ?? s.default]));
    for (const s of specs) {
      const given = query.get(s.name);
      if (given === null) continue;
      const value = paramNumber(s, given);
      expect(value, `${link}: ${s.name}=${given}`).not.toBeNull();
      params[s.name] = value!;
    }
    const seed = Number(query.get('seed') ?? 1);
    const markers = Object.keys((await manifestOf(lab)).markers ?? {});
    const out = engine.run({ lab, variant: moment.variant, params, seed, options: lessonMarks(lesson, markers) });
    const expected = findMoment(out.marks!, moment, out.steps.total);
    expect(expected, `${link}: the engine finds ${at} in ${moment.variant}'s run`).not.toBeNull();
    await expect.poll(async () => (await hashQuery(page)).get('step'), { timeout: 30_000 }).toBe(String(expected));
    await expect(page.locator(`[data-testid="anim-pane"][data-variant="${moment.variant}"]`)).toHaveAttribute('data-frame-step', String(expected));
    await expect(page.getByTestId(`moment-${at}`)).toHaveAttribute('aria-pressed', 'true');
    await paneOnScreen(page, moment.variant);
  });
}

const SEED = 5;

for (const lab of LAB_IDS) {
  test(`${lab}: every question's show me lands on its answer's step, with the animation on the screen`, async ({ page }) => {
    test.setTimeout(180_000);
    const cli = cliAnswers(lab, SEED);
    expect(cli.length, 'questions').toBeGreaterThan(0);
    for (const q of cli) {
      /* each from the page as a student finds it, the questions below the animation */
      await page.goto('about:blank');
      await page.goto(`/#/lab/${lab}?seed=${SEED}`);
      await waitForRuns(page);
      await page.getByTestId(`question-${q.id}-reveal`).click();
      const show = page.getByTestId(`question-${q.id}-show`);
      await expect(show).toHaveAttribute('href', q.answer.link, { timeout: 60_000 });
      await show.click();
      await waitForRuns(page);
      const { variant, step } = q.answer.show;
      expect(step, `${q.id}: show me lands on the step that shows the answer, not the run's first`).toBeGreaterThan(1);
      await expect(page.getByTestId('step-counter'), `${q.id}: the step`).toHaveText(String(step));
      const hash = await hashQuery(page);
      expect(hash.get('variant'), `${q.id}: the variant`).toBe(variant);
      expect(hash.get('step'), `${q.id}: the step in the URL`).toBe(String(step));
      const shown = variant === 'side' ? [...new Set(await page.getByTestId('anim-pane').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-variant')!)))] : [variant];
      expect(shown.length, `${q.id}: the panes shown`).toBeGreaterThan(0);
      for (const v of shown) await expect(page.locator(`[data-testid="anim-pane"][data-variant="${v}"]`), `${q.id}: ${v}'s frame`).toHaveAttribute('data-frame-step', String(step));
      await expect.poll(async () => (await page.getByTestId('anim-pane').first().boundingBox())?.y ?? -1, { message: `${q.id}: the animation scrolled into view` }).toBeGreaterThanOrEqual(0);
      for (const v of shown) await paneOnScreen(page, v);
    }
  });
}
