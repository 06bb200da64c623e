/**
 * The test fixture of every browser test: it fails a test whose page logged
 * an error to the console or threw, whatever else the test checked.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { loadEngine } from '../../web/src/core/node';
import type { ParamSpec } from '../../web/src/core/types';
import { labUrl } from '../lab-url';

export { expect, labUrl };

export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The lab's parameter table, from the same WASM build the page runs. */
export async function paramSpecs(lab: string): Promise<ParamSpec[]> {
  return (await loadEngine()).params(lab);
}

/** The current hash's query. */
export async function hashQuery(page: Page): Promise<URLSearchParams> {
  const hash = await page.evaluate(() => window.location.hash);
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

/** Wait until the page's runs are done and the animation can step. */
export async function waitForRuns(page: Page): Promise<void> {
  await expect(page.getByTestId('run-status')).toHaveText(/steps/, { timeout: 30_000 });
  await expect(page.getByTestId('step-forward')).toBeEnabled();
}

/**
 * Wait until every animation pane shows the frame of the step the player
 * stands on: a page opened deep into a long run draws the steps on the way
 * while it catches up.
 */
export async function waitForFrames(page: Page): Promise<void> {
  const step = (await page.getByTestId('step-counter').textContent())?.trim() ?? '';
  const panes = page.getByTestId('anim-pane');
  for (let i = 0; i < (await panes.count()); i++) await expect(panes.nth(i)).toHaveAttribute('data-frame-step', step, { timeout: 60_000 });
}
