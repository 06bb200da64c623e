/**
 * The animation at scale, measured in Chromium with the page's own worker:
 * a run of more than 40 million steps (the first lab whose bench module,
 * web/src/labs/<id>/bench.ts, names one) is opened in the lab page, then
 *
 *   (a) seeks to random steps: the time from asking for a step (the URL's
 *       step, as a link or the address bar asks) to the pane showing its
 *       frame (data-frame-step in the DOM), once the run has had its first
 *       pass (a seek to its end, which takes its checkpoints on the way);
 *       a few of the frames' hashes are checked against the run straight to
 *       their step in Node;
 *   (b) forward play at the fastest speed: frames the pane actually drew
 *       per second, animation frames per second, and the time of a +1-step
 *       frame asked for on its own;
 *   (c) the checkpoints' bytes against their budget (the stepper's stats).
 */
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import type { Engine } from '../web/src/core/engine';
import type { StepperStats } from '../web/src/core/stepper';
import { labUrl } from '../tests/lab-url';
import { quantile } from './stats';
import { rng } from '../web/src/core/testing/rng';
import { LAB_BENCHES } from './labs.gen';

/** The run at scale: its lab, variant and parameters, from the first bench module that names one. */
function scaleRun(): { lab: string; variant: string; params: Readonly<Record<string, number>> } {
  const found = LAB_BENCHES.find(([, b]) => b.scale);
  if (!found) throw new Error('no lab names a run at scale: give one lab\'s web/src/labs/<id>/bench.ts a "scale" (a variant and parameters of over 40 million steps)');
  const [lab, b] = found;
  return { lab, variant: b.scale!.variant, params: b.scale!.params };
}
const SCALE = scaleRun();
export const SCALE_LAB = SCALE.lab;
export const SCALE_VARIANT = SCALE.variant;
export const SCALE_PARAMS: Readonly<Record<string, number>> = SCALE.params;
export const SCALE_SEED = 1;
/* the largest runs the labs make: the bench's scale run (a lab's bench.ts) at the engine's cap of 2^21 files takes 43 million steps */
export const MIN_STEPS = 40_000_000;
const SEEKS = 60;
const PLUS_ONE = 40;
const CHECKED = 3;
const PLAY_SECONDS = 5;
/** The trace steps a frame of the page holds (web/src/app/simHooks.ts, TRAIL_STEPS). */
const TRAIL = 64;
export const SCALE_TARGETS = { seekP95Ms: 100, playFps: 60 };

export interface ScaleResult {
  lab: string;
  variant: string;
  params: Record<string, number>;
  seed: number;
  steps: number;
  events: number;
  /** the seek from step 1 to the run's end, which takes the checkpoints over the whole run */
  first_pass_ms: number;
  seeks: { count: number; p50_ms: number; p95_ms: number; max_ms: number; all_ms: number[] };
  hashes_checked: number;
  play: {
    seconds: number;
    speed_steps_per_s: number;
    frames_drawn: number;
    frames_drawn_per_s: number;
    animation_frames_per_s: number;
    steps_advanced: number;
  };
  plus_one: { count: number; p50_ms: number; p95_ms: number; max_ms: number };
  /**
   * The worker's part: the page's own client asked for frames directly (sim.frame, the round trip through
   * comlink, no React): seeks to other random steps, and +1-step frames. The rest of a shown frame's time
   * is the page's: the URL, the wait for the next animation frame, React and the panes' drawing.
   */
  worker: {
    seeks: { count: number; p50_ms: number; p95_ms: number; max_ms: number };
    plus_one: { count: number; p50_ms: number; p95_ms: number; max_ms: number };
  };
  checkpoints: { bytes: number; budget: number; count: number; interval: number };
  /** the machine's 1-minute load average before and after: other work slows every number here */
  load: { before: number; after: number; cpus: number };
}


/*
 * Page script (text: a function would go through the TypeScript transform,
 * whose helpers the page does not have). __jcShow(hash, step) sets the URL
 * and answers once the pane shows the frame of `step`, with the time it took.
 */
const HELPERS = `(() => {
  const pane = () => document.querySelector('[data-testid="anim-pane"][data-variant="${SCALE_VARIANT}"]');
  window.__jcShow = (hash, step) => new Promise((done, fail) => {
    const el = pane();
    if (!el) return fail(new Error('no animation pane on the page'));
    const want = String(step);
    const t0 = performance.now();
    let timer = 0;
    const obs = new MutationObserver(() => {
      if (el.getAttribute('data-frame-step') !== want) return;
      obs.disconnect();
      clearTimeout(timer);
      done({ ms: performance.now() - t0, hash: el.getAttribute('data-hash') });
    });
    obs.observe(el, { attributes: true, attributeFilter: ['data-frame-step', 'data-hash'] });
    timer = setTimeout(() => { obs.disconnect(); fail(new Error('step ' + want + ' not shown within 120 s')); }, 120000);
    location.hash = hash;
  });
  window.__jcPlay = (seconds) => new Promise((done) => {
    const el = pane();
    let drawn = 0;
    let rafs = 0;
    const first = Number(el.getAttribute('data-frame-step'));
    const obs = new MutationObserver((records) => {
      if (records.some((r) => r.attributeName === 'data-frame-step')) drawn++;
    });
    obs.observe(el, { attributes: true, attributeFilter: ['data-frame-step'] });
    const t0 = performance.now();
    const tick = (t) => {
      rafs++;
      if (t - t0 < seconds * 1000) return requestAnimationFrame(tick);
      obs.disconnect();
      const s = (performance.now() - t0) / 1000;
      done({ drawn, rafs, seconds: s, advanced: Number(el.getAttribute('data-frame-step')) - first });
    };
    requestAnimationFrame(tick);
  });
})()`;

const hashOf = (step: number): string => labUrl(SCALE_LAB, { variant: SCALE_VARIANT, ...SCALE_PARAMS, step }).replace(/^\/#/, '#');

async function show(page: Page, step: number): Promise<{ ms: number; hash: string }> {
  return (await page.evaluate(`window.__jcShow(${JSON.stringify(hashOf(step))}, ${step})`)) as { ms: number; hash: string };
}

const summary = (ms: number[]) => ({ count: ms.length, p50_ms: quantile(ms, 0.5), p95_ms: quantile(ms, 0.95), max_ms: Math.max(...ms) });

export async function measureScale(
  browser: Browser,
  site: string,
  engine: Engine,
  log: (text: string) => void,
): Promise<ScaleResult> {
  /* every parameter, defaults included, as the page asks for its frames: the same open run in the worker */
  const params: Record<string, number> = {};
  for (const spec of engine.params(SCALE_LAB)) params[spec.name] = SCALE_PARAMS[spec.name] ?? spec.default;
  const req = { lab: SCALE_LAB, variant: SCALE_VARIANT, params, seed: SCALE_SEED };
  const whole = engine.result({ ...req, options: { traceMax: 0, heatBuckets: 2 } }).sim;
  if (whole.steps < MIN_STEPS)
    throw new Error(`the scale run has ${whole.steps} steps; the benchmark needs at least ${MIN_STEPS}`);
  const total = whole.steps;
  const loadBefore = os.loadavg()[0] ?? 0;
  log(`scale: ${SCALE_LAB} ${SCALE_VARIANT} ${JSON.stringify(SCALE_PARAMS)}, ${total} steps, in Chromium`);

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(site + labUrl(SCALE_LAB, { variant: SCALE_VARIANT, ...SCALE_PARAMS, step: 1 }));
    await page.getByTestId('run-status').filter({ hasText: /steps/ }).waitFor({ timeout: 300_000 });
    const pane = page.locator(`[data-testid="anim-pane"][data-variant="${SCALE_VARIANT}"]`);
    await pane.and(page.locator('[data-frame-step="1"]')).waitFor({ timeout: 120_000 });
    await page.evaluate(HELPERS);

    const firstPass = await show(page, total);
    log(`scale: first pass, step 1 to ${total}: ${firstPass.ms.toFixed(0)} ms`);

    const next = rng(SCALE_SEED);
    const targets = Array.from({ length: SEEKS }, () => 1 + Math.floor(next() * (total - 1)));
    const seekMs: number[] = [];
    const shown: { step: number; hash: string }[] = [];
    for (const step of targets) {
      const r = await show(page, step);
      seekMs.push(r.ms);
      shown.push({ step, hash: r.hash });
    }
    const seeks = summary(seekMs);
    log(`scale: ${SEEKS} random seeks, p50 ${seeks.p50_ms.toFixed(1)} ms, p95 ${seeks.p95_ms.toFixed(1)} ms`);

    /* the frames are the runs straight to their steps */
    for (const { step, hash } of shown.slice(0, CHECKED)) {
      const want = engine.run({ ...req, options: { stopStep: step, traceMax: 0, heatBuckets: 2 } }).result.sim.hash;
      if (want !== hash) throw new Error(`the page's frame at step ${step} has hash ${hash}; the run straight to it, ${want}`);
    }

    /* +1-step frames, from a step in the middle of the run */
    let at = Math.floor(total / 2);
    await show(page, at);
    const plusMs: number[] = [];
    for (let i = 0; i < PLUS_ONE; i++) plusMs.push((await show(page, ++at)).ms);
    const plusOne = summary(plusMs);

    /* play at the fastest speed */
    const speeds = await page
      .getByTestId('speed')
      .locator('option')
      .evaluateAll((opts) => opts.map((o) => Number((o as HTMLOptionElement).value)));
    const fastest = Math.max(...speeds.filter(Number.isFinite));
    await page.getByTestId('speed').selectOption(String(fastest));
    await page.getByTestId('play').click();
    const played = (await page.evaluate(`window.__jcPlay(${PLAY_SECONDS})`)) as {
      drawn: number;
      rafs: number;
      seconds: number;
      advanced: number;
    };
    await page.getByTestId('pause').click();
    log(`scale: play at ${fastest} steps/s, ${(played.drawn / played.seconds).toFixed(1)} frames drawn/s`);

    /* the worker alone, from the page: its client's frame() round trip, with the page's trail and length */
    const direct = (await page.evaluate(`(async () => {
      const sim = window.journalclubSim;
      const req = ${JSON.stringify(req)};
      const steps = ${JSON.stringify(Array.from({ length: SEEKS }, () => 1 + Math.floor(next() * (total - 1))))};
      const time = async (step) => { const t0 = performance.now(); await sim.frame(req, step, ${TRAIL}, ${total}); return performance.now() - t0; };
      const seeks = [];
      for (const s of steps) seeks.push(await time(s));
      let at = ${Math.floor(total / 3)};
      await time(at);
      const plus = [];
      for (let i = 0; i < ${PLUS_ONE}; i++) plus.push(await time(++at));
      return { seeks, plus };
    })()`)) as { seeks: number[]; plus: number[] };

    const stats = (await page.evaluate('window.journalclubSim.frameStats()')) as StepperStats;
    if (stats.runs.length !== 1)
      throw new Error(`the worker holds ${stats.runs.length} open runs; the benchmark's frames were to be of the page's one run`);
    const open = stats.runs[0]!;
    return {
      lab: SCALE_LAB,
      variant: SCALE_VARIANT,
      params: SCALE_PARAMS,
      seed: SCALE_SEED,
      steps: total,
      events: whole.events,
      first_pass_ms: firstPass.ms,
      seeks: { ...seeks, all_ms: seekMs },
      hashes_checked: CHECKED,
      play: {
        seconds: played.seconds,
        speed_steps_per_s: fastest,
        frames_drawn: played.drawn,
        frames_drawn_per_s: played.drawn / played.seconds,
        animation_frames_per_s: played.rafs / played.seconds,
        steps_advanced: played.advanced,
      },
      plus_one: plusOne,
      worker: { seeks: summary(direct.seeks), plus_one: summary(direct.plus) },
      checkpoints: {
        bytes: stats.bytes,
        budget: stats.budget,
        count: open.checkpoints.length,
        interval: open.interval,
      },
      load: { before: loadBefore, after: os.loadavg()[0] ?? 0, cpus: os.cpus().length },
    };
  } finally {
    await page.close();
  }
}
