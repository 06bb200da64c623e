/**
 * The project's own speed, reported (not a pass/fail test): `npm run bench`.
 *
 *   1. the simulator natively and in WASM (Node) over the same runs, those
 *      of the fast-commit paper sweep, each the best of three: events per
 *      second of each and their ratio;
 *   2. that sweep's wall time in Node WASM, as `journalclub sweep` runs it
 *      (every row with its default seeds, on threads where there are cores);
 *   3. the production bundle: gzip size of all JS, of the WASM, and of what
 *      the first page really loads in Chromium;
 *   4. frame times in headless Chromium while the lab page plays its largest
 *      playable configuration with the largest heatmap.
 *
 * Prints a Markdown table with each target beside its number and writes
 * bench/results.json. Progress goes to stderr.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { encodeParams, parseJson, type Engine } from '../web/src/core/engine';
import { loadEngine, nativeBinary, REPO_ROOT } from '../web/src/core/node';
import { sweepOnThreads } from '../web/src/core/nodeThreads';
import { SWEEP_SEED, sweepSeeds } from '../web/src/core/sweep';
import { RunResult, type PaperRow } from '../web/src/core/types';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/chromium';
import { labUrl } from '../tests/lab-url';
import { kb, markdown, median, quantile, si, type Row } from './stats';
import { z } from 'zod';

const LAB = 'fast-commit';
const VARIANTS = ['before', 'after'] as const;
const FRAME_SECONDS = 5;
const TARGETS = { wasmRatio: 1.5, sweepS: 10, firstPageKb: 300, frameP95Ms: 16.7 };

const log = (text: string): void => {
  process.stderr.write(`bench: ${text}\n`);
};

interface RunTime {
  row: string;
  variant: string;
  events: number;
  wall_s: number;
  hash: string;
}

/* ---- 1. the same runs natively and in WASM, each the best of REPS ---- */

/** Each run is timed this many times and its fastest time kept: a cold start is not the simulator's speed. */
const REPS = 3;

const NativeTime = z.object({ wall_s: z.number(), result: RunResult });

/* `jc time` measures the run inside the process, without its start-up */
function nativeRun(row: PaperRow, variant: string): RunTime {
  const args = ['time', LAB, variant, encodeParams(row.params), String(SWEEP_SEED)];
  let text: string;
  try {
    text = execFileSync(nativeBinary(), args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`native run of row ${row.label} ${variant} failed: ${stderr || (e as Error).message}`);
  }
  const t = parseJson(NativeTime, text, 'jc time');
  return { row: row.label, variant, events: t.result.sim.events, wall_s: t.wall_s, hash: t.result.sim.hash };
}

function wasmRun(engine: Engine, row: PaperRow, variant: string): RunTime {
  const start = performance.now();
  const result = engine.result({ lab: LAB, variant, params: row.params, seed: SWEEP_SEED });
  const wall_s = (performance.now() - start) / 1000;
  return { row: row.label, variant, events: result.sim.events, wall_s, hash: result.sim.hash };
}

function bestOf(run: () => RunTime): RunTime {
  let best = run();
  for (let i = 1; i < REPS; i++) {
    const next = run();
    if (next.wall_s < best.wall_s) best = next;
  }
  return best;
}

function timeRuns(rows: PaperRow[], run: (row: PaperRow, variant: string) => RunTime): RunTime[] {
  return rows.flatMap((row) => VARIANTS.map((variant) => bestOf(() => run(row, variant))));
}

/* ---- 2. the paper sweep in Node WASM, as `journalclub sweep` runs it ---- */

async function sweepWall(engine: Engine): Promise<number> {
  const start = performance.now();
  await sweepOnThreads(engine, LAB);
  return (performance.now() - start) / 1000;
}

/* ---- 3. the production bundle ---- */

function gz(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
}

function bundleSizes(): { js_gzip: number; wasm_gzip: number; files: Record<string, number> } {
  const dir = join(REPO_ROOT, 'web', 'dist', 'assets');
  const files: Record<string, number> = {};
  let js = 0;
  let wasm = 0;
  for (const name of readdirSync(dir).sort()) {
    const size = gz(readFileSync(join(dir, name)));
    files[name] = size;
    if (name.endsWith('.js')) js += size;
    if (name.endsWith('.wasm')) wasm += size;
  }
  return { js_gzip: js, wasm_gzip: wasm, files };
}

/** Everything a page load fetched, gzip-compressed as a server would send it. */
async function pageWeight(browser: Browser, url: string, ready: (page: Page) => Promise<void>) {
  const page = await browser.newPage();
  const bodies: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    bodies.push(
      response
        .body()
        .then((body): [string, number] => [new URL(response.url()).pathname, gz(body)])
        .catch((): [string, number] => [response.url(), 0]),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  const files = Object.fromEntries(await Promise.all(bodies));
  await page.close();
  const total = Object.values(files).reduce((a, b) => a + b, 0);
  return { total_gzip: total, files };
}

/* ---- 4. frame times while playing ---- */

/** The views to try, largest heatmap first: both variants side by side, then one. */
const VIEWS = ['side', 'after', 'before'] as const;

async function frameTimes(browser: Browser, base: string, candidates: PaperRow[]) {
  for (const row of candidates) {
    for (const view of VIEWS) {
      log(`frames: trying row ${row.label} (${encodeParams(row.params)}), ${view}`);
      /* a page of its own for each try: a hash change alone would keep the last try's state on screen */
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      try {
        await page.goto(base + labUrl(LAB, { variant: view, ...row.params }));
        await waitForRuns(page);
        const play = page.getByTestId('play');
        if ((await play.count()) === 0 || !(await play.isEnabled())) continue;
        const buckets = await largestOption(page, 'heatmap-buckets');
        await page.getByTestId('heatmap-buckets').selectOption(buckets);
        await settle(page);
        const speed = await largestOption(page, 'speed');
        await page.getByTestId('speed').selectOption(speed);
        await play.click();
        const deltas = (await page.evaluate(frameScript(FRAME_SECONDS))) as number[];
        const step = await page.getByTestId('step-counter').textContent();
        const cells = await page.getByTestId('heatmap').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cells'))));
        return {
          row: row.label,
          view,
          params: row.params,
          heat_buckets: Number(buckets),
          speed_steps_per_s: Number(speed),
          heatmap_cells: cells,
          step_reached: Number(step),
          frames: deltas.length,
          p50_ms: quantile(deltas, 0.5),
          p95_ms: quantile(deltas, 0.95),
          max_ms: Math.max(...deltas),
        };
      } finally {
        await page.close();
      }
    }
  }
  throw new Error('no paper row of fast-commit could be played in the page');
}

/**
 * requestAnimationFrame deltas over some seconds, as page script text (a
 * function would be passed through the TypeScript transform, whose helpers
 * the page does not have).
 */
function frameScript(seconds: number): string {
  return `new Promise((done) => {
    const out = [];
    let last = -1;
    const end = performance.now() + ${seconds * 1000};
    function frame(t) {
      if (last >= 0) out.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(frame);
      else done(out);
    }
    requestAnimationFrame(frame);
  })`;
}

async function waitForRuns(page: Page): Promise<void> {
  await page.getByTestId('run-status').filter({ hasText: /steps/ }).waitFor({ timeout: 180_000 });
}

/* after a control change: let the new runs start, then wait for them */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await waitForRuns(page);
}

async function largestOption(page: Page, testid: string): Promise<string> {
  const values = await page
    .getByTestId(testid)
    .locator('option')
    .evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value));
  const best = values.map(Number).filter(Number.isFinite).sort((a, b) => b - a)[0];
  if (best === undefined) throw new Error(`the ${testid} control has no numeric option`);
  return String(best);
}

/* ---- the report ---- */

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

export interface BenchOptions {
  /** measure the simulator build as it is (`make` is not run) */
  noBuild?: boolean;
}

export async function runBench(options: BenchOptions = {}): Promise<number> {
  if (!options.noBuild) {
    log('building the simulator (native and WASM)');
    execFileSync('bash', [join(REPO_ROOT, 'scripts', 'make-core.sh'), 'native', 'wasm'], { stdio: ['ignore', 2, 2] });
  }

  const engine = await loadEngine();
  const rows = engine.rows(LAB).rows;
  log(`native: ${rows.length * 2} runs of the ${LAB} paper sweep, best of ${REPS}`);
  const native = timeRuns(rows, nativeRun);
  log('WASM in Node: the same runs');
  const wasmRuns = timeRuns(rows, (row, variant) => wasmRun(engine, row, variant));
  log('WASM in Node: the paper sweep');
  const sweepS = await sweepWall(engine);

  const events = sum(native.map((r) => r.events));
  const nativeS = sum(native.map((r) => r.wall_s));
  const wasmS = sum(wasmRuns.map((r) => r.wall_s));
  const mismatched = native.filter((r, i) => r.hash !== wasmRuns[i]?.hash).map((r) => `${r.row}/${r.variant}`);
  const ratio = wasmS / nativeS;

  log('building the web app');
  await build({ configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const bundle = bundleSizes();

  log('serving the build and opening Chromium');
  const server = await preview({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    /*
     * Cross-origin isolation: without it Chromium coarsens frame timestamps
     * to 100 us with jitter, so an on-time 60 Hz frame reads 16.8 ms.
     */
    preview: {
      port: 5190,
      strictPort: false,
      open: false,
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
  });
  const base = (server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5190/').replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let firstPage;
  let labPage;
  let frames;
  try {
    firstPage = await pageWeight(browser, `${base}/`, async (page) => {
      await page.getByTestId(`lab-card-${LAB}`).waitFor();
    });
    labPage = await pageWeight(browser, base + labUrl(LAB), waitForRuns);
    /* the largest heatmap first: most CPUs, then most events */
    const byEvents = new Map(native.filter((r) => r.variant === 'before').map((r) => [r.row, r.events]));
    const cpus = (row: PaperRow): number => row.params.cpus || row.params.ways || 0;
    const candidates = [...rows].sort(
      (a, b) => cpus(b) - cpus(a) || (byEvents.get(b.label) ?? 0) - (byEvents.get(a.label) ?? 0),
    );
    frames = await frameTimes(browser, base, candidates);
  } finally {
    await browser.close();
    await server.close();
  }

  const playing = `row ${frames.row} ${frames.view}, heatmap ${frames.heatmap_cells.join('+')} cells, ${frames.speed_steps_per_s} steps/s`;
  const table: Row[] = [
    { measure: `native: simulator events/s (${LAB} paper runs, ${native.length})`, value: `${si(events / nativeS)}/s`, target: '', met: null },
    { measure: 'WASM in Node: simulator events/s (same runs)', value: `${si(events / wasmS)}/s`, target: '', met: null },
    { measure: 'WASM time / native time', value: `${ratio.toFixed(2)}x`, target: `<= ${TARGETS.wasmRatio}x`, met: ratio <= TARGETS.wasmRatio },
    { measure: `${LAB} paper sweep, ${sweepSeeds().length} seeds, Node WASM, wall time`, value: `${sweepS.toFixed(2)} s`, target: `< ${TARGETS.sweepS} s`, met: sweepS < TARGETS.sweepS },
    { measure: 'first page (home), all it loads, gzip', value: kb(firstPage.total_gzip), target: `< ${TARGETS.firstPageKb} KB`, met: firstPage.total_gzip < TARGETS.firstPageKb * 1000 },
    { measure: `${LAB} page, all it loads, gzip`, value: kb(labPage.total_gzip), target: '', met: null },
    { measure: 'production JS, all chunks, gzip', value: kb(bundle.js_gzip), target: '', met: null },
    { measure: 'production WASM, gzip', value: kb(bundle.wasm_gzip), target: '', met: null },
    { measure: `frame time while playing, ${playing}, p50`, value: `${frames.p50_ms.toFixed(1)} ms`, target: '', met: null },
    { measure: `frame time while playing, ${playing}, p95`, value: `${frames.p95_ms.toFixed(1)} ms`, target: `< ${TARGETS.frameP95Ms} ms`, met: frames.p95_ms < TARGETS.frameP95Ms },
  ];

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version, platform: `${os.platform()} ${os.release()}` },
    simulator: {
      lab: LAB,
      seed: SWEEP_SEED,
      events,
      native_s: nativeS,
      wasm_s: wasmS,
      native_events_per_s: events / nativeS,
      wasm_events_per_s: events / wasmS,
      wasm_over_native: ratio,
      hash_mismatches: mismatched,
      runs: native.map((n, i) => ({
        row: n.row,
        variant: n.variant,
        events: n.events,
        hash: n.hash,
        native_s: n.wall_s,
        wasm_s: wasmRuns[i]?.wall_s,
      })),
    },
    sweep: { lab: LAB, seeds: sweepSeeds(), wall_s: sweepS },
    bundle: { ...bundle, first_page: firstPage, lab_page: labPage },
    frames: { ...frames, seconds: FRAME_SECONDS },
    targets: TARGETS,
    table,
  };
  writeFileSync(join(REPO_ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

  process.stdout.write(`${markdown(table)}\n\n`);
  process.stdout.write(`machine: ${results.machine.cpu}, ${results.machine.cpus} cores, Node ${process.version}; written to bench/results.json\n`);
  if (mismatched.length > 0) process.stdout.write(`warning: native and WASM hashes differ for ${mismatched.join(', ')}\n`);
  process.stdout.write(`median run, native ${(median(native.map((r) => r.wall_s)) * 1000).toFixed(2)} ms, WASM ${(median(wasmRuns.map((r) => r.wall_s)) * 1000).toFixed(2)} ms\n`);
  return 0;
}
