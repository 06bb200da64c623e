/**
 * The state of a lab page, the same for every lab: the view (variant,
 * parameters, seed, step) kept in the URL, parameter drafts checked by the
 * simulator before they apply (useParamDrafts), the full runs behind metrics and heatmaps,
 * the animation's frames and its playback clock, and the player's keys.
 *
 * The handlers it returns keep their identity while the animation plays, so
 * that a page's memoized parts stay put from one frame to the next.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunResult } from '../core/types';
import { formatNumber as formatCount } from '../../../lib/format';
import { usePlayerKeys } from './keyboard';
import { buildHash, matchRoute, parseHash, replaceHash, useHashLocation } from './router';
import { useFullRuns, useStepper, type FullRuns, type LabData, type Stepper, type Variant } from './simHooks';
import {
  defaultViewState,
  parseLabQuery,
  serializeLabQuery,
  shownVariants,
  type LabViewState,
  type UrlIssue,
  type ViewVariant,
} from './urlState';
import { useParamDrafts } from './useParamDrafts';

export interface LabViewOptions {
  lab: string;
  data: LabData;
  /** a configuration small enough to watch step by step (where the table has these parameters) */
  preset: Readonly<Record<string, number>>;
  /** above this many steps the animation refuses: every frame re-runs the simulation to its step */
  maxAnimationSteps: number;
}

export interface LabView {
  view: LabViewState;
  /** the page's defaults: the parameter table with the preset applied */
  defaults: LabViewState;
  variants: readonly Variant[];
  urlIssues: UrlIssue[];
  dismissUrlIssues(): void;

  drafts: Record<string, string>;
  invalid: ReadonlySet<string>;
  onDraft(name: string, text: string): void;
  onApply(): void;
  /** apply these parameters at once (a paper row's "use"), back to step 1 */
  setParams(params: Record<string, number>): void;
  /** back to the preset */
  onSmallConfig(): void;
  setVariant(v: ViewVariant): void;
  /** the two variants side by side shows */
  setPair(pair: readonly [string, string]): void;

  runs: FullRuns;
  heatBuckets: number;
  setHeatBuckets(b: number): void;
  /** the full runs of every shown variant are in */
  ready: boolean;
  totals: Partial<Record<Variant, number>>;
  maxStep: number;
  tooBig: boolean;
  stepper: Stepper;
  results: Partial<Record<Variant, RunResult>>;
  /** the run status line: simulating, or each variant's step count */
  status: string;
  /** a parameter's, the full runs' or the stepper's error */
  runError: string | null;

  playing: boolean;
  speed: number;
  setSpeed(s: number): void;
  play(): void;
  onPause(): void;
  stepBy(d: number): void;
  onScrub(s: number): void;
}

export function useLabView({ lab, data, preset, maxAnimationSteps }: LabViewOptions): LabView {
  const { specs } = data;
  const path = `/lab/${lab}`;
  const defaults = useMemo(() => defaultViewState(data, preset), [data, preset]);
  const [initial] = useState(() => parseLabQuery(parseHash(window.location.hash).query, data, defaults));
  const [view, setView] = useState<LabViewState>(initial.state);
  const [urlIssues, setUrlIssues] = useState<UrlIssue[]>(initial.issues);
  const stepFromUrl = useRef(parseHash(window.location.hash).query.has('step'));

  // ---- parameter drafts: typed or chosen values are checked by the simulator before they apply
  const { drafts, invalid, paramError, onDraft, onApply, clearDrafts } = useParamDrafts(lab, specs, view, setView);

  // Someone edited the URL or followed a link to this page: restore from it.
  // (The page's own URL updates use replaceState and fire no hashchange.)
  const loc = useHashLocation();
  const seenChanges = useRef(loc.changes);
  useEffect(() => {
    if (loc.changes === seenChanges.current) return;
    seenChanges.current = loc.changes;
    const { path: p, query } = parseHash(loc.hash);
    const route = matchRoute(p);
    if (route.name !== 'lab' || route.id !== lab) return;
    const r = parseLabQuery(query, data, defaults);
    setView(r.state);
    setUrlIssues(r.issues);
    clearDrafts();
    stepFromUrl.current = query.has('step');
  }, [loc.changes, loc.hash, data, defaults, lab, clearDrafts]);

  // ---- playback state
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(10);

  // ---- the URL follows the view (throttled while playing; browsers limit history updates)
  const urlTimer = useRef<number | null>(null);
  const pendingHash = useRef('');
  useEffect(() => {
    pendingHash.current = buildHash(path, serializeLabQuery(view, data));
    const write = () => {
      urlTimer.current = null;
      replaceHash(pendingHash.current);
    };
    if (!playing) {
      if (urlTimer.current !== null) window.clearTimeout(urlTimer.current);
      write();
    } else if (urlTimer.current === null) {
      urlTimer.current = window.setTimeout(write, 500);
    }
  }, [view, data, playing, path]);
  useEffect(
    () => () => {
      if (urlTimer.current !== null) window.clearTimeout(urlTimer.current);
    },
    [],
  );

  const setParams = useCallback((params: Record<string, number>) => {
    clearDrafts();
    setPlaying(false);
    setView((v) => ({ ...v, params: { ...v.params, ...params }, step: 1 }));
  }, [clearDrafts]);
  const onSmallConfig = useCallback(() => setParams(defaults.params), [setParams, defaults.params]);

  // ---- runs
  const { variant: shownVariant, pair } = view;
  const variants = useMemo(() => shownVariants({ variant: shownVariant, pair }), [shownVariant, pair]);
  const [heatBuckets, setHeatBuckets] = useState(120);
  const runs = useFullRuns(lab, variants, view.params, view.seed, heatBuckets);
  const ready = !runs.running && variants.every((v) => runs.outputs[v]);
  const totals = useMemo(() => {
    const t: Partial<Record<Variant, number>> = {};
    for (const v of variants) {
      const o = runs.outputs[v];
      if (o) t[v] = o.result.sim.steps;
    }
    return t;
  }, [variants, runs.outputs]);
  const maxStep = Math.max(1, ...variants.map((v) => totals[v] ?? 1));
  const tooBig = variants.some((v) => (totals[v] ?? 0) > maxAnimationSteps);
  const canAnimate = ready && !tooBig;

  // A step beyond the run's end (from a URL, or after smaller parameters) is clamped.
  useEffect(() => {
    if (!ready || view.step <= maxStep) return;
    if (stepFromUrl.current)
      setUrlIssues((is) => [
        ...is.filter((i) => i.key !== 'step'),
        {
          key: 'step',
          value: String(view.step),
          message: `step=${view.step} is beyond the last step of this run; allowed 1..${maxStep} (using ${maxStep})`,
        },
      ]);
    stepFromUrl.current = false;
    setView((v) => ({ ...v, step: maxStep }));
  }, [ready, maxStep, view.step]);
  useEffect(() => {
    if (ready) stepFromUrl.current = false;
  }, [ready]);

  const stepper = useStepper(lab, variants, view.params, view.seed, view.step, totals, canAnimate);

  // ---- playback clock: advances the wanted step; the stepper skips frames it cannot keep up with
  const maxRef = useRef(maxStep);
  maxRef.current = maxStep;
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    let acc = 0;
    const tick = (now: number) => {
      acc += ((now - last) / 1000) * speed;
      last = now;
      const n = Math.floor(acc);
      if (n > 0) {
        acc -= n;
        setView((v) => {
          const s = Math.min(maxRef.current, v.step + n);
          return s === v.step ? v : { ...v, step: s };
        });
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed]);
  useEffect(() => {
    if (playing && view.step >= maxStep) setPlaying(false);
  }, [playing, view.step, maxStep]);

  const seek = useCallback((s: number) => {
    setView((v) => ({ ...v, step: Math.max(1, Math.min(maxRef.current, Math.round(s))) }));
  }, []);
  const stepBy = useCallback((d: number) => {
    setPlaying(false);
    setView((v) => ({ ...v, step: Math.max(1, Math.min(maxRef.current, v.step + d)) }));
  }, []);
  const canRef = useRef(canAnimate);
  canRef.current = canAnimate;
  const stepRef = useRef(view.step);
  stepRef.current = view.step;
  const play = useCallback(() => {
    if (!canRef.current) return;
    if (stepRef.current >= maxRef.current) seek(1);
    setPlaying(true);
  }, [seek]);
  usePlayerKeys({
    toggle: () => (playing ? setPlaying(false) : play()),
    forward: () => canAnimate && stepBy(1),
    back: () => canAnimate && stepBy(-1),
  });

  const setVariant = useCallback((variant: ViewVariant) => setView((v) => ({ ...v, variant })), []);
  const setPair = useCallback((pair: readonly [string, string]) => setView((v) => ({ ...v, pair })), []);
  const onPause = useCallback(() => setPlaying(false), []);
  const onScrub = useCallback(
    (s: number) => {
      setPlaying(false);
      seek(s);
    },
    [seek],
  );
  const dismissUrlIssues = useCallback(() => setUrlIssues([]), []);

  const runError = paramError ?? runs.error ?? stepper.error;
  const status = runs.running
    ? 'simulating…'
    : ready
      ? variants.map((v) => `${v}: ${formatCount(totals[v] ?? 0)} steps`).join(' · ')
      : ' ';
  const results = useMemo(() => resultsOf(variants, runs.outputs), [variants, runs.outputs]);

  return {
    view,
    defaults,
    variants,
    urlIssues,
    dismissUrlIssues,
    drafts,
    invalid,
    onDraft,
    onApply,
    setParams,
    onSmallConfig,
    setVariant,
    setPair,
    runs,
    heatBuckets,
    setHeatBuckets,
    ready,
    totals,
    maxStep,
    tooBig,
    stepper,
    results,
    status,
    runError,
    playing,
    speed,
    setSpeed,
    play,
    onPause,
    stepBy,
    onScrub,
  };
}

function resultsOf(variants: readonly Variant[], outputs: FullRuns['outputs']): Partial<Record<Variant, RunResult>> {
  return Object.fromEntries(variants.flatMap((v) => (outputs[v] ? [[v, outputs[v]!.result]] : [])));
}

/** Each shown variant's snapshot, parsed with the lab's own schema, from the animation's frames. */
export function useParsedFrames<T>(frames: Stepper['frames'], parse: (raw: unknown) => T): Partial<Record<Variant, T>> {
  return useMemo(() => {
    const out: Partial<Record<Variant, T>> = {};
    for (const [v, f] of Object.entries(frames)) if (f) out[v] = parse(f.snapshot);
    return out;
  }, [frames, parse]);
}
