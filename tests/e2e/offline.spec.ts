/**
 * Offline and strict: the production build (web/dist, which the browser
 * tests' web server builds first) served by a plain static file server of
 * this test's own, with no headers but a MIME type, works with no request
 * leaving the host and no Content-Security-Policy violation: the home page,
 * and every lab alone and side by side with its runs drawn and a step taken.
 *
 * The policy is the build's meta tag (vite.config.ts); this test also checks
 * that the tag is there and forbids inline script and eval.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, labUrl, test, waitForRuns } from './fixtures';
import { FIRST_LAB, LAB_IDS } from './labs';

const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.c': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/* A static file server: a path under web/dist or 404; nothing else. */
function serve(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST.endsWith(sep) ? DIST : DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

let site: { server: Server; origin: string };

test.beforeAll(async () => {
  site = await serve();
});

test.afterAll(async () => {
  await new Promise((r) => site.server.close(r));
});

/** Every request the page makes that leaves the site's origin, and every CSP violation it reports. */
async function watch(page: Page): Promise<{ foreign: string[]; violations: () => Promise<string[]> }> {
  const foreign: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${site.origin}/`) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort('blockedbyclient');
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return {
    foreign,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

test('the build carries a strict Content-Security-Policy: no inline script, no eval, WebAssembly allowed', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta, 'index.html has a CSP meta tag').not.toBeNull();
  const policy = meta![1]!.replace(/&#39;/g, "'");
  const script = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
  expect(script.split(' ').sort()).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toMatch(/'unsafe-eval'/);
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
});

test('the home page works from a plain static server with nothing leaving the host', async ({ page }) => {
  const w = await watch(page);
  await page.goto(`${site.origin}/`);
  await expect(page.locator(`a[href*="${FIRST_LAB}"]`).first()).toBeVisible();
  expect(w.foreign).toEqual([]);
  expect(await w.violations()).toEqual([]);
});

for (const lab of LAB_IDS) {
  test(`${lab}: alone and side by side, runs and a step, from a plain static server under the CSP, nothing leaving the host`, async ({ page }) => {
    test.setTimeout(120_000);
    const w = await watch(page);
    for (const query of [{}, { variant: 'side' }] as Record<string, string>[]) {
      await page.goto(`${site.origin}${labUrl(lab, query)}`);
      await waitForRuns(page);
      const counter = page.getByTestId('step-counter');
      const before = Number(await counter.textContent());
      await page.getByTestId('step-forward').click();
      await expect(counter).toHaveText(String(before + 1));
      await expect(page.getByTestId('anim-pane').first()).toHaveAttribute('data-hash', /.+/);
    }
    expect(w.foreign).toEqual([]);
    expect(await w.violations()).toEqual([]);
  });
}
