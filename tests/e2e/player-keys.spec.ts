/**
 * The presenter keys of the shared player: after a click on the speed select
 * or the scrubber, the arrows, space, Home and End still drive the player
 * rather than the control; at the end, play replays from the first step.
 */
import { expect, labUrl, test, waitForRuns } from './fixtures';

const LAB = 'fast-commit';

test('the keys drive the player after a click on the speed select and on the scrubber', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after', step: 5 }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const speed = page.getByTestId('speed');
  await expect(counter).toHaveText('5');

  await speed.click();
  await page.keyboard.press('Escape');
  await expect(speed).toBeFocused();
  const speedBefore = await speed.inputValue();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('6');
  await expect(speed).toHaveValue(speedBefore);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('5');

  const scrubber = page.getByTestId('step-scrubber');
  await scrubber.focus();
  await expect(scrubber).toBeFocused();
  const at = Number(await counter.textContent());
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(String(at + 1));

  await page.keyboard.press('Home');
  await expect(counter).toHaveText('1');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('pause')).toBeVisible();
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(1);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toBeVisible();
  await expect(speed).toHaveValue(speedBefore);
});

test('End goes to the last step, and play there replays from the first', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after', step: 3 }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const last = Number(await page.getByTestId('step-scrubber').getAttribute('max'));
  await page.getByTestId('step-scrubber').click();
  await page.keyboard.press('End');
  await expect(counter).toHaveText(String(last));
  const play = page.getByTestId('play');
  await expect(play).toBeEnabled();
  await expect(play).toContainText('replay');
  await page.getByTestId('speed').selectOption('1');
  await play.click();
  await expect(page.getByTestId('pause')).toBeVisible();
  await expect.poll(async () => Number(await counter.textContent())).toBeLessThan(last);
});

test('typed keys stay in a parameter field', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'after', step: 4 }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  const field = page.locator('[data-testid^="param-"]').first();
  await field.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(counter).toHaveText('4');
  await expect(page.getByTestId('play')).toBeVisible();
});
