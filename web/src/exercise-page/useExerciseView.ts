/**
 * The state of the exercise page's animation, metrics and heatmaps: what the
 * lab page's useLabView gives its panels, over the exercise worker's
 * simulator (the student's file linked into the model) instead of the lab
 * page's, for one configuration and seed. A compile starts it again.
 *
 * Playback is the lab page's own (usePlayback); the runs and frames are
 * asked as simHooks asks them: every variant's whole run first, then one
 * frame request at a time, only the newest wanted step when it returns.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Divergence } from '../core/divergence';
import { findMoment, type LessonMoment } from '../core/lesson';
import type { RunOutput, RunResult } from '../core/types';
import { frameStep, TRAIL_STEPS, type Frame, type Stepper, type Variant } from '../app/simHooks';
import type { LabView } from '../app/useLabView';
import type { AnimationView } from '../app/LabAnimation';
import { usePlayback } from '../app/usePlayback';
import type { FrameRun } from '../core/stepper';
import type { ExerciseClient } from './client';

/** The frames per second the page plays at by default (steps a second, as the lab page's speed). */
const SPEED = 20;

/**
 * The steps of each run the opening's search walks before the page opens at the fallback instead: every
 * lab's runs on the page's configuration differ well within it, and a student's file that does what the
 * old kernel did is told so in a second or two rather than walked to its end.
 */
export const OPENING_MAX_STEPS = 50_000;

export interface ExerciseRunKey {
  /** counts compiles: a new one runs everything again */
  build: number;
  lab: string;
  variants: readonly Variant[];
  params: Record<string, number>;
  seed: number;
  heatBuckets: number;
  /**
   * Where the animation opens: the first step where the pair's runs differ (the student's and the one it
   * is measured against); where they do not (or a run of the pair is not shown), the lesson's decisive
   * `moment`, found in its variant's run with the marks the lab page asks for, or else `fallback`
   */
  opening: {
    pair: readonly [Variant, Variant];
    moment?: { moment: LessonMoment; marks: { marks: string[]; marksMax: number } };
    fallback: number;
  };
}

/** Where the animation opened, and what the search for the pair's first divergence found (null: none was made). */
export interface ExerciseOpening {
  step: number;
  /** what the step is: the divergence, the lesson's decisive moment (its words), or the fallback */
  at: { kind: 'divergence' } | { kind: 'moment'; label: string } | { kind: 'fallback' };
  pair: readonly [Variant, Variant];
  divergence: Divergence | null;
  /** why no search was made, or how it failed */
  note: string | null;
}

export type ExerciseView = AnimationView & {
  outputs: Partial<Record<Variant, RunOutput>>;
  results: Partial<Record<Variant, RunResult>>;
  running: boolean;
  error: string | null;
  /** when the first frame of every variant arrived after the last compile (performance.now()), or null */
  firstFrameAt: number | null;
  /** where the animation opened after the last compile, once the runs are in */
  opening: ExerciseOpening | null;
};

const NONE = {};
const noop = () => undefined;

export function useExerciseView(client: ExerciseClient, key: ExerciseRunKey | null): ExerciseView {
  const { variants = [], lab = '', params = NONE as Record<string, number>, seed = 1 } = key ?? {};
  const [runs, setRuns] = useState<{
    outputs: Partial<Record<Variant, RunOutput>>;
    running: boolean;
    error: string | null;
    opening: ExerciseOpening | null;
  }>({
    outputs: {},
    running: false,
    error: null,
    opening: null,
  });
  const keyText = key ? JSON.stringify(key) : null;
  useEffect(() => {
    if (!key) return;
    let live = true;
    setRuns({ outputs: {}, running: true, error: null, opening: null });
    setStep(1);
    (async () => {
      const outputs: Partial<Record<Variant, RunOutput>> = {};
      const moment = key.opening.moment;
      for (const variant of key.variants) {
        const marks = moment?.moment.variant === variant ? moment.marks : {};
        outputs[variant] = await client.run({
          lab: key.lab,
          variant,
          params: key.params,
          seed: key.seed,
          options: { heatBuckets: key.heatBuckets, traceMax: 0, ...marks },
        });
      }
      return { outputs, opening: await openingOf(client, key, outputs) };
    })().then(
      ({ outputs, opening }) => {
        if (!live) return;
        setStep(opening.step);
        setRuns({ outputs, running: false, error: null, opening });
      },
      (e: unknown) => live && setRuns({ outputs: {}, running: false, error: e instanceof Error ? e.message : String(e), opening: null }),
    );
    return () => {
      live = false;
    };
  }, [keyText]);

  const ready = !runs.running && runs.error === null && variants.length > 0 && variants.every((v) => runs.outputs[v]);
  const totals = useMemo(() => {
    const t: Partial<Record<Variant, number>> = {};
    for (const v of variants) if (runs.outputs[v]) t[v] = runs.outputs[v]!.result.sim.steps;
    return t;
  }, [variants, runs.outputs]);
  const results = useMemo(() => {
    const r: Partial<Record<Variant, RunResult>> = {};
    for (const v of variants) if (runs.outputs[v]) r[v] = runs.outputs[v]!.result;
    return r;
  }, [variants, runs.outputs]);
  const maxStep = Math.max(1, ...variants.map((v) => totals[v] ?? 1));

  const [step, setStep] = useState(1);
  const [speed, setSpeed] = useState(SPEED);
  const setStepBy = useCallback((update: (s: number) => number) => setStep((s) => update(s)), []);
  const playback = usePlayback({ step, maxStep, canAnimate: ready, setStep: setStepBy, speed, setSpeed });

  /* frames: one request in flight; when it returns, the newest wanted step is asked */
  const [frames, setFrames] = useState<{ frames: Stepper['frames']; key: string | null; error: string | null; at: number | null }>({
    frames: {},
    key: null,
    error: null,
    at: null,
  });
  const inFlight = useRef(false);
  const wanted = useRef<{ key: string; run: () => Promise<Stepper['frames']> } | null>(null);
  const done = useRef<string | null>(null);
  const pump = useCallback(() => {
    const w = wanted.current;
    if (inFlight.current || !w || w.key === done.current) return;
    inFlight.current = true;
    w.run()
      .then(
        (f) => setFrames((s) => ({ frames: f, key: w.key, error: null, at: s.at ?? performance.now() })),
        (e: unknown) => setFrames((s) => ({ ...s, key: w.key, error: e instanceof Error ? e.message : String(e) })),
      )
      .finally(() => {
        done.current = w.key;
        inFlight.current = false;
        pump();
      });
  }, []);
  useEffect(() => setFrames({ frames: {}, key: null, error: null, at: null }), [keyText]);
  const frameKey = ready ? JSON.stringify([keyText, step]) : null;
  useEffect(() => {
    if (!frameKey) return;
    wanted.current = {
      key: frameKey,
      run: async () => {
        const out: Stepper['frames'] = {};
        for (const variant of variants) {
          const total = totals[variant];
          const f = await client.frame({ lab, variant, params, seed }, frameStep(step, total), TRAIL_STEPS, total);
          out[variant] = { step: f.step, snapshot: f.snapshot, steps: f.steps, total: total ?? step, hash: f.hash } satisfies Frame;
        }
        return out;
      },
    };
    pump();
  }, [frameKey, pump]);

  /* the code pane follows the student's run, and shows the line of the one it is measured against */
  const [follow, setFollow] = useState<string | null>(null);
  return {
    variants,
    stepper: { frames: frames.frames, busy: frameKey !== null && frameKey !== frames.key, error: frames.error },
    view: { step, params, seed } as LabView['view'],
    maxStep,
    ready,
    totals,
    ...playback,
    onSmallConfig: noop,
    markers: NONE,
    events: NONE,
    marks: NONE,
    nextEvent: null,
    prevEvent: null,
    toNextEvent: noop,
    toPrevEvent: noop,
    follow: follow ?? key?.opening.pair[0] ?? null,
    setFollow,
    outputs: runs.outputs,
    results,
    running: runs.running,
    error: runs.error ?? frames.error,
    firstFrameAt: frames.at,
    opening: runs.opening,
  };
}

/** Where the animation opens after the runs: the pair's first divergence, else the decisive moment, else the fallback step. */
async function openingOf(client: ExerciseClient, key: ExerciseRunKey, outputs: Partial<Record<Variant, RunOutput>>): Promise<ExerciseOpening> {
  const { pair, fallback, moment } = key.opening;
  const total = (v: Variant) => outputs[v]?.result.sim.steps;
  const last = Math.max(1, ...key.variants.map((v) => total(v) ?? 1));
  const found = moment ? findMoment(outputs[moment.moment.variant]?.marks ?? { marks: [] }, moment.moment, total(moment.moment.variant)) : null;
  const otherwise: Pick<ExerciseOpening, 'step' | 'at'> =
    moment && found !== null
      ? { step: found, at: { kind: 'moment', label: moment.moment.label } }
      : { step: Math.max(1, Math.min(fallback, last)), at: { kind: 'fallback' } };
  const missing = pair.filter((v) => !key.variants.includes(v));
  if (missing.length > 0) return { ...otherwise, pair, divergence: null, note: `this build runs no ${missing.join(' and ')}` };
  try {
    const runs = pair.map((variant) => ({ lab: key.lab, variant, params: key.params, seed: key.seed })) as [FrameRun, FrameRun];
    const divergence = await client.divergence(runs, { maxSteps: OPENING_MAX_STEPS, lengthHints: [total(pair[0]), total(pair[1])] });
    const at = divergence.found ? { step: divergence.step, at: { kind: 'divergence' } as const } : otherwise;
    return { ...at, pair, divergence, note: null };
  } catch (e) {
    return { ...otherwise, pair, divergence: null, note: `the search for where they differ failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}
