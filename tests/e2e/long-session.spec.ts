/**
 * A long session on one page: 300 configurations in a row, each lab in turn, a variant (or two side by side),
 * parameters, a seed and a step drawn anew each time, set through the URL as a shared link or Back would set
 * them, without reloading the page. Each is waited for until the page shows its runs' step totals, which the
 * same WASM build gives here in Node, so that every one ran to its end. Every ten, the page's JS heap is read
 * after a full collection (CDP) and the worker's memory through the page's own simulator
 * (window.journalclubSim.memory()): the last third may not stand higher than the first by more than the
 * slack below.
 */
import type { CDPSession, Page } from '@playwright/test';
import { loadEngine } from '../../web/src/core/node';
import type { SimMemory } from '../../web/src/core/protocol';
import { expect, labUrl, test } from './fixtures';
import { rng } from '../../web/src/core/testing/rng';
import { SMALL_RANGES } from '../../web/src/core/testing/smallConfigs';

const CONFIGS = 300;
const SAMPLE_EVERY = 10;
/*
 * The slack, from what was measured (README, "Long sessions"): the page's heap moves by a few MB between
 * samples as React and D3 allocate and free; a view kept per configuration (a lab page, its charts, its runs'
 * outputs of tens to hundreds of KB) would add well over 16 MB across the last 200. The WASM heap top and
 * memory are set by the largest configuration so far, drawn from the same ranges in every third.
 */
const JS_SLACK = 16 << 20;
const WASM_SLACK = 4 << 20;

interface Config {
  url: string;
  /** each shown variant's step total, as the run status lists them */
  totals: number[];
}

/** The session: every configuration with the totals its runs must reach (run here on the same WASM build). */
async function session(): Promise<Config[]> {
  const engine = await loadEngine();
  const rand = rng(15);
  const pick = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const labs = engine.labs();
  const configs: Config[] = [];
  for (let i = 0; i < CONFIGS; i++) {
    const lab = labs[i % labs.length]!;
    const v = lab.variants;
    const k = pick(0, v.length);
    // k === v.length: side by side, the lab's first and last variants, named in the URL (the page's own pair is its lesson's)
    const shown = k === v.length ? [v[0]!, v[v.length - 1]!] : [v[k]!];
    // every parameter in the URL: the page's own defaults (its small configuration) are not the simulator's
    const params: Record<string, number> = {};
    for (const spec of engine.params(lab.id)) {
      const range = SMALL_RANGES[lab.id]![spec.name];
      params[spec.name] = range ? pick(range[0], range[1]) : spec.default;
    }
    const seed = pick(1, 1000);
    const totals = shown.map((variant) => engine.result({ lab: lab.id, variant, params, seed, options: { traceMax: 0 } }).sim.steps);
    const query = { variant: k === v.length ? 'side' : v[k]!, ...(k === v.length ? { show: shown.join(',') } : {}), ...params, seed, step: pick(1, 2000) };
    configs.push({ url: labUrl(lab.id, query), totals });
  }
  return configs;
}

interface Sample {
  config: number;
  js: number;
  wasm: SimMemory;
}

async function sample(page: Page, cdp: CDPSession, config: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const wasm = (await page.evaluate('window.journalclubSim.memory()')) as SimMemory;
  return { config, js: usedSize, wasm };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const peak = (xs: number[]) => Math.max(...xs);

test(`${CONFIGS} configurations in a row keep the page's JS heap and the worker's WASM heap bounded`, async ({ page }) => {
  test.setTimeout(30 * 60_000);
  const configs = await session();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.goto('/');
  const samples: Sample[] = [];
  const status = page.getByTestId('run-status');
  const t0 = Date.now();
  for (const [i, c] of configs.entries()) {
    await page.evaluate((url) => {
      window.location.hash = url.slice(url.indexOf('#'));
    }, c.url);
    // the status lists each shown variant's total once its run has ended ("before: 4,103 steps · after: 4,011 steps")
    await expect
      .poll(async () => [...((await status.textContent()) ?? '').matchAll(/: ([\d,\s]+) steps/g)].map((m) => Number(m[1]!.replace(/\D/g, ''))), {
        message: `configuration ${i}: ${c.url}`,
        timeout: 60_000,
      })
      .toEqual(c.totals);
    await expect(page.getByTestId('run-error')).toHaveCount(0);
    if ((i + 1) % SAMPLE_EVERY === 0) samples.push(await sample(page, cdp, i + 1));
  }
  const took = (Date.now() - t0) / 1000;
  const third = Math.floor(samples.length / 3);
  const first = samples.slice(0, third);
  const last = samples.slice(-third);
  const js = (xs: Sample[]) => peak(xs.map((s) => s.js));
  const top = (xs: Sample[]) => peak(xs.map((s) => s.wasm.heapTop));
  const mem = (xs: Sample[]) => peak(xs.map((s) => s.wasm.wasmBytes));
  const said =
    `${CONFIGS} configurations in ${took.toFixed(0)} s; page JS heap ${mb(js(first))} -> ${mb(js(last))} ` +
    `(lowest ${mb(Math.min(...samples.map((s) => s.js)))}), WASM heap top ${mb(top(first))} -> ${mb(top(last))}, ` +
    `memory ${mb(mem(first))} -> ${mb(mem(last))}, checkpoints at most ${mb(peak(samples.map((s) => s.wasm.checkpointBytes)))} ` +
    `of ${mb(samples[0]!.wasm.checkpointBudget)}, simulators started ${samples.at(-1)!.wasm.starts}`;
  console.log(said);
  expect(js(last), `the page's JS heap grew: ${said}`).toBeLessThanOrEqual(js(first) + JS_SLACK);
  expect(top(last), `the WASM heap grew: ${said}`).toBeLessThanOrEqual(top(first) + WASM_SLACK);
  expect(mem(last), `the WASM memory grew: ${said}`).toBeLessThanOrEqual(mem(first) + WASM_SLACK);
  for (const s of samples) expect(s.wasm.checkpointBytes).toBeLessThanOrEqual(s.wasm.checkpointBudget);
  // one simulator the whole session: nothing died and was started again on the way
  expect(samples.at(-1)!.wasm.starts).toBe(1);
});
