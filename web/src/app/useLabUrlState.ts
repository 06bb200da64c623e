/**
 * A lab page's view as the URL holds it: variant, pair, parameters, seed and
 * step (urlState.ts encodes them). The view is read from the URL once, read
 * again when someone edits the URL, follows a link or goes Back, and written
 * back as it changes. A deliberate change (a variant, parameters, a step or
 * a seek, a presenter view, a heatmap option) is a history entry of its
 * own, so that Back undoes it (the steps of one gesture, a scrubber dragged
 * or a key held, make one entry); playing replaces the entry at most every
 * two seconds (history updates are slow: at one every half second they took
 * 3% of the main thread's time in a profile of play, and browsers limit
 * them), after one entry that keeps where play started; when play
 * stops the URL holds the step it stopped at. A restored or clamped view replaces its entry. A step beyond the run's end is clamped
 * once the run is known, with an issue when the URL asked for it.
 *
 * The pure parts (what a hash restores, when to write the URL, how a step
 * is clamped) are functions of their own, tested without React.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { buildHash, matchRoute, parseHash, pushHash, replaceHash, useHashLocation } from './router';
import type { LabData } from './simHooks';
import {
  defaultViewState,
  lessonViewState,
  parseLabQuery,
  serializeLabQuery,
  STEP_MIN,
  type LabShape,
  type LabViewState,
  type UrlIssue,
  type ViewVariant,
} from './urlState';
import type { PresentView } from './presenter/views';
import type { Lesson } from '../core/lesson';

/* ---------------------------------------------------------------- pure */

export interface UrlView {
  state: LabViewState;
  issues: UrlIssue[];
  /** the URL names a step (a step past the run's end is then reported) */
  stepInUrl: boolean;
}

/** The view a hash's query gives, whatever its path: what the page opens with. */
export function readQuery(hash: string, shape: LabShape, defaults: LabViewState): UrlView {
  const { query } = parseHash(hash);
  const parsed = parseLabQuery(query, shape, defaults);
  const stepInUrl = query.has('step');
  /* the opening step belongs to the opening configuration: other parameters, or another seed, start at step 1 */
  const opening =
    parsed.state.seed === defaults.seed && Object.keys(defaults.params).every((k) => parsed.state.params[k] === defaults.params[k]);
  if (!stepInUrl && !opening) parsed.state.step = STEP_MIN;
  return { ...parsed, stepInUrl };
}

/** The view a changed hash restores: readQuery's, or null when the hash leads to another page. */
export function restoreFromHash(hash: string, lab: string, shape: LabShape, defaults: LabViewState): UrlView | null {
  const route = matchRoute(parseHash(hash).path);
  if ((route.name !== 'lab' && route.name !== 'embed') || route.id !== lab) return null;
  return readQuery(hash, shape, defaults);
}

/** How a view change reaches the URL: at once, on a timer already armed, or by arming one (while playing). */
export function urlWritePlan(playing: boolean, timerArmed: boolean): 'now' | 'pending' | 'arm' {
  if (!playing) return 'now';
  return timerArmed ? 'pending' : 'arm';
}

/**
 * Whether a URL write makes a history entry: not for a view restored from
 * the URL or clamped to its run (`quiet`), nor where history is off (an
 * embed); while playing, once for the play (so that Back returns to where
 * it started), then never until play stops.
 */
export function historyMode(p: { quiet: boolean; history: boolean; playedEntry: boolean }): 'push' | 'replace' {
  if (p.quiet || !p.history) return 'replace';
  return p.playedEntry ? 'replace' : 'push';
}

/** Step changes closer together than this make one history entry (a scrubber dragged, a key held). */
export const SEEK_COALESCE_MS = 600;

/** Whether two hashes differ in the step alone. */
export function stepOnly(prev: string | null, next: string): boolean {
  if (prev === null || prev === next) return false;
  const withoutStep = (hash: string) => {
    const { path, query } = parseHash(hash);
    query.delete('step');
    return `${path}?${query.toString()}`;
  };
  return withoutStep(prev) === withoutStep(next);
}

/** Whether two views differ in nothing but the step (the same parameters, options and the rest, by identity). */
export function sameBesidesStep(a: LabViewState, b: LabViewState): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof LabViewState)[]);
  for (const k of keys) if (k !== 'step' && a[k] !== b[k]) return false;
  return true;
}

/** The last history entry a page made: its hash, when, and whether it moved the step alone. */
export interface LastEntry {
  hash: string;
  at: number;
  stepOnly: boolean;
}

/**
 * Whether a write of `next` at time `now` continues the gesture that made
 * `last` (a scrubber dragged, a key held): both move the step alone, within
 * SEEK_COALESCE_MS of each other. Such a write replaces the entry.
 */
export function sameGesture(last: LastEntry | null, next: string, now: number): boolean {
  return last !== null && last.stepOnly && now - last.at < SEEK_COALESCE_MS && stepOnly(last.hash, next);
}

/** The delay of a URL write while the animation plays, in ms. */
export const URL_WRITE_DELAY_MS = 2_000;

/**
 * A step past the run's last: the step to show instead, and the issue to
 * report when the URL named it (a step left over from larger parameters is
 * clamped quietly); null when the step is within the run.
 */
export function clampStep(step: number, maxStep: number, fromUrl: boolean): { step: number; issue: UrlIssue | null } | null {
  if (step <= maxStep) return null;
  const issue = fromUrl
    ? { key: 'step', value: String(step), message: `step=${step} is beyond the last step of this run; allowed 1..${maxStep} (using ${maxStep})` }
    : null;
  return { step: maxStep, issue };
}

/** The issues with `issue` in place of any of the same key. */
export function withIssue(issues: readonly UrlIssue[], issue: UrlIssue): UrlIssue[] {
  return [...issues.filter((i) => i.key !== issue.key), issue];
}

/* ---------------------------------------------------------------- hooks */

export interface LabUrlStateOptions {
  lab: string;
  data: LabData;
  /** a configuration small enough to watch step by step (where the table has these parameters) */
  preset: Readonly<Record<string, number>>;
  /** the step the page opens on without one in the URL (1 by default) */
  openingStep?: number;
  /** called when the view is restored from an edited URL (the page drops its drafts) */
  onRestore?(): void;
  /** the views presenter mode offers for this lab */
  views?: readonly PresentView[];
  /** the lab's lesson: the page opens on it */
  lesson?: Lesson;
}

export interface LabUrlState {
  view: LabViewState;
  /** the page's defaults: the parameter table with the preset applied */
  defaults: LabViewState;
  /** what the URL is parsed against: the lab's parameters, variants and presenter views */
  shape: LabShape;
  setView: Dispatch<SetStateAction<LabViewState>>;
  urlIssues: UrlIssue[];
  dismissUrlIssues(): void;
  /** report a problem with what the URL asked for, found after it was read (a moment the run lacks) */
  addUrlIssue(issue: UrlIssue): void;
  setVariant(v: ViewVariant): void;
  /** the variants side by side shows, two or more */
  setShown(shown: readonly string[]): void;
  /** apply these parameters, back to step 1 */
  setParams(params: Record<string, number>): void;
  /** move the step; the view stays the same object when the step does not change */
  setStep(update: (step: number) => number): void;
  /** clamp a step past `maxStep` (the run's last), reporting it when the URL asked for it */
  clampToRun(maxStep: number): void;
  /** the run is in: a step the URL named has been shown or clamped */
  settleUrlStep(): void;
  /** set while the next URL write must replace its entry (a restored or clamped view) */
  quiet: MutableRefObject<boolean>;
}

/** The view in the URL: read on load and on hash changes; written back by useWriteLabUrl. */
export function useLabUrlState({ lab, data, preset, openingStep, onRestore, views, lesson }: LabUrlStateOptions): LabUrlState {
  const shape = useMemo(
    (): LabShape => ({ specs: data.specs, variants: data.variants, views, ...(lesson ? { moments: lesson.moments.map((m) => m.id) } : {}) }),
    [data, views, lesson],
  );
  const defaults = useMemo(
    () => (lesson ? lessonViewState(shape, lesson, openingStep) : defaultViewState(shape, preset, openingStep)),
    [shape, preset, openingStep, lesson],
  );
  const [initial] = useState(() => readQuery(window.location.hash, shape, defaults));
  const [view, setView] = useState<LabViewState>(initial.state);
  const [urlIssues, setUrlIssues] = useState<UrlIssue[]>(initial.issues);
  const stepFromUrl = useRef(initial.stepInUrl);
  /* the first write only tidies the URL the page was opened with */
  const quiet = useRef(true);
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;

  // Someone edited the URL or followed a link to this page: restore from it.
  // (The page's own URL updates use replaceState and fire no hashchange.)
  const loc = useHashLocation();
  const seenChanges = useRef(loc.changes);
  useEffect(() => {
    if (loc.changes === seenChanges.current) return;
    seenChanges.current = loc.changes;
    const r = restoreFromHash(loc.hash, lab, shape, defaults);
    if (!r) return;
    quiet.current = true;
    setView(r.state);
    setUrlIssues(r.issues);
    restoreRef.current?.();
    stepFromUrl.current = r.stepInUrl;
  }, [loc.changes, loc.hash, shape, defaults, lab]);

  const viewRef = useRef(view);
  viewRef.current = view;
  const clampToRun = useCallback((maxStep: number) => {
    const c = clampStep(viewRef.current.step, maxStep, stepFromUrl.current);
    if (!c) return;
    const { issue } = c;
    if (issue) setUrlIssues((is) => withIssue(is, issue));
    stepFromUrl.current = false;
    quiet.current = true;
    setView((v) => ({ ...v, step: c.step }));
  }, []);
  const settleUrlStep = useCallback(() => {
    stepFromUrl.current = false;
  }, []);

  const setVariant = useCallback((variant: ViewVariant) => setView((v) => ({ ...v, variant })), []);
  const setShown = useCallback((shown: readonly string[]) => setView((v) => ({ ...v, shown })), []);
  const setParams = useCallback(
    (params: Record<string, number>) => setView((v) => ({ ...v, params: { ...v.params, ...params }, step: 1 })),
    [],
  );
  const setStep = useCallback(
    (update: (step: number) => number) =>
      setView((v) => {
        const step = update(v.step);
        return step === v.step ? v : { ...v, step };
      }),
    [],
  );
  const dismissUrlIssues = useCallback(() => setUrlIssues([]), []);
  const addUrlIssue = useCallback((issue: UrlIssue) => setUrlIssues((is) => withIssue(is, issue)), []);

  return { view, defaults, shape, setView, urlIssues, dismissUrlIssues, addUrlIssue, setVariant, setShown, setParams, setStep, clampToRun, settleUrlStep, quiet };
}

/**
 * The URL follows the view at `path` (the lab page or an embed): at once,
 * or every URL_WRITE_DELAY_MS while playing; see historyMode for which
 * writes are history entries.
 */
export function useWriteLabUrl(
  path: string,
  shape: LabShape,
  view: LabViewState,
  playing: boolean,
  quiet: MutableRefObject<boolean>,
  history = true,
): void {
  const timer = useRef<number | null>(null);
  const pending = useRef('');
  /* this play has made its history entry */
  const playedEntry = useRef(false);
  /* what this page last wrote: a view that serializes the same is not written again (Back may have moved the URL since) */
  const written = useRef<string | null>(null);
  /* the last entry this page made (null after a replace): a step in the same gesture replaces it */
  const lastEntry = useRef<LastEntry | null>(null);
  useEffect(() => {
    pending.current = buildHash(path, serializeLabQuery(view, shape));
    if (pending.current === written.current && timer.current === null) return;
    const write = () => {
      timer.current = null;
      const before = written.current;
      written.current = pending.current;
      let mode = historyMode({ quiet: quiet.current, history, playedEntry: playedEntry.current });
      quiet.current = false;
      if (playing) playedEntry.current = true;
      const now = performance.now();
      if (mode === 'push' && !playing && sameGesture(lastEntry.current, pending.current, now)) {
        /* the gesture goes on: its entry follows it */
        mode = 'replace';
        lastEntry.current = { hash: pending.current, at: now, stepOnly: true };
      } else if (mode === 'push') {
        lastEntry.current = { hash: pending.current, at: now, stepOnly: stepOnly(before, pending.current) };
      } else {
        /* a restored or played view ends the gesture: the next step is an entry of its own */
        lastEntry.current = null;
      }
      if (mode === 'push') pushHash(pending.current);
      else replaceHash(pending.current);
    };
    const plan = urlWritePlan(playing, timer.current !== null);
    if (plan === 'now') {
      if (timer.current !== null) window.clearTimeout(timer.current);
      write();
      playedEntry.current = false;
    } else if (plan === 'arm') {
      timer.current = window.setTimeout(write, URL_WRITE_DELAY_MS);
    }
  }, [view, shape, playing, path, quiet, history]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
}

/**
 * Keeps the step within the run once the run is known: a step past its end
 * is clamped (see clampStep), and a step the URL named counts as shown.
 */
export function useStepWithinRun(url: Pick<LabUrlState, 'view' | 'clampToRun' | 'settleUrlStep'>, ready: boolean, maxStep: number): void {
  const { clampToRun, settleUrlStep } = url;
  const step = url.view.step;
  useEffect(() => {
    if (ready && step > maxStep) clampToRun(maxStep);
  }, [ready, maxStep, step, clampToRun]);
  useEffect(() => {
    if (ready) settleUrlStep();
  }, [ready, settleUrlStep]);
}
