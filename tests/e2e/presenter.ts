/**
 * Presenter mode, for its specs: waiting for a presented view with its runs
 * in, and the check of every view a lab presents on a 1024x768 projector:
 * the page never scrolls, every text is 18 px or more, no label is clipped,
 * and the views of the two variants' drawings (the animation, the heatmaps)
 * fit the stage with both variants whole; every view that compares the
 * variants (all but the mail's text) names both on its first screen; a view
 * whose text is longer than the stage is turned a page at a time, and how
 * many it takes is reported.
 */
import { expect, test, type Page } from '@playwright/test';
import { VARIANTS as KERNEL_VARIANTS } from '../../lib/kernel-results';
import { labUrl } from './fixtures';

const PROJECTOR = { width: 1024, height: 768 };

/** Wait for presenter mode's view, with the runs in. */
export async function presenting(page: Page, view: string): Promise<void> {
  await expect(page.getByTestId('presenter-stage')).toHaveAttribute('data-view', view);
  await expect(page.getByTestId('run-status')).toHaveText(/steps/, { timeout: 30_000 });
}

interface TextSize {
  text: string;
  px: number;
  svg: boolean;
}

/**
 * Every visible text of the presented view with the size it renders at: an
 * HTML text's computed font size times its CSS zoom, an SVG text's computed
 * font size times the scale of its screen matrix (which holds the zoom of
 * its ancestors and its viewBox); form controls by their own font size.
 */
async function renderedTextSizes(page: Page): Promise<TextSize[]> {
  return page.evaluate(() => {
    const root = document.querySelector('.presenter-view');
    if (!root) throw new Error('no presenter view');
    const out: { text: string; px: number; svg: boolean }[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement as Element | null;
      if (!text || !el || el.closest('option, script, style, title')) continue;
      if (!visible(el)) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = (el as unknown as SVGGraphicsElement).getScreenCTM?.();
        const scale = m ? Math.hypot(m.a, m.b) : 1;
        out.push({ text: text.slice(0, 40), px: size * scale, svg: true });
      } else out.push({ text: text.slice(0, 40), px: size * ((el as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1), svg: false });
    }
    for (const el of root.querySelectorAll('select, input[type="text"], input:not([type])')) {
      if (visible(el))
        out.push({
          text: `<${el.tagName.toLowerCase()}>`,
          px: parseFloat(getComputedStyle(el).fontSize) * ((el as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1),
          svg: false,
        });
    }
    return out;
  });
}

/** Texts cut off by an ancestor that hides its overflow (an SVG, or a box with overflow hidden or clip). */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('.presenter-view')!;
    const out: string[] = [];
    for (const el of root.querySelectorAll('text')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || !(el.textContent ?? '').trim()) continue;
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX !== 'hidden' && cs.overflowX !== 'clip') continue;
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) out.push(`${el.textContent} in <${a.tagName.toLowerCase()} class="${a.getAttribute('class') ?? ''}">`);
        break;
      }
    }
    return out;
  });
}

/** Does the box scroll (or the document, for null)? Its overflow in px, or 0. */
async function overflowOf(page: Page, selector: string | null): Promise<{ height: number; width: number }> {
  return page.evaluate((sel) => {
    const el = sel === null ? document.scrollingElement! : document.querySelector(sel)!;
    return { height: Math.max(0, el.scrollHeight - el.clientHeight), width: Math.max(0, el.scrollWidth - el.clientWidth) };
  }, selector);
}

/** The views of text alone, which compare no variants: turned a page at a time. */
const TEXT_ONLY = new Set(['mail']);

/** The views that compare variants of their own: the kernel run's (the kernel lab's two, whatever the simulator's are). */
const OWN_VARIANTS: Partial<Record<string, readonly string[]>> = { kernel: KERNEL_VARIANTS };

/** What names a variant's column, heading or drawing in a view: a short label, a heading, a chart's title. */
const VARIANT_LABEL = 'th, h3, h4, figcaption, caption, legend, .chart-title, svg text, [data-variant]';

/**
 * The variants of `variants` that no label on the view's first screen (the
 * stage as it opens, before a page is turned) names as a word.
 */
async function variantsOffFirstScreen(page: Page, variants: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ variants, selector }) => {
      const view = document.querySelector('[data-testid="presenter-view"]')!;
      const stage = view.getBoundingClientRect();
      const labels = [...view.querySelectorAll(selector)].filter((el) => {
        const r = el.getBoundingClientRect();
        const text = (el.textContent ?? '').trim();
        return r.width > 0 && r.height > 0 && r.top >= stage.top - 1 && r.bottom <= stage.bottom + 1 && text.length > 0 && text.length <= 60;
      });
      const named = (v: string) => {
        /* a variant's name is lower case letters, digits and hyphens */
        const word = new RegExp(`(^|[^a-z0-9-])${v}($|[^a-z0-9-])`);
        return labels.some((el) => word.test(el.textContent!.trim()) || el.getAttribute('data-variant') === v);
      };
      return variants.filter((v) => !named(v));
    },
    { variants, selector: VARIANT_LABEL },
  );
}

/** The views that draw the two variants, which fit the stage without a page to turn, and the box of each variant there. */
const WHOLE: Partial<Record<string, string>> = {
  animation: '[data-testid="anim-pane"]',
  heatmap: '.heat-grid.two > *',
};

/**
 * Every view of the lab at `query` in presenter mode, in turn, at 1024x768:
 * neither the document nor the stage scrolls, no text under 18 px, no label
 * clipped; the animation and the heatmaps fit the stage, with `variants`
 * (the two shown) whole in it, each a box of its own with a drawing; every
 * other view but the mail names both variants on its first screen (a column,
 * a heading or a chart's title), and one longer than the stage reports its
 * height (an annotation).
 */
export async function checkPresenterViews(page: Page, lab: string, query: Record<string, string | number>, variants: readonly string[]): Promise<void> {
  await page.setViewportSize(PROJECTOR);
  await page.goto(labUrl(lab, { ...query, present: 'mail' }));
  await presenting(page, 'mail');
  const views = await page.locator('.presenter-views button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid')!.slice('present-'.length)));
  expect(views.length).toBeGreaterThanOrEqual(5);
  for (const [i, view] of views.entries()) {
    /* the view's own button: on the animation PageDown walks the lesson's moments first */
    if (i > 0) await page.getByTestId(`present-${view}`).click();
    await presenting(page, view);
    /* the parts below the page's first screen come as their view is shown */
    await expect(page.locator('.presenter-view [data-deferred]'), `${view}: parts still loading`).toHaveCount(0, { timeout: 30_000 });
    if (view === 'animation') await expect(page.locator('[data-testid="anim-pane"] svg').first()).toBeVisible();
    if (view === 'heatmap') await expect(page.locator('.heat-grid svg, .heat-grid canvas').first()).toBeVisible();
    /* a view below the page's first screen loads after it: wait until its texts are drawn */
    await expect.poll(async () => (await renderedTextSizes(page)).length, { message: `${view}: texts measured` }).toBeGreaterThan(3);
    const sizes = await renderedTextSizes(page);
    expect(sizes.length, `${view}: texts measured`).toBeGreaterThan(3);
    const small = sizes.filter((s) => s.px < 18 - 0.01);
    expect(small, `${view}: texts under 18 px`).toEqual([]);
    expect(await clippedTexts(page), `${view}: clipped labels`).toEqual([]);
    /* one pixel for rounding */
    for (const [what, sel] of [['the document', null], ['the stage', '[data-testid="presenter-stage"]']] as const) {
      const o = await overflowOf(page, sel);
      expect(o.height, `${view}: ${what} scrolls down by ${o.height} px`).toBeLessThanOrEqual(1);
      expect(o.width, `${view}: ${what} scrolls right by ${o.width} px`).toBeLessThanOrEqual(1);
    }
    const box = '[data-testid="presenter-view"]';
    const whole = WHOLE[view];
    /* a view that compares the variants shows both on its first screen: their columns, headings or drawings side by side */
    if (!TEXT_ONLY.has(view)) {
      expect(await page.locator(box).evaluate((e) => e.scrollTop), `${view}: opens at its top`).toBe(0);
      expect(await variantsOffFirstScreen(page, OWN_VARIANTS[view] ?? variants), `${view}: variants not named on its first screen`).toEqual([]);
    }
    if (whole === undefined) {
      const { height } = await overflowOf(page, box);
      const client = await page.locator(box).evaluate((e) => e.clientHeight);
      if (height > 1) test.info().annotations.push({ type: `${lab} ${view}`, description: `${client + height} px on a stage of ${client} px, turned a page at a time` });
      continue;
    }
    /* the drawings may still be fitted after their runs came in: the view settles without scrolling */
    await expect.poll(async () => (await overflowOf(page, box)).height, { message: `${view}: the view scrolls down` }).toBeLessThanOrEqual(1);
    expect((await overflowOf(page, box)).width, `${view}: the view scrolls right`).toBeLessThanOrEqual(1);
    const stage = (await page.locator(box).boundingBox())!;
    const parts = page.locator(`${box} ${whole}`);
    expect(await parts.count(), `${view}: one box for each of ${variants.join(' and ')}`).toBe(variants.length);
    for (let n = 0; n < variants.length; n++) {
      const part = parts.nth(n);
      if (view === 'animation') await expect(part).toHaveAttribute('data-variant', variants[n]!);
      const r = (await part.boundingBox())!;
      const where = `${view}: ${variants[n]} at x ${Math.round(r.x)}-${Math.round(r.x + r.width)}, y ${Math.round(r.y)}-${Math.round(r.y + r.height)} on a stage of x ${Math.round(stage.x)}-${Math.round(stage.x + stage.width)}, y ${Math.round(stage.y)}-${Math.round(stage.y + stage.height)}`;
      expect(r.x >= stage.x - 1 && r.y >= stage.y - 1 && r.x + r.width <= stage.x + stage.width + 1 && r.y + r.height <= stage.y + stage.height + 1, `${where}: cut off`).toBe(true);
      const drawn = await part.locator('svg, canvas').evaluateAll((ds) => ds.filter((d) => d.getBoundingClientRect().width > 0 && d.getBoundingClientRect().height > 0).length);
      expect(drawn, `${where}: no drawing`).toBeGreaterThan(0);
    }
  }
}
