/**
 * Every lab opens on its lesson, at 1440x900 and on a 1024x768 projector:
 * without a URL of its own the page shows the lesson's two variants side
 * by side at the decisive moment, both panes drawn within the first screen
 * and standing in different states (where the model's tasks are, not their
 * titles), with the headline of both runs beside the mail's. The time from
 * the page's load to that frame is reported (an annotation, not a bound).
 */
import { LAB_FACES } from '../../web/src/labs/registry.gen';
import { findMoment, lessonMarks } from '../../web/src/core/lesson';
import { loadEngine } from '../../web/src/core/node';
import { VERDICTS } from '../../lib/verdict';
import { expect, hashQuery, labUrl, test } from './fixtures';
import { LAB_IDS, manifestOf } from './labs';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

/* the top of a pane's drawing must leave this much of it on the first screen */
const SHOWN_PX = 240;

for (const id of LAB_IDS) {
  const { lesson } = LAB_FACES[id as keyof typeof LAB_FACES];
  for (const size of SIZES) {
    test(`${id} opens on its lesson at ${size.width}x${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      const t0 = Date.now();
      await page.goto(labUrl(id));
      const panes = page.getByTestId('anim-pane');
      await expect(panes).toHaveCount(2, { timeout: 30_000 });
      /* the moment found: the URL names its step and both panes drew it */
      await expect.poll(async () => (await hashQuery(page)).get('step'), { timeout: 30_000 }).not.toBeNull();
      const step = (await hashQuery(page)).get('step')!;
      for (const v of lesson.variants) await expect(page.locator(`[data-testid="anim-pane"][data-variant="${v}"]`)).toHaveAttribute('data-frame-step', step);
      test.info().annotations.push({ type: 'lesson shown after', description: `${Date.now() - t0} ms` });

      /* the step is the decisive moment of this run, as the engine finds it */
      const engine = await loadEngine();
      const decisive = lesson.moments[0];
      const params = Object.fromEntries(engine.params(id).map((s) => [s.name, lesson.params[s.name] ?? s.default]));
      const out = engine.run({ lab: id, variant: decisive.variant, params, seed: 1, options: lessonMarks(lesson, Object.keys((await manifestOf(id)).markers ?? {})) });
      expect(Number(step)).toBe(findMoment(out.marks!, decisive, out.steps.total));

      const [a, b] = await Promise.all(lesson.variants.map((v) => page.locator(`[data-testid="anim-pane"][data-variant="${v}"]`).getAttribute('data-tasks')));
      expect(a, 'where the tasks stand in the first pane').toBeTruthy();
      expect(a, 'the two panes stand in the same state at the decisive moment').not.toBe(b);
      for (const v of lesson.variants) {
        const box = (await page.locator(`[data-testid="anim-pane"][data-variant="${v}"]`).boundingBox())!;
        expect(box.y + SHOWN_PX, `${v}'s pane starts at y=${Math.round(box.y)}`).toBeLessThanOrEqual(size.height);
        expect(box.x + box.width, `${v}'s pane ends at x=${Math.round(box.x + box.width)}`).toBeLessThanOrEqual(size.width);
      }
      await expect(page.getByTestId('lesson-sim')).toContainText(lesson.variants[1]);
      await expect(page.getByTestId('lesson-mail')).toContainText('the mail');
      await expect(page.getByTestId(`moment-${decisive.id}`)).toHaveAttribute('aria-pressed', 'true');
      /* the verdict over the lesson's seeds, from the lab's record at the page's opening configuration */
      await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-verdict', new RegExp(`^(${VERDICTS.join('|')}|no mail figure)$`));
      await expect(page.getByTestId('lesson-verdict-recorded')).toBeVisible();
    });
  }
}

test('at another seed the page runs the lesson\'s ten seeds itself, and says how many are done', async ({ page }) => {
  const id = LAB_IDS[LAB_IDS.length - 1]!;
  await page.goto(labUrl(id, { seed: 2 }));
  await expect(page.getByTestId('lesson-verdict-pending')).toContainText(/verdict: \d+ of 10 seeds run/, { timeout: 30_000 });
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-verdict', new RegExp(`^(${VERDICTS.join('|')}|no mail figure)$`), { timeout: 90_000 });
  await expect(page.getByTestId('lesson-verdict-recorded')).toHaveCount(0);
});

test('a link names a moment and lands on it; a moment the lesson lacks is reported', async ({ page }) => {
  const id = LAB_IDS[0]!;
  const { lesson } = LAB_FACES[id as keyof typeof LAB_FACES];
  const later = lesson.moments[1]!;
  await page.goto(labUrl(id, { at: later.id }));
  await expect(page.getByTestId(`moment-${later.id}`)).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  await page.goto(labUrl(id, { at: 'no-such-moment' }));
  await expect(page.getByText(/at=no-such-moment is not a moment of this lab's lesson/)).toBeVisible({ timeout: 30_000 });
});
