/**
 * What a lab page loads before its lesson is shown, and what it loads in
 * all: every request's body gzip-compressed as a server would send it, split
 * at the moment the animation's panes have all drawn the step the page
 * stands on (the lesson's decisive moment, on a page opened without a step).
 * A file the page and its worker both import counts once. Read by the
 * weight spec (tests/e2e/page-weight.spec.ts) and `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** What a lab page may load before its lesson is shown, gzip (1 KB = 1,000 bytes). */
export const LESSON_BUDGET_KB = 300;

export interface Weight {
  /** gzip bytes of the bodies */
  gzip: number;
  /** gzip bytes by path, largest first */
  files: [string, number][];
}

export interface LessonWeight {
  /** the requests made before the lesson's panes drew it */
  before: Weight;
  /** every request until the network was idle */
  all: Weight;
  /** ms from the navigation's start to the panes' frame, as the page's clock has it */
  shown_ms: number;
  /** the step the panes drew */
  step: number;
}

/**
 * Wait until the page's panes have drawn the step in its URL (a lab page
 * opened bare: its lesson); that step. Polled as an expression, which the
 * page's Content-Security-Policy allows (waitForFunction's text it does not).
 */
export async function lessonDrawn(page: Page, timeoutMs = 60_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const step = (await page.evaluate(DRAWN_STEP)) as number | null;
    if (step !== null) return step;
    if (Date.now() > end) throw new Error(`${page.url()}: the panes did not draw the page's step within ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

export const gzipBytes = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

/*
 * In the page: the step every animation pane (at least one) has drawn, when
 * it is the step in the URL (the lesson's moment, once found), else null.
 */
const DRAWN_STEP = `(() => {
  const panes = [...document.querySelectorAll('[data-testid="anim-pane"]')];
  const m = /[?&]step=(\\d+)/.exec(location.hash);
  return panes.length > 0 && m && panes.every((p) => p.getAttribute('data-frame-step') === m[1]) ? Number(m[1]) : null;
})()`;

/* Run in the page before its scripts: once the panes drew the page's step, the time and step are kept on window, and the binding is called. */
const WATCH = `(() => {
  const done = () => {
    if (window.__jcLessonShown) return true;
    const step = ${DRAWN_STEP};
    if (step === null) return false;
    window.__jcLessonShown = { ms: performance.now(), step };
    window.jcLessonShown();
    return true;
  };
  const watch = () => {
    const seen = new MutationObserver(() => done() && seen.disconnect());
    seen.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-frame-step'] });
  };
  if (document.documentElement) watch();
  else document.addEventListener('DOMContentLoaded', watch);
})();`;

/*
 * A path counts once: the page and its worker import some of the same
 * chunks, and the second request is answered from the browser's cache (a
 * revalidation whose answer has no body).
 */
function weight(list: readonly (readonly [string, number])[]): Weight {
  const byPath = new Map<string, number>();
  for (const [path, bytes] of list) if (!byPath.has(path)) byPath.set(path, bytes);
  const files = [...byPath].sort((a, b) => b[1] - a[1]);
  return { gzip: files.reduce((a, [, b]) => a + b, 0), files };
}

/**
 * Open `url` (a lab page) in a fresh `page` and split what it loads at the
 * moment its panes drew the step the page stands on. The page's own worker's
 * requests (the simulator's WASM) count as the page's. Fails naming the
 * wait when the panes do not draw within `timeoutMs`.
 */
export async function lessonWeight(page: Page, url: string, timeoutMs = 60_000): Promise<LessonWeight> {
  const requests: { path: string; before: boolean; body: Promise<number> }[] = [];
  let shown = false;
  let resolveShown: () => void = () => {};
  const shownAt = new Promise<void>((resolve) => (resolveShown = resolve));
  await page.exposeFunction('jcLessonShown', () => {
    shown = true;
    resolveShown();
  });
  await page.addInitScript(WATCH);
  page.on('request', (request) => {
    const entry = { path: new URL(request.url()).pathname, before: !shown, body: Promise.resolve(0) };
    entry.body = request
      .response()
      .then((r) => (r ? r.body() : Buffer.alloc(0)))
      .then(gzipBytes, () => 0);
    requests.push(entry);
  });
  await page.goto(url);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    shownAt,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${url}: the panes did not draw the page's step within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  await page.waitForLoadState('networkidle');
  const at = (await page.evaluate('window.__jcLessonShown')) as { ms: number; step: number };
  const sized = await Promise.all(requests.map(async (r) => [r.path, await r.body, r.before] as const));
  return {
    before: weight(sized.filter((r) => r[2]).map(([p, b]) => [p, b] as const)),
    all: weight(sized.map(([p, b]) => [p, b] as const)),
    shown_ms: at.ms,
    step: at.step,
  };
}

