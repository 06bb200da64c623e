/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own
 * browsers here): the specs of tests/e2e and each lab's own, in its folder. The lab is built and served by `vite preview` on the same
 * address `npm start` uses.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/chromium';

/* 5173 as for `npm start`; JC_E2E_PORT moves the tests aside when a dev server holds it */
const PORT = Number(process.env.JC_E2E_PORT ?? 5173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  /* the specs of shared features in tests/e2e, each lab's own beside its page (web/src/labs/<id>/*.spec.ts) */
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'web/src/labs/*/**/*.spec.ts'],
  outputDir: '.cache/test/playwright-results',
  /* two cores: one browser at a time, and the simulator worker gets the other */
  workers: 1,
  fullyParallel: false,
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
  webServer: {
    command: `node_modules/.bin/vite build --logLevel warn && node_modules/.bin/vite preview --port ${PORT}`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
