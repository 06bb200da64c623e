/**
 * React hooks over the simulator client: the lab's static data, the full
 * runs behind metrics and heatmaps, and the step runs behind the animation.
 * Besides these hooks, the worker is asked only by the parameter drafts'
 * check, the sweep panel, the animation's exports and the cancel button.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getSim, onSimRestart, type SimClient, type SimRestart } from '../core/client';
import { atNextFrame } from './frameLoop';
import type { LabInfo, PaperRows, ParamSpec, RunOutput, Step } from '../core/types';

/** A variant's name, as the lab declares it in C (jc_labs_json). */
export type Variant = string;

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export interface LabData {
  /** what the lab declares in C (jc_labs_json): id, title, variants, step kinds */
  info: LabInfo;
  /** the lab's variants in its order: the first is the kernel without the patch, the last the patched one */
  variants: string[];
  specs: ParamSpec[];
  rows: PaperRows;
}

const labCache = new Map<string, Promise<LabData>>();

function loadLab(sim: SimClient, lab: string): Promise<LabData> {
  let p = labCache.get(lab);
  if (!p) {
    p = Promise.all([sim.labs(), sim.params(lab), sim.rows(lab)]).then(([labs, specs, rows]) => {
      const info = labs.find((l) => l.id === lab);
      if (!info || info.variants.length === 0) throw new Error(`the simulator has no lab ${lab} with variants`);
      return { info, variants: info.variants, specs, rows };
    });
    p.catch(() => labCache.delete(lab));
    labCache.set(lab, p);
  }
  return p;
}

/** Parameter table and paper rows of a lab, loaded once. */
export function useLabData(lab: string): { data: LabData | null; error: string | null } {
  const [state, setState] = useState<{ data: LabData | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    loadLab(getSim(), lab).then(
      (data) => live && setState({ data, error: null }),
      (e) => live && setState({ data: null, error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [lab]);
  return state;
}

const sourceCache = new Map<string, Promise<string>>();

/**
 * The lab's C model source (the code pane's text), or null until it is here:
 * asked for once `after` resolves (a lab page: once its first view is drawn,
 * viz/deferred.tsx), at once without it. A failure reads as the source's
 * place saying why.
 */
export function useLabSource(lab: string, after?: () => Promise<void>): string | null {
  const [source, setSource] = useState<{ lab: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      let p = sourceCache.get(lab);
      if (!p) {
        p = getSim().source(lab);
        p.catch(() => sourceCache.delete(lab));
        sourceCache.set(lab, p);
      }
      return p;
    };
    void (after ? after() : Promise.resolve())
      .then(load)
      .then(
        (text) => live && setSource({ lab, text }),
        (e: unknown) => live && setSource({ lab, text: `/* the source of ${lab} could not be loaded: ${errorText(e)} */` }),
      );
    return () => {
      live = false;
    };
  }, [lab, after]);
  return source?.lab === lab ? source.text : null;
}

/*
 * The runs' generation: "run again" after the simulator died raises it, and
 * the full runs and the frames, keyed by it, are asked for again with the
 * parameters as they stand.
 */
let generation = 0;
const generationListeners = new Set<() => void>();

function subscribeGeneration(listener: () => void): () => void {
  generationListeners.add(listener);
  return () => generationListeners.delete(listener);
}

const currentGeneration = () => generation;

/** Run the page's runs again, with the parameters as they stand. */
export function runAgain(): void {
  generation++;
  for (const l of [...generationListeners]) l();
}

function useGeneration(): number {
  return useSyncExternalStore(subscribeGeneration, currentGeneration, currentGeneration);
}

/** The simulator's last death under the page (it has been started again), until dismissed or run again. */
export function useSimRestarts(): { restart: SimRestart | null; dismiss(): void; runAgain(): void } {
  const [restart, setRestart] = useState<SimRestart | null>(null);
  useEffect(() => onSimRestart(setRestart), []);
  const dismiss = useCallback(() => setRestart(null), []);
  const again = useCallback(() => {
    setRestart(null);
    runAgain();
  }, []);
  return { restart, dismiss, runAgain: again };
}

export interface FullRuns {
  outputs: Partial<Record<Variant, RunOutput>>;
  running: boolean;
  error: string | null;
}

/**
 * Whole runs (to the end) of each variant, for metrics, heatmaps, the step
 * total and the steps of the `marks` kinds (the events on the scrubber). A newer request supersedes an older one; the last outputs stay
 * shown while a new run is under way, and are dropped when it fails (so that
 * nothing on the page describes parameters other than the ones set).
 */
export function useFullRuns(
  lab: string,
  variants: readonly Variant[],
  params: Record<string, number> | null,
  seed: number,
  heatBuckets: number,
  marks: readonly string[] = [],
  marksMax?: number,
): FullRuns {
  const [state, setState] = useState<FullRuns>({ outputs: {}, running: false, error: null });
  const gen = useGeneration();
  const key = params ? JSON.stringify([lab, variants, params, seed, heatBuckets, marks, marksMax, gen]) : null;
  useEffect(() => {
    if (!key || !params) return;
    let live = true;
    setState((s) => ({ ...s, running: true, error: null }));
    const sim = getSim();
    Promise.all(
      variants.map((variant) =>
        sim
          .run({ lab, variant, params, seed, options: { heatBuckets, traceMax: 0, ...(marks.length ? { marks: [...marks], ...(marksMax ? { marksMax } : {}) } : {}) } })
          .then((o) => [variant, o] as const),
      ),
    ).then(
      (pairs) => live && setState({ outputs: Object.fromEntries(pairs), running: false, error: null }),
      (e) => live && setState({ outputs: {}, running: false, error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

export interface Frame {
  /** the step this frame shows (clamped to the variant's total) */
  step: number;
  snapshot: unknown;
  steps: Step[];
  total: number;
  /** the run's hash at `step` (jc_result_json's sim.hash), the same as a run straight to it */
  hash: string;
}

export interface Stepper {
  frames: Partial<Record<Variant, Frame>>;
  /** a newer step has been asked for than the frames on screen */
  busy: boolean;
  error: string | null;
}

/** The step a variant's frame shows for the page's step: the run's last when it ended before it (total unknown: the step). */
export function frameStep(step: number, total: number | undefined): number {
  return Math.max(1, Math.min(step, total ?? step));
}

/** How many trace steps each frame brings back (the walk's trail and the code line). */
export const TRAIL_STEPS = 64;

/**
 * Frames for the animation, from the runs the worker keeps open (stepper.ts):
 * playing goes on from the last frame, a step back or a seek starts from the
 * nearest checkpoint, so a frame costs the same at step 10 as at step 70
 * million. At most one
 * request is in flight; when it returns, only the newest wanted step is asked
 * for, so fast playback skips frames instead of queueing them.
 *
 * A frame that arrives is shown at the next animation frame, together with
 * the playback clock's step change of that frame (frameLoop.ts): the page
 * renders once per frame, inside it, and the request for the new step goes
 * out from that render, so the worker answers while the page paints.
 */
export function useStepper(
  lab: string,
  variants: readonly Variant[],
  params: Record<string, number> | null,
  seed: number,
  step: number,
  totals: Partial<Record<Variant, number>>,
  enabled: boolean,
): Stepper {
  const [state, setState] = useState<{ frames: Stepper['frames']; key: string | null; error: string | null }>({
    frames: {},
    key: null,
    error: null,
  });
  const inFlight = useRef(false);
  const wanted = useRef<{ key: string; run: () => Promise<Stepper['frames']> } | null>(null);
  const done = useRef<string | null>(null);
  type StepperState = typeof state;
  /* answers not yet shown, oldest first; applied together at the next animation frame */
  const arrived = useRef<((s: StepperState) => StepperState)[]>([]);
  const showAt = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      showAt.current?.();
      showAt.current = null;
    },
    [],
  );

  const show = useCallback((update: (s: StepperState) => StepperState) => {
    arrived.current.push(update);
    showAt.current ??= atNextFrame(() => {
      showAt.current = null;
      const updates = arrived.current;
      arrived.current = [];
      setState((s) => updates.reduce((acc, u) => u(acc), s));
    });
  }, []);

  const pump = useCallback(() => {
    const w = wanted.current;
    if (inFlight.current || !w || w.key === done.current) return;
    inFlight.current = true;
    w.run().then(
      (frames) => show(() => ({ frames, key: w.key, error: null })),
      (e) => show((s) => ({ ...s, key: w.key, error: errorText(e) })),
    ).finally(() => {
      done.current = w.key;
      inFlight.current = false;
      pump();
    });
  }, [show]);

  const gen = useGeneration();
  const key = enabled && params ? JSON.stringify([lab, variants, params, seed, step, totals, gen]) : null;
  /* asked for in the commit that moves the step, not in an effect scheduled after it */
  useLayoutEffect(() => {
    if (!key || !params) return;
    wanted.current = {
      key,
      run: async () => {
        const sim = getSim();
        const pairs = await Promise.all(
          variants.map(async (variant) => {
            const total = totals[variant] ?? step;
            const s = frameStep(step, total);
            const out = await sim.frame({ lab, variant, params, seed }, s, TRAIL_STEPS, totals[variant]);
            const frame: Frame = { step: out.step, snapshot: out.snapshot, steps: out.steps, total, hash: out.hash };
            return [variant, frame] as const;
          }),
        );
        return Object.fromEntries(pairs) as Stepper['frames'];
      },
    };
    pump();
  }, [key, pump]);

  return { frames: state.frames, busy: key !== null && key !== state.key, error: state.error };
}
