/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own
 * browsers here). The lab is built and served by `vite preview` on a port of
 * the tests' own, free when the config is loaded, so that the tests never
 * meet a server they did not start (`npm start` on 5173, another checkout's
 * tests); JC_E2E_PORT sets the port instead. JC_E2E_BUILT=1 serves the
 * build that is there (scripts/test.mjs builds it once for its two runs).
 *
 * Two projects: `pages`, every spec that times no frames, its tests spread
 * over two workers; `frames`, the specs that time frames (scripts/test-tiers.mjs),
 * one test at a time. `npm test` runs `frames` after `pages`, alone.
 */
import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { FRAME_SPECS, SPEC_GLOBS, namedFiles } from './scripts/test-tiers.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/chromium';

/**
 * A port no one listens on now: the kernel's choice for a listen on port 0.
 * Playwright loads this file again in each worker, so the first load's port
 * is kept in the environment, which the workers inherit.
 */
function freePort(): number {
  const script = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

function port(): number {
  const given = process.env.JC_E2E_PORT;
  if (given !== undefined) {
    if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 65535)
      throw new Error(`JC_E2E_PORT must be a port number from 1 to 65535, got '${given.slice(0, 40)}'`);
    return Number(given);
  }
  process.env.JC_E2E_FREE_PORT ??= String(freePort());
  return Number(process.env.JC_E2E_FREE_PORT);
}

const PORT = port();
const BASE_URL = `http://127.0.0.1:${PORT}`;
const FRAMES = namedFiles(FRAME_SPECS, 'spec');
const BUILD = process.env.JC_E2E_BUILT === '1' ? '' : 'node_modules/.bin/vite build --logLevel warn && ';

export default defineConfig({
  testDir: '.',
  testMatch: SPEC_GLOBS,
  outputDir: '.cache/test/playwright-results',
  /* two cores: two browsers, each with its page's simulator worker */
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.JC_PLAYWRIGHT_JSON ?? '.cache/test/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    /*
     * frames first: a run of both (npm test --lab) starts its one-at-a-time chain at once, the
     * pages' tests filling the other worker beside it, instead of queueing the chain after them
     */
    { name: 'frames', testMatch: FRAMES, workers: 1, fullyParallel: false },
    /* each test opens its own page in its own context: the tests of a file run apart */
    { name: 'pages', testIgnore: FRAMES, fullyParallel: true },
  ],
  webServer: {
    command: `${BUILD}node_modules/.bin/vite preview --port ${PORT}`,
    url: BASE_URL,
    /* never a server that was there before: a port taken is an error, not a site to test */
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
