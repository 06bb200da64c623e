/**
 * Presenter mode: a lab as a sequence of views, PageDown/PageUp and the
 * arrows moving through it, Back returning to the view before, every view
 * option surviving a round trip through the URL, every view of every lab on
 * a 1024x768 projector (presenter.ts), and the `?` list of shortcuts on
 * every page.
 */
import type { Page } from '@playwright/test';
import { expect, hashQuery, labUrl, test, waitForRuns } from './fixtures';
import { LAB_FACES } from '../../web/src/labs/registry.gen';
import { FIRST_LAB, LAB_IDS, viewsOf } from './labs';
import { checkPresenterViews, presenting } from './presenter';

/**
 * PageDown until the stage shows `view`: a view longer than the stage is read
 * a screen at a time, each PageDown turning a page down until its last, then
 * changing the view.
 */
async function pageDownTo(page: Page, view: string): Promise<void> {
  const stage = page.getByTestId('presenter-stage');
  const box = page.getByTestId('presenter-view');
  const from = await stage.getAttribute('data-view');
  for (let turns = 0; ; turns++) {
    expect(turns, `pages of ${from}`).toBeLessThan(20);
    const top = await box.evaluate((e) => e.scrollTop);
    await page.keyboard.press('PageDown');
    if ((await stage.getAttribute('data-view')) !== from) break;
    await expect.poll(() => box.evaluate((e) => e.scrollTop), { message: `PageDown turns a page of ${from}` }).toBeGreaterThan(top);
  }
  await presenting(page, view);
}

test('the sequence: the present button, PageDown and PageUp, the arrows, Back and Escape', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after', step: 5 }));
  await waitForRuns(page);
  await page.getByTestId('presenter').click();
  await presenting(page, 'mail');
  expect((await hashQuery(page)).get('present')).toBe('mail');
  await expect(page.locator('.presenter-view .explainer, .presenter-view h1').first()).toBeVisible();
  /* presenter mode shows one view: no controls, no heatmap on the mail */
  await expect(page.getByTestId('variant')).toHaveCount(0);
  await expect(page.getByTestId('heatmap-state')).toHaveCount(0);

  await pageDownTo(page, 'animation');
  await expect(page.getByTestId('anim-pane')).toBeVisible();
  /* on the animation the arrows step the player and PageDown still changes the view */
  const counter = page.getByTestId('step-counter');
  await expect(counter).toHaveText('5');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('6');
  /* PageDown walks the lesson's moments in the runs shown first (here after's), then changes the view */
  const moment = page.locator('[data-testid^="moment-"]:not([disabled])');
  await expect(moment).toHaveCount(1);
  await page.keyboard.press('PageDown');
  await expect(moment).toHaveAttribute('aria-pressed', 'true');
  const momentStep = (await hashQuery(page)).get('step');
  /* after the moments (and the animation's pages, where one variant's code pane is beside it), the table they explain */
  await pageDownTo(page, 'table');
  await pageDownTo(page, 'heatmap');
  await expect(page.getByTestId('heatmap-state')).toBeVisible();
  /* elsewhere the arrows change the view */
  await page.keyboard.press('ArrowRight');
  await presenting(page, 'kernel');
  await page.keyboard.press('ArrowLeft');
  await presenting(page, 'heatmap');
  /* back to the table, at its first page, and from there to the animation */
  await page.keyboard.press('PageUp');
  await presenting(page, 'table');
  expect(await page.getByTestId('presenter-view').evaluate((e) => e.scrollTop)).toBe(0);
  await page.keyboard.press('PageUp');
  await presenting(page, 'animation');
  expect((await hashQuery(page)).get('step')).toBe(momentStep);

  /* each move was a history entry (a page turned is not): Back returns through them, to the page before presenter mode */
  for (const view of ['table', 'heatmap', 'kernel', 'heatmap', 'table']) {
    await page.goBack();
    await presenting(page, view);
  }
  await page.goBack();
  await presenting(page, 'animation');
  await expect(counter).toHaveText(momentStep!);
  /* the step to 6 and the moment right after it are one gesture's steps: one entry */
  await page.goBack();
  await presenting(page, 'animation');
  await expect(counter).toHaveText('5');
  await page.goBack();
  await presenting(page, 'mail');
  await page.goBack();
  await expect(page.getByTestId('presenter-stage')).toHaveCount(0);
  await expect(page.getByTestId('variant')).toBeVisible();
  expect(page.url()).toContain(`#/lab/${FIRST_LAB}`);

  /* Escape leaves presenter mode */
  await page.goForward();
  await presenting(page, 'mail');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presenter-stage')).toHaveCount(0);
  expect((await hashQuery(page)).has('present')).toBe(false);
});

test('Back undoes deliberate steps on the lab page, and play makes one entry, not one a frame', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after', step: 3 }));
  await waitForRuns(page);
  const counter = page.getByTestId('step-counter');
  await page.getByTestId('step-forward').click();
  await expect(counter).toHaveText('4');
  await page.getByTestId('heatmap-buckets').selectOption('240');
  await page.getByTestId('speed').selectOption('25');
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('play').click();
  await expect.poll(async () => Number(await counter.textContent())).toBeGreaterThan(20);
  await page.getByTestId('pause').click();
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(entries + 1);
  await page.goBack();
  await expect.poll(async () => (await hashQuery(page)).get('step')).toBe('4');
  await expect(counter).toHaveText('4');
  await page.goBack();
  await expect(page.getByTestId('speed')).toHaveValue('10');
  await page.goBack();
  await expect(page.getByTestId('heatmap-buckets')).toHaveValue('120');
  await page.goBack();
  await expect(counter).toHaveText('3');
  expect(page.url()).toContain(`#/lab/${FIRST_LAB}`);
});

test('the steps of one gesture (a key held, a scrubber dragged) make one history entry', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after', step: 3 }));
  await waitForRuns(page);
  /* the parts fetched after the first view are drawn: on a loaded machine their drawing can hold a key press past a gesture's 600 ms */
  await expect(page.locator('[data-deferred]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.code-pane .cm-editor')).toBeVisible({ timeout: 30_000 });
  const counter = page.getByTestId('step-counter');
  const entries = await page.evaluate(() => history.length);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('7');
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.goBack();
  await expect(counter).toHaveText('3');
});

test('every new key makes the round trip through the URL', async ({ page }) => {
  const query = { variant: 'side', step: 7, color: 'spin', buckets: 240, speed: 60, follow: 'after', present: 'heatmap' };
  await page.goto(labUrl(FIRST_LAB, query));
  await presenting(page, 'heatmap');
  await expect(page.getByTestId('url-error')).toHaveCount(0);
  await expect(page.getByTestId('heatmap-state')).toHaveValue('spin');
  await expect(page.getByTestId('heatmap-buckets')).toHaveValue('240');
  const q = await hashQuery(page);
  for (const [k, v] of Object.entries(query)) expect(q.get(k), k).toBe(String(v));
  await page.keyboard.press('PageUp');
  await presenting(page, 'table');
  await page.keyboard.press('PageUp');
  await presenting(page, 'animation');
  await expect(page.getByTestId('speed')).toHaveValue('60');
  await expect(page.getByTestId('follow-after')).toBeChecked();

  /* the page writes what it is given by its controls, and reads it back */
  await page.keyboard.press('Escape');
  await page.getByTestId('follow-before').check();
  await page.getByTestId('speed').selectOption('200');
  await page.getByTestId('heatmap-state').selectOption('sleep');
  await page.getByTestId('heatmap-buckets').selectOption('480');
  const written = await hashQuery(page);
  expect([written.get('follow'), written.get('speed'), written.get('color'), written.get('buckets')]).toEqual(['before', '200', 'sleep', '480']);
  await page.reload();
  await waitForRuns(page);
  await expect(page.getByTestId('follow-before')).toBeChecked();
  await expect(page.getByTestId('speed')).toHaveValue('200');
  await expect(page.getByTestId('heatmap-state')).toHaveValue('sleep');
  await expect(page.getByTestId('heatmap-buckets')).toHaveValue('480');
});

test('bad values of the new keys are reported, and their defaults apply', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { color: 'pink', buckets: 7, speed: 3, follow: 'left', present: 'slides' }));
  await waitForRuns(page);
  const banner = page.getByTestId('url-error');
  await expect(banner).toContainText('color=pink is unknown');
  await expect(banner).toContainText('buckets=7 is unknown; allowed: 60, 120, 240, 480');
  await expect(banner).toContainText('speed=3 is unknown');
  await expect(banner).toContainText('follow=left is unknown; allowed: before, after');
  await expect(banner).toContainText(`present=slides is unknown; allowed: ${(await viewsOf(FIRST_LAB)).join(', ')}`);
  await expect(page.getByTestId('presenter-stage')).toHaveCount(0);
  await expect(page.getByTestId('speed')).toHaveValue('10');
});

for (const id of LAB_IDS) {
  test(`${id}: every presenter view fits 1024x768 with both variants whole, every text 18 px or more, no label clipped`, async ({ page }) => {
    test.setTimeout(120_000);
    /* the page as it opens, on the lesson's two variants */
    await checkPresenterViews(page, id, {}, LAB_FACES[id as keyof typeof LAB_FACES].lesson.variants);
  });
}

test('? lists every shortcut on the home page, a lab page and in presenter mode', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByTestId(`lab-card-${FIRST_LAB}`)).toBeVisible();
  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcuts');
  await expect(overlay).toBeVisible();
  for (const key of ['?', 'Space', '→', '←', 'Home', 'End', 'PageDown', 'PageUp', 'Esc'])
    await expect(overlay.locator('kbd', { hasText: new RegExp(`^${key.replace('?', '\\?')}$`) }).first()).toBeVisible();
  await expect(overlay).toContainText('presentation clicker');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  await page.goto(labUrl(FIRST_LAB, { variant: 'after' }));
  await waitForRuns(page);
  await page.getByTestId('shortcuts-button').click();
  await expect(overlay).toBeVisible();
  await page.keyboard.press('?');
  await expect(overlay).toHaveCount(0);

  /* in presenter mode Escape closes the list first, and leaves presenter mode the second time */
  await page.getByTestId('presenter').click();
  await presenting(page, 'mail');
  await page.keyboard.press('?');
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(page.getByTestId('presenter-stage')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presenter-stage')).toHaveCount(0);

  /* the presenter bar's own button, since the app's header is hidden there */
  await page.getByTestId('presenter').click();
  await page.getByTestId('present-keys').click();
  await expect(overlay).toBeVisible();
});
