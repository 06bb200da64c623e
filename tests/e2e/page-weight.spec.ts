/**
 * What a lab page loads before its lesson is drawn stays within the
 * budget (tests/page-weight.ts): every request made before the two panes
 * drew the decisive moment, gzip, at 1440x900, for each lab; the rest is
 * fetched after. A budget on bytes, not on time: the time from the load to
 * the lesson is written as an annotation.
 */
import { kb } from '../../bench/stats';
import { LESSON_BUDGET_KB, lessonWeight } from '../page-weight';
import { expect, labUrl, test } from './fixtures';
import { LAB_IDS } from './labs';

for (const id of LAB_IDS) {
  test(`${id} loads at most ${LESSON_BUDGET_KB} KB before its lesson is drawn`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const w = await lessonWeight(page, labUrl(id));
    const largest = w.before.files.slice(0, 6).map(([path, bytes]) => `${path} ${kb(bytes)}`).join(', ');
    test.info().annotations.push(
      { type: 'before the lesson', description: `${kb(w.before.gzip)} (${largest})` },
      { type: 'all it loads', description: kb(w.all.gzip) },
      { type: 'lesson shown after', description: `${Math.round(w.shown_ms)} ms, at step ${w.step}` },
    );
    expect(w.before.gzip, `${id} loads ${kb(w.before.gzip)} before its lesson: ${largest}`).toBeLessThanOrEqual(LESSON_BUDGET_KB * 1000);
    /* the rest does come: the code pane's editor and the panels below are fetched after */
    expect(w.all.gzip, 'what the page loads after its lesson').toBeGreaterThan(w.before.gzip);
  });
}
