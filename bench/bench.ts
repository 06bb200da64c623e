/**
 * The project's own speed, reported (not a pass/fail test): `npm run bench`.
 *
 * It measures the labs with a bench module (web/src/labs/<id>/bench.ts,
 * bench/labs.gen.ts): the first is the benchmark's lab, the second is timed
 * beside it for its own rate of work.
 *
 *   1. the simulator natively and in WASM (Node) over the same runs, those
 *      of the lab's paper rows (seed 1), each the best of three: DES
 *      events per second, model steps per second (one event may carry a
 *      whole walk, a step is one step of the model's trace) and the lab's
 *      own work per second (its bench module's), and the two builds' time
 *      ratio; the second lab's paper runs the same way, for its steps and
 *      work per second;
 *   2. the lab's paper sweep's wall time in Node WASM, as `journalclub
 *      sweep` runs it (on threads where there are cores), with the seeds its
 *      page sweeps with (the lab's sweepSeeds, measured to fit 5 s; the
 *      command line's default is ten);
 *   3. the production bundle: gzip size of all JS, of the WASM, and of what
 *      the first page really loads in Chromium; for every lab, what its page
 *      loads before its lesson is drawn (tests/page-weight.ts: the requests
 *      made before both panes drew the decisive moment, at 1440x900), the
 *      time from the load to that frame, and all the page loads;
 *   4. frame times in headless Chromium while the lab page plays its largest
 *      playable configuration with the largest heatmap, and while every
 *      lab's lesson plays side by side from its decisive moment;
 *   5. the animation at scale in Chromium (scale.ts): seeks to random steps
 *      of a run of more than 40 million steps, forward play at the fastest
 *      speed on it, and its checkpoints' bytes against their budget.
 *
 * With --only scale, only 5 is measured (the web app is built, the
 * simulator is not), and results.json keeps its other measurements; with
 * --only lessons, only the lab pages' weight before their lessons (3); with
 * --only frames, only every lab's lesson played side by side at 60 steps a
 * second from its decisive moment, its frame times (4: the lab's largest
 * configuration is measured by the whole bench only).
 *
 * With --baseline REV, another revision's simulator is built in a temporary
 * folder (baseline.ts) and its own paper rows of the lab are timed the same
 * way, natively and in WASM, in a second table beside this build's.
 *
 * Prints a Markdown table with each target beside its number and writes
 * bench/results.json (the last run, not committed) and an entry in the
 * day's bench/measurements/<YYYY-MM-DD>.json (committed: measurements.ts).
 * Progress goes to stderr.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { encodeParams, type Engine } from '../web/src/core/engine';
import { loadEngine, nativeBinary, REPO_ROOT } from '../web/src/core/node';
import { sweepOnThreads, threadsFor } from '../web/src/core/nodeThreads';
import { LAB_FACES } from '../web/src/labs/registry.gen';
import { SWEEP_SEED, sweepPlan, sweepRunCount, sweepSeeds } from '../web/src/core/sweep';
import type { PaperRow } from '../web/src/core/types';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/chromium';
import { labUrl } from '../tests/lab-url';
import { gzipBytes, LESSON_BUDGET_KB, lessonDrawn, lessonWeight, type LessonWeight } from '../tests/page-weight';
import { buildRevision, changes, currentRevision, type RevisionBuild } from './baseline';
import {
  hashMismatches,
  nativeRows,
  nativeRun,
  nativeTiming,
  REPS,
  timeRuns,
  VARIANTS,
  wasmRun,
  WORK,
  benchLabs,
  type NativeTiming,
  type RunTime,
} from './sim';
import { measureScale, SCALE_TARGETS, type ScaleResult } from './scale';
import { loadNow, recordMeasurement } from './measurements';
import { grid, kb, markdown, median, quantile, si, speed, workRate, type Row, type Speed, type WorkRate } from './stats';

/** The benchmark's lab, and the second lab timed, for its own rate of work; the second has no target. */
const { lab: LAB, second: LAB2 } = benchLabs();
const FRAME_SECONDS = 5;
const TARGETS = { wasmRatio: 1.2, sweepS: 5, firstPageKb: 300, frameP95Ms: 16.7 };

const log = (text: string): void => {
  process.stderr.write(`bench: ${text}\n`);
};

/* ---- 1. the same runs natively and in WASM, each the best of REPS (sim.ts) ---- */

interface LabTimes {
  lab: string;
  native: RunTime[];
  wasm: RunTime[];
}

function timeLab(engine: Engine, binary: string, timing: NativeTiming, lab: string, rows: PaperRow[]): LabTimes {
  log(`native: ${rows.length * 2} runs of the ${lab} paper rows, best of ${REPS}`);
  const native = timeRuns(rows, (row, variant) => nativeRun(binary, timing, lab, row, variant, SWEEP_SEED));
  log(`WASM in Node: the same ${lab} runs`);
  const wasm = timeRuns(rows, (row, variant) => wasmRun(engine, lab, row, variant, SWEEP_SEED));
  return { lab, native, wasm };
}

/* ---- 2. the paper sweep in Node WASM, as `journalclub sweep` runs it, with the page's seeds ---- */

async function sweepWall(engine: Engine) {
  const seeds = sweepSeeds(LAB_FACES[LAB].sweepSeeds);
  const runs = sweepRunCount(engine, LAB, sweepPlan(engine.rows(LAB), engine.params(LAB)).length, seeds.length);
  const start = performance.now();
  const result = await sweepOnThreads(engine, LAB, undefined, seeds);
  const wall_s = (performance.now() - start) / 1000;
  const all = result.rows.flatMap((r) => Object.values(r.runs).flatMap((v) => v.runs));
  return {
    seeds,
    runs,
    threads: threadsFor(runs),
    wall_s,
    events: all.reduce((a, r) => a + r.sim.events, 0),
    steps: all.reduce((a, r) => a + r.sim.steps, 0),
  };
}

/* ---- the baseline: another revision's own rows on its own build ---- */

interface BaselineTimes {
  rev: string;
  commit: string;
  subject: string;
  timing: NativeTiming;
  rows: PaperRow[];
  native: RunTime[];
  wasm: RunTime[] | null;
  wasm_error: string | null;
}

async function timeBaseline(build: RevisionBuild): Promise<BaselineTimes> {
  const rows = nativeRows(build.native, LAB);
  log(`baseline ${build.rev}: ${rows.length * 2} native runs of its own ${LAB} paper rows, best of ${REPS} (${build.timing})`);
  const native = timeRuns(rows, (row, variant) => nativeRun(build.native, build.timing, LAB, row, variant, SWEEP_SEED));
  let wasm: RunTime[] | null = null;
  let wasmError = build.wasmError;
  if (build.wasmDir !== null) {
    try {
      const engine = await loadEngine(build.wasmDir);
      log(`baseline ${build.rev}: the same runs in WASM`);
      wasm = timeRuns(rows, (row, variant) => wasmRun(engine, LAB, row, variant, SWEEP_SEED));
    } catch (e) {
      wasmError = `its WASM build did not run here: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return { rev: build.rev, commit: build.commit, subject: build.subject, timing: build.timing, rows, native, wasm, wasm_error: wasmError };
}

/* ---- 3. the production bundle ---- */

function bundleSizes(): { js_gzip: number; wasm_gzip: number; files: Record<string, number> } {
  const dir = join(REPO_ROOT, 'web', 'dist', 'assets');
  const files: Record<string, number> = {};
  let js = 0;
  let wasm = 0;
  for (const name of readdirSync(dir).sort()) {
    const size = gzipBytes(readFileSync(join(dir, name)));
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
        .then((body): [string, number] => [new URL(response.url()).pathname, gzipBytes(body)])
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

/** Every lab page opened fresh at 1440x900: what it loads before its lesson is drawn, and in all. */
async function lessonWeights(browser: Browser, site: string): Promise<Record<string, LessonWeight>> {
  const out: Record<string, LessonWeight> = {};
  for (const lab of Object.keys(LAB_FACES)) {
    log(`page weight: ${lab}, until its lesson is drawn`);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      out[lab] = await lessonWeight(page, site + labUrl(lab));
    } finally {
      await page.close();
    }
  }
  return out;
}

function lessonRows(weights: Record<string, LessonWeight>): Row[] {
  return Object.entries(weights).flatMap(([lab, w]) => [
    {
      measure: `${lab} page, before the lesson is drawn (1440x900), gzip`,
      value: kb(w.before.gzip),
      target: `<= ${LESSON_BUDGET_KB} KB`,
      met: w.before.gzip <= LESSON_BUDGET_KB * 1000,
    },
    { measure: `${lab} page, from the load to the lesson drawn (step ${w.step})`, value: `${(w.shown_ms / 1000).toFixed(2)} s`, target: '', met: null },
  ]);
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
  throw new Error(`no paper row of ${LAB} could be played in the page`);
}

/** The speed the lessons are played at: a step every frame of a 60 Hz display. */
const LESSON_SPEED = 60;

interface LessonFrames {
  step_from: number;
  step_reached: number;
  frames: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

/**
 * Every lab page opened fresh on its lesson (both variants side by side at
 * the decisive moment), played at LESSON_SPEED once the page has settled
 * (what it fetches after the lesson, the verdict's runs): frame times.
 */
async function lessonFrames(browser: Browser, site: string): Promise<Record<string, LessonFrames>> {
  const out: Record<string, LessonFrames> = {};
  for (const lab of Object.keys(LAB_FACES)) {
    log(`frames: ${lab}'s lesson, played at ${LESSON_SPEED} steps/s`);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(site + labUrl(lab, { speed: LESSON_SPEED }));
      const from = await lessonDrawn(page);
      /* the animation alone: the parts fetched after the lesson are in, and the verdict's seeds have run in the worker */
      await page.waitForLoadState('networkidle');
      await page.getByTestId('lesson-verdict').and(page.locator('[data-verdict]')).waitFor({ timeout: 180_000 });
      await page.getByTestId('play').click();
      const deltas = (await page.evaluate(frameScript(FRAME_SECONDS))) as number[];
      const step = Number(await page.getByTestId('step-counter').textContent());
      out[lab] = { step_from: from, step_reached: step, frames: deltas.length, p50_ms: quantile(deltas, 0.5), p95_ms: quantile(deltas, 0.95), max_ms: Math.max(...deltas) };
    } finally {
      await page.close();
    }
  }
  return out;
}

function lessonFrameRows(frames: Record<string, LessonFrames>): Row[] {
  return Object.entries(frames).map(([lab, f]) => ({
    measure: `${lab} lesson played side by side at ${LESSON_SPEED} steps/s for ${FRAME_SECONDS} s (step ${f.step_from} to ${f.step_reached}, ${f.frames} frames): frame time p95 (p50, max)`,
    value: `${f.p95_ms.toFixed(1)} ms (${f.p50_ms.toFixed(1)}, ${f.max_ms.toFixed(1)})`,
    target: `< ${TARGETS.frameP95Ms} ms`,
    met: f.p95_ms < TARGETS.frameP95Ms,
  }));
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

/* ---- serving the production build ---- */

/** The port the build is served on (JC_BENCH_PORT, or 5190); if it is taken the bench stops rather than reuse that server. */
const PORT = Number(process.env.JC_BENCH_PORT ?? 5190);

async function serve() {
  log('building the web app');
  await build({ configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  log(`serving the build on port ${PORT} and opening Chromium`);
  const server = await preview({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    /*
     * Cross-origin isolation: without it Chromium coarsens frame timestamps
     * to 100 us with jitter, so an on-time 60 Hz frame reads 16.8 ms.
     */
    preview: {
      port: PORT,
      strictPort: true,
      open: false,
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
  });
  const site = (server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${PORT}/`).replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    site,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/* ---- 5. the animation at scale ---- */

const ms = (value: number): string => `${value.toFixed(1)} ms`;

function scaleRows(r: ScaleResult): Row[] {
  const run = `${r.lab} ${r.variant} ${encodeParams(r.params)}, ${si(r.steps)} steps`;
  const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return [
    { measure: `seek, first pass (step 1 to the end, taking every checkpoint), ${run}`, value: ms(r.first_pass_ms), target: '', met: null },
    {
      measure: 'first pass in Chromium: model steps/s (DES events/s), checkpoints and frames included',
      value: `${perS(r.steps / (r.first_pass_ms / 1000))} (${perS(r.events / (r.first_pass_ms / 1000))})`,
      target: '',
      met: null,
    },
    { measure: `seek to a random step after the first pass (${r.seeks.count}), p50`, value: ms(r.seeks.p50_ms), target: '', met: null },
    {
      measure: 'seek to a random step after the first pass, p95',
      value: ms(r.seeks.p95_ms),
      target: `<= ${SCALE_TARGETS.seekP95Ms} ms`,
      met: r.seeks.p95_ms <= SCALE_TARGETS.seekP95Ms,
    },
    { measure: 'seek to a random step after the first pass, max', value: ms(r.seeks.max_ms), target: '', met: null },
    {
      measure: `play at ${r.play.speed_steps_per_s} steps/s: frames drawn per second`,
      value: r.play.frames_drawn_per_s.toFixed(1),
      target: `${SCALE_TARGETS.playFps} fps (met from 95%)`,
      met: r.play.frames_drawn_per_s >= SCALE_TARGETS.playFps * 0.95,
    },
    { measure: 'play: steps the pane moved on per second', value: (r.play.steps_advanced / r.play.seconds).toFixed(0), target: '', met: null },
    { measure: 'play: animation frames per second (requestAnimationFrame)', value: r.play.animation_frames_per_s.toFixed(1), target: '', met: null },
    { measure: `+1-step frame asked on its own (${r.plus_one.count}), p50`, value: ms(r.plus_one.p50_ms), target: '', met: null },
    { measure: '+1-step frame asked on its own, p95', value: ms(r.plus_one.p95_ms), target: '', met: null },
    { measure: `the worker's part of a seek (${r.worker.seeks.count} others, sim.frame from the page), p50`, value: ms(r.worker.seeks.p50_ms), target: '', met: null },
    { measure: "the worker's part of a seek, p95", value: ms(r.worker.seeks.p95_ms), target: '', met: null },
    { measure: `the worker's part of a +1-step frame (${r.worker.plus_one.count}), p50`, value: ms(r.worker.plus_one.p50_ms), target: '', met: null },
    { measure: "the worker's part of a +1-step frame, p95", value: ms(r.worker.plus_one.p95_ms), target: '', met: null },
    {
      measure: `checkpoints held (${r.checkpoints.count} of ${mib(r.checkpoints.bytes / Math.max(1, r.checkpoints.count))}, about one every ${si(r.checkpoints.interval)} steps) against their budget`,
      value: `${mib(r.checkpoints.bytes)} of ${mib(r.checkpoints.budget)}`,
      target: '<= budget',
      met: r.checkpoints.bytes <= r.checkpoints.budget,
    },
  ];
}

/** Results of one part measured alone, into bench/results.json beside the others' last results, and on record. */
function recordPart(part: 'scale' | 'lessons' | 'frames', value: Record<string, unknown>, loadBefore: ReturnType<typeof loadNow>): string {
  const file = join(REPO_ROOT, 'bench', 'results.json');
  let results: Record<string, unknown> = {};
  try {
    results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    /* no earlier results: this part alone */
  }
  results[part] = { ...value, date: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return recordMeasurement({ root: REPO_ROOT, part, results: results[part], loadBefore, args: process.argv.slice(2), revision: currentRevision() });
}

async function runScaleOnly(): Promise<number> {
  const loadBefore = loadNow();
  const engine = await loadEngine();
  const { site, browser, close } = await serve();
  let scale: ScaleResult;
  try {
    scale = await measureScale(browser, site, engine, log);
  } finally {
    await close();
  }
  const record = recordPart('scale', { ...scale, targets: SCALE_TARGETS }, loadBefore);
  process.stdout.write(`${markdown(scaleRows(scale))}\n`);
  process.stdout.write(
    `machine: ${scale.load.cpus} cores, 1-minute load average ${scale.load.before.toFixed(2)} before, ` +
      `${scale.load.after.toFixed(2)} after; written to bench/results.json, on record in ${record}\n`,
  );
  return 0;
}

/** --only lessons (every lab page's weight before its lesson is drawn, and the time to it) or --only frames (each lesson played). */
async function runLessonsOnly(part: 'lessons' | 'frames'): Promise<number> {
  const loadBefore = loadNow();
  const { site, browser, close } = await serve();
  let rows: Row[];
  let value: Record<string, unknown>;
  try {
    if (part === 'lessons') {
      const lessons = await lessonWeights(browser, site);
      [rows, value] = [lessonRows(lessons), { labs: lessons, target_kb: LESSON_BUDGET_KB }];
    } else {
      const frames = await lessonFrames(browser, site);
      [rows, value] = [lessonFrameRows(frames), { labs: frames, speed_steps_per_s: LESSON_SPEED, seconds: FRAME_SECONDS, target_p95_ms: TARGETS.frameP95Ms }];
    }
  } finally {
    await close();
  }
  const loadAfter = loadNow();
  const record = recordPart(part, value, loadBefore);
  process.stdout.write(`${markdown(rows)}\n`);
  process.stdout.write(
    `machine: ${os.cpus().length} cores, 1-minute load average ${loadBefore[0].toFixed(2)} before, ` +
      `${loadAfter[0].toFixed(2)} after; written to bench/results.json, on record in ${record}\n`,
  );
  return 0;
}

/* ---- the report ---- */

export interface BenchOptions {
  /** measure the simulator build as it is (`make` is not run) */
  noBuild?: boolean;
  /** 'scale': the animation at scale alone; 'lessons': the lab pages' weight before their lessons alone; 'frames': the lessons played */
  only?: 'scale' | 'lessons' | 'frames';
  /** a git revision whose simulator is built in a temporary folder and timed beside this one */
  baseline?: string;
}

/** A lab's runs summed: events and steps per second, and its own work per second. */
function rates(lab: string, runs: RunTime[]): { speed: Speed; work: WorkRate | null } {
  const work = WORK[lab];
  return { speed: speed(runs), work: work ? workRate(runs, work.variants) : null };
}

const perS = (value: number | null | undefined): string => (value === null || value === undefined ? '-' : `${si(value)}/s`);
const count = (value: number | null | undefined): string => (value === null || value === undefined ? '-' : si(value));

/** The before-and-after table: measures down, the two builds across. */
function baselineTable(base: BaselineTimes, current: LabTimes, currentLabel: string): string {
  const work = WORK[LAB]!;
  const cols = [
    { runs: base.native, wasm: base.wasm, timing: base.timing },
    { runs: current.native, wasm: current.wasm, timing: 'in-process' as NativeTiming },
  ].map((c) => {
    const native = rates(LAB, c.runs);
    const wasm = c.wasm ? rates(LAB, c.wasm) : null;
    return { ...c, native, wasm };
  });
  const line = (measure: string, cell: (c: (typeof cols)[number]) => string): string[] => [measure, ...cols.map(cell)];
  const cells = [
    line(`${LAB} paper runs (its own rows, seed ${SWEEP_SEED})`, (c) => String(c.runs.length)),
    line('DES events, all runs', (c) => count(c.native.speed.events)),
    line('model steps, all runs', (c) => count(c.native.speed.steps)),
    line('model steps per event', (c) =>
      c.native.speed.steps === null ? '-' : (c.native.speed.steps / c.native.speed.events).toFixed(1),
    ),
    line(`${work.what} (${work.variants.join(', ')} runs)`, (c) => count(c.native.work?.total)),
    line('native: DES events/s', (c) => perS(c.native.speed.events_per_s)),
    line('native: model steps/s', (c) => perS(c.native.speed.steps_per_s)),
    line(`native: ${work.what}/s`, (c) => perS(c.native.work?.per_s)),
    ...VARIANTS.flatMap((variant) => {
      const of = (c: (typeof cols)[number]): Speed => speed(c.runs.filter((r) => r.variant === variant));
      return [
        line(`native, ${variant} runs only: DES events/s`, (c) => perS(of(c).events_per_s)),
        line(`native, ${variant} runs only: model steps/s`, (c) => perS(of(c).steps_per_s)),
      ];
    }),
    line('native: timed', (c) => (c.timing === 'in-process' ? 'inside the process (jc time)' : 'around the process (jc run), start-up included')),
    line('WASM in Node: DES events/s', (c) => perS(c.wasm?.speed.events_per_s)),
    line('WASM in Node: model steps/s', (c) => perS(c.wasm?.speed.steps_per_s)),
    line(`WASM in Node: ${work.what}/s`, (c) => perS(c.wasm?.work?.per_s)),
    line('WASM time / native time', (c) => (c.wasm ? `${(c.wasm.speed.wall_s / c.native.speed.wall_s).toFixed(2)}x` : '-')),
  ];
  return grid(['measure', `baseline ${base.commit.slice(0, 7)}`, currentLabel], cells);
}

/** Rows whose label and parameters the two builds share: where they are the same experiment, if the same model. */
function sameRows(a: readonly PaperRow[], b: readonly PaperRow[]): number {
  const key = (r: PaperRow): string => `${r.label} ${encodeParams(Object.fromEntries(Object.entries(r.params).sort()))}`;
  const keys = new Set(b.map(key));
  return a.filter((r) => keys.has(key(r))).length;
}

/** What the two builds share, from git: a comparison of speeds only holds for the same work. */
function baselineNote(base: BaselineTimes, rows: readonly PaperRow[]): string {
  /* the lab's folder, and the file the model was before it had one */
  const model = changes(base.commit, [`wasm-core/labs/${LAB}`, `wasm-core/labs/${LAB}.c`]);
  const engine = changes(base.commit, ['wasm-core/src', 'wasm-core/include']);
  const rowsText = `Each build ran its own ${LAB} paper rows (${sameRows(base.rows, rows)} of ${rows.length} with the same label and parameters).`;
  if (model === 0 && engine === 0) return `${rowsText} The model and the engine are the same in both.`;
  return (
    `${rowsText} Since the baseline, ${model} commits changed the model (wasm-core/labs/${LAB}/) and ${engine} the engine ` +
    '(wasm-core/src, wasm-core/include): the same row does different work in each build, so a DES event or a model step ' +
    'does not cost the same in both, and events/s and steps/s compare the builds as a whole, not the engine alone.'
  );
}

export async function runBench(options: BenchOptions = {}): Promise<number> {
  if (options.only === 'scale') return runScaleOnly();
  if (options.only === 'lessons' || options.only === 'frames') return runLessonsOnly(options.only);
  if (!options.noBuild) {
    log('building the simulator (native and WASM)');
    execFileSync('bash', [join(REPO_ROOT, 'scripts', 'make-core.sh'), 'native', 'wasm'], { stdio: ['ignore', 2, 2] });
  }
  /* built before anything is timed, so that no build runs beside a measurement */
  const baselineBuild = options.baseline === undefined ? null : buildRevision(options.baseline, log);

  /* other work on the machine slows every number down: the 1-minute load average says whether there was any */
  const loadAverages = loadNow();
  const loadBefore = loadAverages[0];
  let first: LabTimes;
  let second: LabTimes;
  let sweepRun: Awaited<ReturnType<typeof sweepWall>>;
  let base: BaselineTimes | null = null;
  const engine = await loadEngine();
  const binary = nativeBinary();
  const rows = engine.rows(LAB).rows;
  try {
    const timing = nativeTiming(binary);
    first = timeLab(engine, binary, timing, LAB, rows);
    second = timeLab(engine, binary, timing, LAB2, engine.rows(LAB2).rows);
    log(`WASM in Node: the ${LAB} paper sweep`);
    sweepRun = await sweepWall(engine);
    if (baselineBuild) base = await timeBaseline(baselineBuild);
  } finally {
    baselineBuild?.remove();
  }

  const firstNative = rates(LAB, first.native);
  const firstWasm = rates(LAB, first.wasm);
  const secondNative = rates(LAB2, second.native);
  const secondWasm = rates(LAB2, second.wasm);
  const ratio = firstWasm.speed.wall_s / firstNative.speed.wall_s;
  const mismatched = [...hashMismatches(first.native, first.wasm), ...hashMismatches(second.native, second.wasm)];
  if (base?.wasm) mismatched.push(...hashMismatches(base.native, base.wasm).map((r) => `${r} (--baseline ${base.rev})`));

  const served = await serve();
  const bundle = bundleSizes();
  const { site, browser } = served;
  let firstPage;
  let labPage;
  let lessons: Record<string, LessonWeight>;
  let lessonPlay: Record<string, LessonFrames>;
  let frames;
  let scale: ScaleResult;
  try {
    firstPage = await pageWeight(browser, `${site}/`, async (page) => {
      await page.getByTestId(`lab-card-${LAB}`).waitFor();
    });
    labPage = await pageWeight(browser, site + labUrl(LAB), waitForRuns);
    lessons = await lessonWeights(browser, site);
    /* the largest heatmap first: most CPUs, then most events */
    const byEvents = new Map(first.native.filter((r) => r.variant === 'before').map((r) => [r.row, r.events]));
    const cpus = (row: PaperRow): number => row.params.cpus || row.params.ways || 0;
    const candidates = [...rows].sort(
      (a, b) => cpus(b) - cpus(a) || (byEvents.get(b.label) ?? 0) - (byEvents.get(a.label) ?? 0),
    );
    frames = await frameTimes(browser, site, candidates);
    lessonPlay = await lessonFrames(browser, site);
    scale = await measureScale(browser, site, engine, log);
  } finally {
    await served.close();
  }

  const firstWork = WORK[LAB]!;
  const secondWork = WORK[LAB2]!;
  const walked = `${firstWork.what}/s (${LAB} ${firstWork.variants.join(', ')} runs, ${firstNative.work?.runs ?? 0})`;
  const playing = `row ${frames.row} ${frames.view}, heatmap ${frames.heatmap_cells.join('+')} cells, ${frames.speed_steps_per_s} steps/s`;
  const table: Row[] = [
    { measure: `native: DES events/s (${LAB} paper runs, ${first.native.length})`, value: perS(firstNative.speed.events_per_s), target: '', met: null },
    { measure: 'native: model steps/s (same runs)', value: perS(firstNative.speed.steps_per_s), target: '', met: null },
    { measure: `native: ${walked}`, value: perS(firstNative.work?.per_s), target: '', met: null },
    { measure: 'WASM in Node: DES events/s (same runs)', value: perS(firstWasm.speed.events_per_s), target: '', met: null },
    { measure: 'WASM in Node: model steps/s (same runs)', value: perS(firstWasm.speed.steps_per_s), target: '', met: null },
    { measure: `WASM in Node: ${walked}`, value: perS(firstWasm.work?.per_s), target: '', met: null },
    { measure: 'WASM time / native time', value: `${ratio.toFixed(2)}x`, target: `<= ${TARGETS.wasmRatio}x`, met: ratio <= TARGETS.wasmRatio },
    { measure: `native: model steps/s (${LAB2} paper runs, ${second.native.length})`, value: perS(secondNative.speed.steps_per_s), target: '', met: null },
    { measure: `native: ${secondWork.what}/s (same runs)`, value: perS(secondNative.work?.per_s), target: '', met: null },
    { measure: `WASM in Node: model steps/s (${LAB2}, same runs)`, value: perS(secondWasm.speed.steps_per_s), target: '', met: null },
    { measure: `WASM in Node: ${secondWork.what}/s (same runs)`, value: perS(secondWasm.work?.per_s), target: '', met: null },
    {
      measure: `${LAB} paper sweep, ${sweepRun.seeds.length} seeds, ${sweepRun.runs} runs on ${sweepRun.threads} threads, Node WASM, wall time`,
      value: `${sweepRun.wall_s.toFixed(2)} s`,
      target: `< ${TARGETS.sweepS} s`,
      met: sweepRun.wall_s < TARGETS.sweepS,
    },
    { measure: `${LAB} paper sweep: model steps/s, all threads`, value: perS(sweepRun.steps / sweepRun.wall_s), target: '', met: null },
    { measure: 'first page (home), all it loads, gzip', value: kb(firstPage.total_gzip), target: `< ${TARGETS.firstPageKb} KB`, met: firstPage.total_gzip < TARGETS.firstPageKb * 1000 },
    { measure: `${LAB} page, all it loads, gzip`, value: kb(labPage.total_gzip), target: '', met: null },
    ...lessonRows(lessons),
    { measure: 'production JS, all chunks, gzip', value: kb(bundle.js_gzip), target: '', met: null },
    { measure: 'production WASM, gzip', value: kb(bundle.wasm_gzip), target: '', met: null },
    { measure: `frame time while playing, ${playing}, p50`, value: `${frames.p50_ms.toFixed(1)} ms`, target: '', met: null },
    { measure: `frame time while playing, ${playing}, p95`, value: `${frames.p95_ms.toFixed(1)} ms`, target: `< ${TARGETS.frameP95Ms} ms`, met: frames.p95_ms < TARGETS.frameP95Ms },
    ...lessonFrameRows(lessonPlay),
    ...scaleRows(scale),
  ];

  const current = currentRevision();
  const currentLabel = `this build, wasm-core of ${current.wasm_core.slice(0, 7)}${current.dirty ? ' + changes' : ''}`;
  const runJson = (native: RunTime[], wasm: RunTime[] | null) =>
    native.map((n, i) => ({
      row: n.row,
      variant: n.variant,
      params: n.params,
      events: n.events,
      steps: n.steps,
      work: n.work,
      hash: n.hash,
      native_s: n.wall_s,
      wasm_s: wasm?.[i]?.wall_s ?? null,
    }));
  const labJson = (t: LabTimes) => {
    const native = rates(t.lab, t.native);
    const wasm = rates(t.lab, t.wasm);
    return {
      lab: t.lab,
      seed: SWEEP_SEED,
      work: WORK[t.lab] ?? null,
      native,
      wasm,
      wasm_over_native: wasm.speed.wall_s / native.speed.wall_s,
      runs: runJson(t.native, t.wasm),
    };
  };
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      load_before_runs: loadBefore,
    },
    revision: current,
    simulator: { ...labJson(first), hash_mismatches: mismatched },
    second_lab: labJson(second),
    sweep: { lab: LAB, ...sweepRun, steps_per_s: sweepRun.steps / sweepRun.wall_s },
    baseline: base && {
      rev: base.rev,
      commit: base.commit,
      subject: base.subject,
      native_timing: base.timing,
      same_rows: sameRows(base.rows, rows),
      native: rates(LAB, base.native),
      wasm: base.wasm && rates(LAB, base.wasm),
      wasm_error: base.wasm_error,
      runs: runJson(base.native, base.wasm),
    },
    bundle: { ...bundle, first_page: firstPage, lab_page: labPage, lessons },
    frames: { ...frames, seconds: FRAME_SECONDS, lessons: lessonPlay, lesson_speed_steps_per_s: LESSON_SPEED },
    scale: { ...scale, targets: SCALE_TARGETS },
    targets: TARGETS,
    table,
  };
  writeFileSync(join(REPO_ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const record = recordMeasurement({ root: REPO_ROOT, part: 'all', results, loadBefore: loadAverages, args: process.argv.slice(2), revision: current });

  const out = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  out(`${markdown(table)}\n`);
  out(
    `machine: ${results.machine.cpu}, ${results.machine.cpus} cores, Node ${process.version}, ` +
      `1-minute load average ${loadBefore.toFixed(2)} before the runs; written to bench/results.json, on record in ${record}`,
  );
  out(`median ${LAB} run, native ${(median(first.native.map((r) => r.wall_s)) * 1000).toFixed(2)} ms, WASM ${(median(first.wasm.map((r) => r.wall_s)) * 1000).toFixed(2)} ms`);
  if (base) {
    out(`\nbefore and after: ${base.commit.slice(0, 7)} "${base.subject}"\n`);
    out(baselineTable(base, first, currentLabel));
    out(`\n${baselineNote(base, rows)}`);
    if (base.wasm_error) out(`baseline WASM not measured: ${base.wasm_error}`);
  }
  if (mismatched.length > 0) out(`warning: native and WASM hashes differ for ${mismatched.join(', ')}`);
  return 0;
}
