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

test('inode-hash: answer, reveal, the same answer as the terminal, and show me moves the step', async ({ page }) => {
  const cli = cliAnswers('inode-hash', SEED);
  await page.goto(labUrl('inode-hash', { seed: SEED }));
  await waitForRuns(page);
  const panel = page.getByTestId('questions');
  await expect(panel.locator('.question')).toHaveCount(cli.length);
  for (const [n, q] of cli.entries()) await expect(panel.locator('.question-text').nth(n)).toHaveText(q.text);

  /* a number: the terminal's answer typed in is right, and the page reveals the same */
  const waiters = cli.find((q) => q.id === 'waiters')!;
  const given = page.getByTestId('question-waiters-given');
  await given.fill(String(waiters.answer.value));
  /* the player's keys stay out of the field */
  const counter = page.getByTestId('step-counter');
  const before = await counter.textContent();
  await given.press('ArrowRight');
  await given.press('Space');
  await expect(given).toHaveValue(`${waiters.answer.value} `);
  expect(await counter.textContent()).toBe(before);
  await page.getByTestId('question-waiters-reveal').click();
  await expect(page.getByTestId('question-waiters-answer')).toHaveText(waiters.answer.text);
  await expect(page.getByTestId('question-waiters-verdict')).toHaveText(/right/);

  /* a choice: an option that is not the answer is graded wrong, with the right one beside it */
  const holder = cli.find((q) => q.id === 'holder')!;
  const options = ['no one', ...Array.from({ length: 14 }, (_, c) => `CPU ${c}`)];
  const wrong = options.find((o) => !holder.answer.correct.includes(o))!;
  await page.getByTestId('question-holder-given').fill(wrong);
  await page.getByTestId('question-holder-reveal').click();
  await expect(page.getByTestId('question-holder-answer')).toHaveText(holder.answer.text);
  await expect(page.getByTestId('question-holder-verdict')).toHaveText(/not quite/);

  /* show me: the page at the question's run, in its variant, at its step */
  const show = page.getByTestId('question-holder-show');
  await expect(show).toHaveAttribute('href', holder.answer.link);
  await show.click();
  await waitForRuns(page);
  await expect(counter).toHaveText(String(holder.answer.show.step));
  const q = await hashQuery(page);
  expect(q.get('variant')).toBe(holder.answer.show.variant);
  expect(q.get('step')).toBe(String(holder.answer.show.step));
  expect(q.get('seed')).toBe(String(SEED));
});

test('inode-hash on btrfs: the questions follow the page\'s file system, as the terminal does with --set', async ({ page }) => {
  const cli = cliAnswers('inode-hash', SEED, ['fs=btrfs']);
  await page.goto(labUrl('inode-hash', { fs: 'btrfs', seed: SEED }));
  await waitForRuns(page);
  await expect(page.getByTestId('question-fewer-takes-follows')).toHaveText('from the page: fs = btrfs, shared = 0');
  const takes = cli.find((q) => q.id === 'fewer-takes')!;
  await page.getByTestId('question-fewer-takes-reveal').click();
  await expect(page.getByTestId('question-fewer-takes-answer')).toHaveText(takes.answer.text);
  await expect(page.getByTestId('question-fewer-takes-show')).toHaveAttribute('href', takes.answer.link);
});
