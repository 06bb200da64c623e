/**
 * The presenter keys of the shared player: after a click on the speed select
 * or the scrubber, the arrows, space, Home and End still drive the player
 * rather than the control; at the end, play replays from the first step.
 */
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB as LAB } from './labs';

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

test('side by side, a pane says its run ended only past that run\'s last step', async ({ page }) => {
  await page.goto(labUrl(LAB, { variant: 'side', step: 1 }));
  await waitForRuns(page);
  const panes = page.getByTestId('anim-pane');
  await expect(panes).toHaveCount(2);
  const totals = await panes.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-total'))));
  expect(totals.every((t) => t > 0)).toBe(true);
  await page.getByTestId('speed').selectOption('200');
  await page.getByTestId('play').click();
  /* while it plays, a lagging frame is pending, never "run ended" */
  for (let i = 0; i < 40 && (await page.getByTestId('pause').count()) > 0; i++) {
    const seen = await page.evaluate(() => {
      const step = Number(document.querySelector('[data-testid="step-counter"]')?.textContent);
      return [...document.querySelectorAll('[data-testid="anim-pane"]')].map((e) => ({
        step,
        total: Number(e.getAttribute('data-total')),
        state: e.getAttribute('data-pane-state'),
        ended: (e.textContent ?? '').includes('(run ended'),
      }));
    });
    for (const p of seen) {
      expect(p.ended).toBe(p.state === 'ended');
      if (p.ended) expect(p.step).toBeGreaterThan(p.total);
    }
    await page.waitForTimeout(50);
  }
  await page.keyboard.press('End');
  const last = Math.max(...totals);
  await expect(page.getByTestId('step-counter')).toHaveText(String(last));
  for (let i = 0; i < 2; i++) {
    const pane = panes.nth(i);
    if (totals[i]! < last) {
      await expect(pane).toHaveAttribute('data-pane-state', 'ended');
      await expect(pane).toContainText('(run ended at step ');
    } else {
      await expect(pane).toHaveAttribute('data-pane-state', 'current');
      await expect(pane).not.toContainText('(run ended');
    }
  }
});
