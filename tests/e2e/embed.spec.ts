/**
 * Embeds: #/embed/<lab>/<view> shows one view of a lab page and nothing
 * else (no header, no controls, no other panel), with the page's view from
 * its query; each view of the lab page copies its link and an <iframe>
 * snippet that loads it, as large as the view is drawn: in it, the
 * animation's panes and code pane show whole.
 */
import { expect, hashQuery, labUrl, test, waitForRuns } from './fixtures';
import { PRESENT_VIEWS } from '../../web/src/app/presenter/views';
import { FIRST_LAB, viewsOf } from './labs';

test('an embed renders only its view, with the view state of its query', async ({ page }) => {
  await page.goto(`/#/embed/${FIRST_LAB}/heatmap?variant=side&color=sleep&buckets=240`);
  const embed = page.getByTestId('embed-view');
  await expect(embed).toHaveAttribute('data-view', 'heatmap');
  await expect(page.getByTestId('heatmap-state')).toHaveValue('sleep');
  await expect(page.getByTestId('heatmap-buckets')).toHaveValue('240');
  await expect(page.locator('.heat-grid .heatmap, .heat-grid svg').first()).toBeVisible({ timeout: 30_000 });
  /* nothing but the view: no app header, no controls, no player, no other panel */
  await expect(page.locator('.app-header')).toHaveCount(0);
  await expect(page.getByTestId('variant')).toHaveCount(0);
  await expect(page.getByTestId('step-scrubber')).toHaveCount(0);
  await expect(page.locator('#paper-heading, #metrics-heading, #anim-heading')).toHaveCount(0);
  await expect(page.locator('section.panel')).toHaveCount(1);
  /* an embed keeps its URL (and its viewer's history) as it is */
  const length = await page.evaluate(() => history.length);
  await page.getByTestId('heatmap-state').selectOption('spin');
  expect((await hashQuery(page)).get('color')).toBe('spin');
  expect(await page.evaluate(() => history.length)).toBe(length);
  expect(page.url()).toContain(`#/embed/${FIRST_LAB}/heatmap`);
});

test('an embed of the animation plays by its keys', async ({ page }) => {
  await page.goto(`/#/embed/${FIRST_LAB}/animation?variant=after&step=5`);
  await expect(page.getByTestId('embed-view')).toHaveAttribute('data-view', 'animation');
  await expect(page.getByTestId('step-forward')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('anim-pane')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step-counter')).toHaveText('6');
  await expect(page.locator('#heat-heading')).toHaveCount(0);
});

test('a bad embed says what exists', async ({ page }) => {
  await page.goto(`/#/embed/${FIRST_LAB}/slides`);
  await expect(page.getByTestId('embed-error')).toContainText('There is no view “slides”');
  await expect(page.getByTestId('embed-error')).toContainText(PRESENT_VIEWS.join(', '));
  await page.goto('/#/embed/nope/mail');
  await expect(page.getByTestId('embed-error')).toContainText('There is no lab “nope”');
});

test('copy-embed gives an <iframe> snippet that loads the view; copy-link gives its address', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after', step: 12 }));
  await waitForRuns(page);
  for (const view of await viewsOf(FIRST_LAB))
    await expect(page.getByTestId(`share-${view}`).getByTestId('copy-embed')).toBeVisible();

  const share = page.getByTestId('share-heatmap');
  await page.getByTestId('heatmap-state').selectOption('spin');
  await share.getByTestId('copy-link').click();
  const link = await share.getByTestId('share-text').inputValue();
  expect(link).toMatch(new RegExp(`^http://[^#]+#/embed/${FIRST_LAB}/heatmap\\?`));
  const linkQuery = new URLSearchParams(link.slice(link.indexOf('?') + 1));
  expect([linkQuery.get('variant'), linkQuery.get('step'), linkQuery.get('color')]).toEqual(['after', '12', 'spin']);

  await share.getByTestId('copy-embed').click();
  const snippet = await share.getByTestId('share-text').inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]+" title="[^"]+" width="\d+" height="\d+"[^>]*><\/iframe>$/);

  /*
   * the snippet, put in a slide of its own, loads the view and only it (the
   * slide is served from the same host: Chromium blocks a page that is not
   * on the loopback address from framing one that is)
   */
  await page.route('**/slide.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>slide</title><body>${snippet}</body>` }),
  );
  await page.goto('/slide.html');
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('embed-view')).toHaveAttribute('data-view', 'heatmap', { timeout: 30_000 });
  await expect(frame.getByTestId('heatmap-state')).toHaveValue('spin');
  await expect(frame.locator('.heat-grid svg, .heat-grid canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('.app-header')).toHaveCount(0);
  await expect(frame.locator('section.panel')).toHaveCount(1);
});

test('the animation’s embed snippet is the view’s size: in its iframe the panes and the code pane show whole', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(labUrl(FIRST_LAB, { variant: 'side' }));
  await waitForRuns(page);
  await expect(page.getByTestId('code-line-active')).toBeVisible();
  const share = page.getByTestId('share-animation');
  await share.getByTestId('copy-embed').click();
  const snippet = await share.getByTestId('share-text').inputValue();
  const [width, height] = [/ width="(\d+)"/, / height="(\d+)"/].map((re) => Number(re.exec(snippet)?.[1]));
  const panel = (await page.locator('.anim-panel').boundingBox())!;
  expect(width).toBeGreaterThanOrEqual(Math.floor(panel.width));
  expect(height).toBeGreaterThanOrEqual(Math.floor(panel.height));

  await page.setViewportSize({ width: width + 40, height: height + 40 });
  await page.route('**/slide.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>slide</title><body style="margin:0">${snippet}</body>` }),
  );
  await page.goto('/slide.html');
  const frame = page.frames().find((f) => f !== page.mainFrame()) ?? null;
  const inFrame = page.frameLocator('iframe');
  await expect(inFrame.getByTestId('anim-pane').first()).toHaveAttribute('data-pane-state', 'current', { timeout: 60_000 });
  await expect(inFrame.getByTestId('code-line-active')).toBeVisible({ timeout: 30_000 });
  expect(frame).not.toBeNull();
  const cut = await frame!.evaluate(() => {
    const out: string[] = [];
    const [w, h] = [window.innerWidth, window.innerHeight];
    if (document.scrollingElement!.scrollHeight > h + 1) out.push(`the embed is ${document.scrollingElement!.scrollHeight} px tall in ${h}`);
    const parts = [...document.querySelectorAll('[data-testid="anim-pane"], [data-testid="code-pane"]')];
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
        out.push(`${el.getAttribute('data-testid')} ${el.getAttribute('data-variant') ?? ''} reaches ${Math.round(r.right)}x${Math.round(r.bottom)} in ${w}x${h}`);
    }
    return out;
  });
  expect(cut).toEqual([]);
});

test('the present button of a view opens presenter mode on it', async ({ page }) => {
  await page.goto(labUrl(FIRST_LAB, { variant: 'after' }));
  await waitForRuns(page);
  await page.getByTestId('share-table').getByTestId('present-view').click();
  await expect(page.getByTestId('presenter-stage')).toHaveAttribute('data-view', 'table');
  expect((await hashQuery(page)).get('present')).toBe('table');
});
