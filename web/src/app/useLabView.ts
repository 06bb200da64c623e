/**
 * The state of a lab page, the same for every lab, composed of its parts:
 * the view kept in the URL (useLabUrlState), parameter drafts checked by the
 * simulator before they apply (useParamDrafts), the full runs behind metrics
 * and heatmaps and the animation's frames (simHooks), and playback with the
 * player's keys (usePlayback).
 *
 * The handlers it returns keep their identity while the animation plays, so
 * that a page's memoized parts stay put from one frame to the next.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { findMoment, lessonMarks, type Lesson } from '../core/lesson';
import type { Marks, RunResult } from '../core/types';
import { nextEventStep, prevEventStep, variantEvents, type MarkerKinds, type VariantEvents } from './eventMarks';
import { usePlayerKeys } from './keyboard';
import { formatNumber as formatCount } from '../../../lib/format';
import { useFullRuns, useStepper, type FullRuns, type LabData, type Stepper, type Variant } from './simHooks';
import type { HeatSelection } from '../viz/heatmap/heatmap';
import type { PresentView } from './presenter/views';
import { shownVariants, viewOptions, type LabShape, type LabViewState, type UrlIssue, type ViewVariant } from './urlState';
import { useLabUrlState, useStepWithinRun, useWriteLabUrl } from './useLabUrlState';
import { useParamDrafts } from './useParamDrafts';
import { usePlayback, type Playback } from './usePlayback';

export interface LabViewOptions {
  lab: string;
  data: LabData;
  /** a configuration small enough to watch step by step (where the table has these parameters) */
  preset: Readonly<Record<string, number>>;
  /** the step kinds drawn as events on the scrubber, with their words */
  markers?: MarkerKinds;
  /** the step the page opens on without one in the URL */
  openingStep?: number;
  /** the views presenter mode offers for this lab */
  views: readonly PresentView[];
  /** the one view an embed shows (#/embed/<lab>/<view>), or null on the lab page */
  embed: PresentView | null;
  /** the lab's lesson: the page opens on it, and at=<moment> moves to its events */
  lesson?: Lesson;
}

export interface LabView extends Playback {
  view: LabViewState;
  /** the page's defaults: the parameter table with the preset applied */
  defaults: LabViewState;
  /** what the URL is parsed against and written from */
  shape: LabShape;
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
  /** the variants side by side shows, two or more */
  setShown(shown: readonly string[]): void;

  runs: FullRuns;
  heatBuckets: number;
  setHeatBuckets(b: number): void;
  /** what the heatmaps are coloured by */
  heatColor: HeatSelection;
  setHeatColor(c: HeatSelection): void;
  /** the variant the code pane follows side by side, null for the first shown */
  follow: string | null;
  setFollow(v: string): void;
  /** presenter mode's view, null outside it */
  present: PresentView | null;
  setPresent(v: PresentView | null): void;
  /** the full runs of every shown variant are in */
  ready: boolean;
  totals: Partial<Record<Variant, number>>;
  maxStep: number;
  stepper: Stepper;
  results: Partial<Record<Variant, RunResult>>;
  /** the run status line: simulating, or each variant's step count */
  status: string;
  /** a parameter's, the full runs' or the stepper's error */
  runError: string | null;

  /** the kinds marked as events, with their words (none: the lab marks none) */
  markers: MarkerKinds;
  /** each shown variant's events and what its run says of them (totals, thinning) */
  events: VariantEvents;
  marks: Partial<Record<Variant, Marks>>;
  /** the steps of the next and the previous event from the current step (null: none) */
  nextEvent: number | null;
  prevEvent: number | null;
  /** seek to the next or the previous event */
  toNextEvent(): void;
  toPrevEvent(): void;
  /** the step of each of the lesson's moments in the runs shown (null: not in them) */
  momentSteps: Readonly<Record<string, number | null>>;
  /** seek to a moment of the lesson */
  toMoment(id: string): void;
}

const NO_MARKERS: MarkerKinds = {};

export function useLabView({ lab, data, preset, markers = NO_MARKERS, openingStep, views, embed, lesson }: LabViewOptions): LabView {
  /* an edited URL drops the drafts; the drafts hook needs the view, so it comes second */
  const clearDraftsRef = useRef<() => void>(() => {});
  const onRestore = useCallback(() => clearDraftsRef.current(), []);
  const url = useLabUrlState({ lab, data, preset, openingStep, onRestore, views, lesson });
  const { view, setView } = url;
  const options = viewOptions(view);
  const { drafts, invalid, paramError, onDraft, onApply, clearDrafts } = useParamDrafts(lab, data.specs, view, url.setView);
  clearDraftsRef.current = clearDrafts;

  // ---- runs
  const variants = useMemo(() => shownVariants({ variant: view.variant, shown: view.shown }), [view.variant, view.shown]);
  const heatBuckets = options.buckets;
  const setHeatBuckets = useCallback((buckets: number) => setView((v) => ({ ...v, buckets })), [setView]);
  const setHeatColor = useCallback((color: HeatSelection) => setView((v) => ({ ...v, color })), [setView]);
  const setFollow = useCallback((follow: string) => setView((v) => ({ ...v, follow })), [setView]);
  const setSpeed = useCallback((speed: number) => setView((v) => ({ ...v, speed })), [setView]);
  const setPresent = useCallback(
    (present: PresentView | null) =>
      setView((v) => {
        if (present !== null) return { ...v, present };
        const { present: _left, ...rest } = v;
        return rest;
      }),
    [setView],
  );
  const markKinds = useMemo(() => Object.keys(markers), [markers]);
  const runMarks = useMemo(() => lessonMarks(lesson, markKinds), [lesson, markKinds]);
  const runs = useFullRuns(lab, variants, view.params, view.seed, heatBuckets, runMarks.marks, runMarks.marksMax);
  const ready = !runs.running && variants.every((v) => runs.outputs[v]);
  const totals = useMemo(() => totalsOf(variants, runs.outputs), [variants, runs.outputs]);
  const maxStep = Math.max(1, ...variants.map((v) => totals[v] ?? 1));
  /* any run the simulator finished animates: frames come from the worker's open runs, not replays from step 0 */
  const canAnimate = ready;
  useStepWithinRun(url, ready, maxStep);
  const momentSteps = useMemo(() => {
    const out: Record<string, number | null> = {};
    for (const m of lesson?.moments ?? []) {
      const mk = variants.includes(m.variant) ? runs.outputs[m.variant]?.marks : undefined;
      out[m.id] = mk ? findMoment(mk, m, maxStep) : null;
    }
    return out;
  }, [lesson, variants, runs.outputs, maxStep]);
  useMomentStep(url, lesson, ready, variants, momentSteps);
  const stepper = useStepper(lab, variants, view.params, view.seed, view.step, totals, canAnimate);

  // ---- playback, and the URL following the view (throttled while playing)
  /* the player's keys work where the animation is shown; elsewhere presenter mode has the arrows */
  const shownView = embed ?? options.present;
  const playback = usePlayback({
    step: view.step,
    maxStep,
    canAnimate,
    setStep: url.setStep,
    speed: options.speed,
    setSpeed,
    keys: shownView === null || shownView === 'animation',
  });
  const path = embed ? `/embed/${lab}/${embed}` : `/lab/${lab}`;
  useWriteLabUrl(path, url.shape, view, playback.playing, url.quiet, embed === null);

  // ---- events: the marked steps of the full runs, and going from one to the next
  const marks = useMemo(() => marksOf(variants, runs.outputs), [variants, runs.outputs]);
  const events = useMemo(() => variantEvents(variants, marks, markers), [variants, marks, markers]);
  const nextEvent = canAnimate ? nextEventStep(events, view.step) : null;
  const prevEvent = canAnimate ? prevEventStep(events, view.step) : null;
  const eventRef = useRef({ nextEvent, prevEvent });
  eventRef.current = { nextEvent, prevEvent };
  const { onScrub } = playback;
  const toNextEvent = useCallback(() => {
    if (eventRef.current.nextEvent !== null) onScrub(eventRef.current.nextEvent);
  }, [onScrub]);
  const toPrevEvent = useCallback(() => {
    if (eventRef.current.prevEvent !== null) onScrub(eventRef.current.prevEvent);
  }, [onScrub]);
  const momentRef = useRef(momentSteps);
  momentRef.current = momentSteps;
  const toMoment = useCallback(
    (id: string) => {
      const step = momentRef.current[id];
      if (step !== null && step !== undefined) onScrub(step);
    },
    [onScrub],
  );
  usePlayerKeys({ nextEvent: toNextEvent, prevEvent: toPrevEvent }, markKinds.length > 0 && (shownView === null || shownView === 'animation'));

  const { onPause } = playback;
  const { setParams: applyParams } = url;
  const setParams = useCallback(
    (params: Record<string, number>) => {
      clearDrafts();
      onPause();
      applyParams(params);
    },
    [clearDrafts, onPause, applyParams],
  );
  const onSmallConfig = useCallback(() => setParams(url.defaults.params), [setParams, url.defaults.params]);

  const runError = paramError ?? runs.error ?? stepper.error;
  const status = runs.running
    ? 'simulating…'
    : ready
      ? variants.map((v) => `${v}: ${formatCount(totals[v] ?? 0)} steps`).join(' · ')
      : ' ';
  const results = useMemo(() => resultsOf(variants, runs.outputs), [variants, runs.outputs]);

  return {
    view,
    defaults: url.defaults,
    shape: url.shape,
    variants,
    urlIssues: url.urlIssues,
    dismissUrlIssues: url.dismissUrlIssues,
    drafts,
    invalid,
    onDraft,
    onApply,
    setParams,
    onSmallConfig,
    setVariant: url.setVariant,
    setShown: url.setShown,
    runs,
    heatBuckets,
    setHeatBuckets,
    heatColor: options.color,
    setHeatColor,
    follow: options.follow,
    setFollow,
    present: options.present,
    setPresent,
    ready,
    totals,
    maxStep,
    stepper,
    results,
    status,
    runError,
    markers,
    events,
    marks,
    nextEvent,
    prevEvent,
    toNextEvent,
    toPrevEvent,
    momentSteps,
    toMoment,
    ...playback,
  };
}

/**
 * at=<moment>: once the runs are in, the step of the moment in its variant's
 * run becomes the view's step (the URL then names the step). A moment the
 * run lacks, or whose variant the view does not show, is reported when the
 * URL named it and dropped quietly when it was the page's default.
 */
function useMomentStep(
  url: ReturnType<typeof useLabUrlState>,
  lesson: Lesson | undefined,
  ready: boolean,
  variants: readonly Variant[],
  momentSteps: Readonly<Record<string, number | null>>,
): void {
  const { view, setView, quiet, addUrlIssue, defaults } = url;
  const at = view.at;
  useEffect(() => {
    if (!ready || at === undefined || !lesson) return;
    const m = lesson.moments.find((x) => x.id === at);
    const step = m ? (momentSteps[m.id] ?? null) : null;
    if (step === null && at !== defaults.at && m)
      addUrlIssue({
        key: 'at',
        value: at,
        message: variants.includes(m.variant)
          ? `at=${at}: this run of ${m.variant} has no ${m.kind} event for “${m.label}” (staying at step ${view.step})`
          : `at=${at} is an event of ${m.variant}'s run, which this view does not show (staying at step ${view.step})`,
      });
    quiet.current = true;
    setView((v) => {
      if (v.at !== at) return v;
      const { at: _done, ...rest } = v;
      return step === null ? rest : { ...rest, step };
    });
  }, [ready, at, lesson, variants, momentSteps, defaults.at, setView, quiet, addUrlIssue, view.step]);
}

/** Each shown variant's marks, from its full run. */
function marksOf(variants: readonly Variant[], outputs: FullRuns['outputs']): Partial<Record<Variant, Marks>> {
  const m: Partial<Record<Variant, Marks>> = {};
  for (const v of variants) {
    const o = outputs[v]?.marks;
    if (o) m[v] = o;
  }
  return m;
}

/** Each shown variant's step count, from its full run. */
function totalsOf(variants: readonly Variant[], outputs: FullRuns['outputs']): Partial<Record<Variant, number>> {
  const t: Partial<Record<Variant, number>> = {};
  for (const v of variants) {
    const o = outputs[v];
    if (o) t[v] = o.result.sim.steps;
  }
  return t;
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
