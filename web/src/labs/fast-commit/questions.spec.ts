/**
 * The questions panel: the page's seed draws the same questions as
 * `journalclub question <lab> --seed S`; a typed answer is graded against
 * the answer the page's worker computes, which equals the terminal's; the
 * answer fields keep the player's keys out; "show me" moves the animation
 * to the answer's variant and step.
 */
import { cliAnswers } from '../../../../tests/e2e/questions';
import { expect, hashQuery, labUrl, test, waitForRuns } from '../../../../tests/e2e/fixtures';

const SEED = 5;

test('fast-commit: the old walk question reveals the terminal\'s count, and show me opens the first commit', async ({ page }) => {
  const cli = cliAnswers('fast-commit', SEED);
  const walk = cli.find((q) => q.id === 'first-walk-before')!;
  await page.goto(labUrl('fast-commit', { variant: 'after', seed: SEED }));
  await waitForRuns(page);
  const given = page.getByTestId('question-first-walk-before-given');
  await given.fill('not a number');
  await expect(page.getByTestId('questions').getByRole('alert')).toHaveText(/is not a number/);
  await expect(page.getByTestId('question-first-walk-before-reveal')).toBeDisabled();
  await given.fill(String((walk.answer.value ?? 0) + 1));
  await page.getByTestId('question-first-walk-before-reveal').click();
  await expect(page.getByTestId('question-first-walk-before-answer')).toHaveText(walk.answer.text);
  await expect(page.getByTestId('question-first-walk-before-verdict')).toHaveText(/not quite/);

  await page.getByTestId('question-first-walk-before-show').click();
  await waitForRuns(page);
  await expect(page.getByTestId('step-counter')).toHaveText(String(walk.answer.show.step));
  const q = await hashQuery(page);
  expect(q.get('variant')).toBe('before');
  /* the question's drawn parameters are the page's now */
  const inputs = await page.getByTestId('question-first-walk-before').locator('[data-testid^="question-first-walk-before-input-"]').allTextContents();
  for (const text of inputs) {
    const [name, value] = text.split(' = ');
    expect(q.get(name!)).toBe(value);
  }
});
