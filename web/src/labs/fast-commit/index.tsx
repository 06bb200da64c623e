/**
 * The fast-commit lab page: the mail in short, controls built from the
 * model's parameter table, the animated commit walk beside the model's
 * source, metrics, the contention heatmap and the paper table.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getSim } from '../../core/client';
import { formatCount } from '../../app/formatCount';
import { MetricsTable } from '../../viz/metrics/MetricsTable';
import { PaperSection } from '../../app/PaperSection';
import { ParamControls } from '../../app/ParamControls';
import { usePlayerKeys } from '../../app/keyboard';
import { buildHash, matchRoute, parseHash, replaceHash, useHashLocation } from '../../app/router';
import {
  errorText,
  type FullRuns,
  useFullRuns,
  useLabData,
  useStepper,
  type LabData,
  type Stepper,
  type Variant,
} from '../../app/simHooks';
import type { ParamSpec } from '../../core/types';
import {
  defaultViewState,
  parseLabQuery,
  SEED_MAX,
  serializeLabQuery,
  VARIANT_LABELS,
  VIEW_VARIANTS,
  type LabViewState,
  type UrlIssue,
  type ViewVariant,
} from '../../app/urlState';
import { Animation } from './Animation';
import { ContentionSection } from './ContentionSection';
import { CITATION, Explainer } from './Explainer';
import { parseFcSnapshot } from './snapshot';

const LAB = 'fast-commit';
const PATH = `/lab/${LAB}`;

/** A configuration small enough to watch step by step (where the table has these parameters). */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { ways: 4, dirs: 2, files: 8, loops: 1 };

/** Above this many steps the animation refuses: every frame re-runs the simulation to its step. */
export const MAX_ANIMATION_STEPS = 2_000_000;

export default function FastCommitPage() {
  const { data, error } = useLabData(LAB);
  if (error)
    return (
      <div className="banner error" role="alert" data-testid="run-error">
        The simulator could not start: {error}
      </div>
    );
  if (!data) return <p className="loading">Starting the simulator…</p>;
  return <FastCommitLab data={data} />;
}

function variantsOf(v: ViewVariant): Variant[] {
  return v === 'side' ? ['before', 'after'] : [v];
}

function FastCommitLab({ data }: { data: LabData }) {
  const { specs, rows, source } = data;
  const defaults = useMemo(() => defaultViewState(specs, ANIMATION_PRESET), [specs]);
  const [initial] = useState(() => parseLabQuery(parseHash(window.location.hash).query, specs, defaults));
  const [view, setView] = useState<LabViewState>(initial.state);
  const [urlIssues, setUrlIssues] = useState<UrlIssue[]>(initial.issues);
  const stepFromUrl = useRef(parseHash(window.location.hash).query.has('step'));

  // Someone edited the URL or followed a link to this page: restore from it.
  // (The page's own URL updates use replaceState and fire no hashchange.)
  const loc = useHashLocation();
  const seenChanges = useRef(loc.changes);
  useEffect(() => {
    if (loc.changes === seenChanges.current) return;
    seenChanges.current = loc.changes;
    const { path, query } = parseHash(loc.hash);
    const route = matchRoute(path);
    if (route.name !== 'lab' || route.id !== LAB) return;
    const r = parseLabQuery(query, specs, defaults);
    setView(r.state);
    setUrlIssues(r.issues);
    setDrafts({});
    stepFromUrl.current = query.has('step');
  }, [loc.changes, loc.hash, specs, defaults]);

  // ---- playback state
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(10);

  // ---- the URL follows the view (throttled while playing; browsers limit history updates)
  const urlTimer = useRef<number | null>(null);
  const pendingHash = useRef('');
  useEffect(() => {
    pendingHash.current = buildHash(PATH, serializeLabQuery(view, specs));
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
  }, [view, specs, playing]);
  useEffect(
    () => () => {
      if (urlTimer.current !== null) window.clearTimeout(urlTimer.current);
    },
    [],
  );

  // ---- parameter drafts: typed values are checked by the simulator before they apply
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [paramError, setParamError] = useState<string | null>(null);
  const applySeq = useRef(0);

  const applyDrafts = useCallback(
    async (d: Record<string, string>) => {
      const names = Object.keys(d);
      if (!names.length) return;
      const params = { ...view.params };
      let seed = view.seed;
      for (const name of names) {
        const text = d[name].trim();
        if (!/^[+-]?\d+$/.test(text)) {
          setInvalid(new Set([name]));
          setParamError(`${name}: “${text}” is not an integer`);
          return;
        }
        if (name === 'seed') seed = Number(text);
        else params[name] = Number(text);
      }
      if (seed < 0 || seed > SEED_MAX) {
        setInvalid(new Set(['seed']));
        setParamError(`seed: ${seed} is out of range 0..${SEED_MAX}`);
        return;
      }
      const seq = ++applySeq.current;
      try {
        await getSim().run({
          lab: LAB,
          variant: 'before',
          params,
          seed,
          options: { stopStep: 1, traceMax: 0, heatBuckets: 2 },
        });
        if (seq !== applySeq.current) return;
        setView((v) => ({ ...v, params, seed }));
        setDrafts((cur) => {
          const next = { ...cur };
          for (const n of names) if (next[n] === d[n]) delete next[n];
          return next;
        });
        setInvalid(new Set());
        setParamError(null);
      } catch (e) {
        if (seq !== applySeq.current) return;
        const msg = errorText(e);
        const named = names.filter((n) => new RegExp(`\\b${n}\\b`).test(msg));
        setInvalid(new Set(named.length ? named : names));
        setParamError(msg);
      }
    },
    [view.params, view.seed],
  );

  useEffect(() => {
    if (!Object.keys(drafts).length) return;
    const t = window.setTimeout(() => void applyDrafts(drafts), 350);
    return () => window.clearTimeout(t);
  }, [drafts, applyDrafts]);

  /* the handlers below keep their identity while playing, so that memoized parts of the page stay put */
  const onDraft = useCallback((name: string, text: string) => setDrafts((d) => ({ ...d, [name]: text })), []);
  const onApply = useCallback(() => void applyDrafts(drafts), [applyDrafts, drafts]);

  const setParams = useCallback((params: Record<string, number>) => {
    setDrafts({});
    setInvalid(new Set());
    setParamError(null);
    setPlaying(false);
    setView((v) => ({ ...v, params: { ...v.params, ...params }, step: 1 }));
  }, []);
  const onSmallConfig = useCallback(() => setParams(defaults.params), [setParams, defaults.params]);

  // ---- runs
  const variants = useMemo(() => variantsOf(view.variant), [view.variant]);
  const [heatBuckets, setHeatBuckets] = useState(120);
  const runs = useFullRuns(LAB, variants, view.params, view.seed, heatBuckets);
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
  const tooBig = variants.some((v) => (totals[v] ?? 0) > MAX_ANIMATION_STEPS);
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

  const stepper = useStepper(LAB, variants, view.params, view.seed, view.step, totals, canAnimate);

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
  const stepBy = useCallback(
    (d: number) => {
      setPlaying(false);
      setView((v) => ({ ...v, step: Math.max(1, Math.min(maxRef.current, v.step + d)) }));
    },
    [],
  );
  const play = () => {
    if (!canAnimate) return;
    if (view.step >= maxStep) seek(1);
    setPlaying(true);
  };
  usePlayerKeys({
    toggle: () => (playing ? setPlaying(false) : play()),
    forward: () => canAnimate && stepBy(1),
    back: () => canAnimate && stepBy(-1),
  });

  const setVariant = useCallback((variant: ViewVariant) => setView((v) => ({ ...v, variant })), []);
  const onPause = useCallback(() => setPlaying(false), []);
  const onScrub = useCallback(
    (s: number) => {
      setPlaying(false);
      seek(s);
    },
    [seek],
  );

  const runError = paramError ?? runs.error ?? stepper.error;
  const snapshots = useSnapshots(stepper.frames);
  const status = runs.running
    ? 'simulating…'
    : ready
      ? variants.map((v) => `${v}: ${formatCount(totals[v] ?? 0)} steps`).join(' · ')
      : ' ';
  const results = useMemo(() => resultsOf(variants, runs.outputs), [variants, runs.outputs]);
  /* the heatmaps' step marker is all that moves in their section while playing */
  const markerBefore = snapshots.before?.snap?.now_ns ?? null;
  const markerAfter = snapshots.after?.snap?.now_ns ?? null;
  const markers = useMemo(() => ({ before: markerBefore, after: markerAfter }), [markerBefore, markerAfter]);

  return (
    <article className="lab-page">
      <header className="lab-head">
        <h1>ext4 fast commit: from a quadratic search to a pointer</h1>
        <p className="muted">
          {CITATION} · “ext4: Performance scalability improvement with fast_commit” · model:{' '}
          <span className="mono">wasm-core/labs/fast-commit.c</span>
        </p>
      </header>

      {urlIssues.length > 0 && (
        <div className="banner warn" role="alert" data-testid="url-error">
          <b>Some values in the URL were not usable; defaults apply to them:</b>
          <ul>
            {urlIssues.map((i, k) => (
              <li key={`${i.key}-${k}`}>{i.message}</li>
            ))}
          </ul>
          <button type="button" className="small" onClick={() => setUrlIssues([])}>
            dismiss
          </button>
        </div>
      )}

      <Explainer />

      <RunPanel
        status={status}
        running={runs.running}
        specs={specs}
        params={view.params}
        seed={view.seed}
        variant={view.variant}
        drafts={drafts}
        invalid={invalid}
        runError={runError}
        onDraft={onDraft}
        onApply={onApply}
        onVariant={setVariant}
        onReset={onSmallConfig}
      />

      <Animation
        variants={variants}
        stepper={stepper}
        snapshots={snapshots}
        source={source}
        step={view.step}
        maxStep={maxStep}
        ready={ready}
        tooBig={tooBig}
        failed={runs.error !== null}
        totals={totals}
        maxAnimationSteps={MAX_ANIMATION_STEPS}
        playing={playing}
        speed={speed}
        onPlay={play}
        onPause={onPause}
        onStep={stepBy}
        onSeek={onScrub}
        onSpeed={setSpeed}
        onSmallConfig={onSmallConfig}
      />

      <MetricsPanel results={results} />

      <ContentionSection
        variants={variants}
        runs={runs.outputs}
        markers={markers}
        buckets={heatBuckets}
        onBuckets={setHeatBuckets}
        failed={runs.error !== null}
      />

      <PaperPanel lab={LAB} rows={rows} specs={specs} onUseParams={setParams} />
    </article>
  );
}

export type ParsedSnapshots = Partial<Record<Variant, ReturnType<typeof parseFcSnapshot>>>;

function useSnapshots(frames: Stepper['frames']): ParsedSnapshots {
  return useMemo(() => {
    const out: ParsedSnapshots = {};
    for (const v of ['before', 'after'] as const) {
      const f = frames[v];
      if (f) out[v] = parseFcSnapshot(f.snapshot);
    }
    return out;
  }, [frames]);
}

function resultsOf(variants: readonly Variant[], outputs: FullRuns['outputs']) {
  return Object.fromEntries(variants.flatMap((v) => (outputs[v] ? [[v, outputs[v]!.result]] : [])));
}

interface RunPanelProps {
  status: string;
  running: boolean;
  specs: ParamSpec[];
  params: Record<string, number>;
  seed: number;
  variant: ViewVariant;
  drafts: Record<string, string>;
  invalid: ReadonlySet<string>;
  runError: string | null;
  onDraft(name: string, text: string): void;
  onApply(): void;
  onVariant(v: ViewVariant): void;
  onReset(): void;
}

/** The parameter controls, the run status and the run's error; unchanged while the animation plays. */
const RunPanel = memo(function RunPanel(p: RunPanelProps) {
  return (
    <section className="panel controls-panel" aria-labelledby="controls-heading">
      <div className="panel-head">
        <h2 id="controls-heading">Run it</h2>
        <span className={`run-status${p.running ? ' on' : ''}`} data-testid="run-status">
          {p.status}
        </span>
      </div>
      <ParamControls
        specs={p.specs}
        values={p.params}
        drafts={p.drafts}
        invalid={p.invalid}
        onDraft={p.onDraft}
        onApply={p.onApply}
      >
        <label className={`param${p.invalid.has('seed') ? ' invalid' : ''}`} title={`Seed of every random choice (0..${SEED_MAX}); the same seed gives the same run`}>
          <span className="param-name">seed</span>
          <input
            type="number"
            data-testid="seed"
            min={0}
            max={SEED_MAX}
            step={1}
            value={p.drafts.seed ?? String(p.seed)}
            onChange={(e) => p.onDraft('seed', e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && p.onApply()}
          />
        </label>
        <label className="param" title="Which code to run: before the patch, after it, or both side by side with the same parameters">
          <span className="param-name">variant</span>
          <select data-testid="variant" value={p.variant} onChange={(e) => p.onVariant(e.target.value as ViewVariant)}>
            {VIEW_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {VARIANT_LABELS[v]}
              </option>
            ))}
          </select>
        </label>
        <div className="param param-button">
          <button type="button" className="small" data-testid="reset" onClick={p.onReset} title="Back to the small configuration the animation starts from">
            small config
          </button>
        </div>
      </ParamControls>
      <div className="run-error-slot">
        {p.runError && (
          <div className="inline-error" role="alert" id="run-error" data-testid="run-error">
            {p.runError}
          </div>
        )}
      </div>
    </section>
  );
});

const MetricsPanel = memo(function MetricsPanel({ results }: { results: ReturnType<typeof resultsOf> }) {
  return (
    <section className="panel" aria-labelledby="metrics-heading">
      <div className="panel-head">
        <h2 id="metrics-heading">What the whole run cost</h2>
        <span className="muted">virtual time; the simulator's summary of each variant</span>
      </div>
      <MetricsTable results={results} />
    </section>
  );
});

const PaperPanel = memo(function PaperPanel(p: { lab: string; rows: LabData['rows']; specs: ParamSpec[]; onUseParams(params: Record<string, number>): void }) {
  return (
    <section className="panel" aria-labelledby="paper-heading">
      <div className="panel-head">
        <h2 id="paper-heading">The mail's table, reproduced</h2>
      </div>
      <PaperSection lab={p.lab} rows={p.rows} specs={p.specs} onUseParams={p.onUseParams} />
    </section>
  );
});
