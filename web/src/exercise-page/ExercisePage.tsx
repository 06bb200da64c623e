/**
 * The exercise page of a lab (#/exercise/<lab>): the student's C file in an
 * editor, opened on the exercise's skeleton and kept in the browser; Run
 * compiles it in the page with clang built for WebAssembly, links it with the
 * lab's model, and runs it as the variant `yours` beside `before` and
 * `after`, with the lab page's animation, metrics and heatmaps. Download
 * saves the file that `journalclub exercise check --file` takes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LabManifest, SnapshotBase } from '../app/LabPage';
import { formatNumber } from '../../../lib/format';
import { ContentionSection } from '../app/ContentionSection';
import { LabAnimation } from '../app/LabAnimation';
/* after LabAnimation: the lab pages' chunk then orders its modules as without this page (tests/node/lab-size.test.ts) */
import { divergenceText, type FindDivergence } from '../app/DivergenceJump';
import { MetricsPanel } from '../app/LabPanels';
import { useLabData, useLabSource, type LabData } from '../app/simHooks';
import { useParsedFrames } from '../app/useLabView';
import { DEFAULT_BUCKETS } from '../app/urlState';
import type { HeatSelection } from '../viz/heatmap/heatmap';
import type { Diagnostic } from '../core/wasi';
import { runExercise } from '../exercises/checker';
import { exerciseFor } from '../exercises/registry';
import { lessonMarks } from '../core/lesson';
import { isLabId, LAB_FACES } from '../labs/registry.gen';
import type { CheckReport, Exercise as ExerciseDef, ExerciseReport } from '../exercises/types';
import { browserRunner, getExerciseClient, type ExerciseClient, type DownloadProgress } from './client';
import { ExerciseEditor, type ExerciseEditorHandle } from './ExerciseEditor';
import { TradeoffChart, tradeoffPoints } from './TradeoffChart';
import { makeSkeleton } from '../exercises/skeleton';
import { exerciseFile, solutionUrl } from './solution';
import { loadCode, saveCode } from './storage';
import { useExerciseView, type ExerciseOpening, type ExerciseRunKey } from './useExerciseView';
import './exercise.css';

/** The skeleton the editor opens on, made from the lab's solution as `journalclub exercise skeleton` makes it; null: no exercise. */
async function loadSkeleton(lab: string): Promise<{ text: string; file: string } | null> {
  const url = await solutionUrl(lab);
  if (url === null) return null;
  const file = `exercises/${lab}/solution.c`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${file} (${url}): HTTP ${response.status}`);
  return { text: makeSkeleton(await response.text(), file).text, file: `the skeleton of ${file}` };
}

const manifests = import.meta.glob<LabManifest<SnapshotBase>>('../labs/*/manifest.tsx', { import: 'manifest' });

function useManifest(lab: string): LabManifest<SnapshotBase> | null {
  const [m, setM] = useState<LabManifest<SnapshotBase> | null>(null);
  useEffect(() => {
    const load = manifests[`../labs/${lab}/manifest.tsx`];
    let live = true;
    load?.().then((x) => live && setM(x));
    return () => {
      live = false;
    };
  }, [lab]);
  return m;
}

export default function ExercisePage({ lab }: { lab: string }) {
  const { data, error } = useLabData(lab);
  const manifest = useManifest(lab);
  const [skeleton, setSkeleton] = useState<{ text: string; file: string } | null | undefined>(undefined);
  const [skeletonError, setSkeletonError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadSkeleton(lab).then(
      (s) => live && setSkeleton(s),
      (e: unknown) => live && setSkeletonError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [lab]);
  if (error || skeletonError)
    return (
      <div className="banner error" role="alert">
        {error ? `The simulator could not start: ${error}` : `The exercise could not load: ${skeletonError}`}
      </div>
    );
  if (skeleton === null)
    return (
      <section className="coming-page">
        <h1>No exercise for {lab}</h1>
        <p>
          This lab has no exercise yet. <a href={`#/lab/${lab}`}>Back to the lab</a>
        </p>
      </section>
    );
  if (!data || !manifest || !skeleton) return <p className="loading">Loading the exercise…</p>;
  return <Exercise key={lab} lab={lab} data={data} manifest={manifest} skeleton={skeleton} />;
}

type Phase =
  | { name: 'idle' }
  | { name: 'loading'; progress: DownloadProgress | null }
  | { name: 'compiling' }
  | { name: 'failed'; message: string }
  | { name: 'running'; build: number; startedAt: number; ms: { load: number; compile: number; instantiate: number } };

function Exercise({
  lab,
  data,
  manifest: m,
  skeleton,
}: {
  lab: string;
  data: LabData;
  manifest: LabManifest<SnapshotBase>;
  skeleton: { text: string; file: string };
}) {
  const source = useLabSource(lab);
  const [initial, setInitial] = useState(() => loadCode(lab) ?? skeleton.text);
  const [generation, setGeneration] = useState(0);
  const [code, setCode] = useState(initial);
  const [saved, setSaved] = useState(true);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [output, setOutput] = useState('');
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [variants, setVariants] = useState<string[]>([]);
  const [color, setColor] = useState<HeatSelection>('dominant');
  const [buckets, setBuckets] = useState(DEFAULT_BUCKETS);
  /* a new worker after Stop: `workers` counts them */
  const [workers, setWorkers] = useState(0);
  const client = useMemo(() => getExerciseClient(), [workers]);
  const exercise = exerciseFor(lab);

  const onChange = useCallback(
    (text: string) => {
      setCode(text);
      setSaved(saveCode(lab, text));
    },
    [lab],
  );

  const params = useMemo(() => {
    const p: Record<string, number> = {};
    for (const s of data.specs) p[s.name] = s.default;
    return { ...p, ...m.preset };
  }, [data.specs, m.preset]);

  const build = phase.name === 'running' ? phase.build : 0;
  /*
   * The animation opens where the student's run first differs from the lab's first variant (its before); where
   * they do the same, at the lesson's decisive moment (else the lab page's opening step)
   */
  const pair = useMemo(() => ['yours', data.info.variants[0]!] as const, [data.info.variants]);
  const opening = useMemo<ExerciseRunKey['opening']>(() => {
    const lesson = isLabId(lab) ? LAB_FACES[lab].lesson : undefined;
    const moment = lesson ? { moment: lesson.moments[0], marks: lessonMarks(lesson, Object.keys(m.markers ?? {})) } : undefined;
    return { pair, moment, fallback: m.openingStep ?? 1 };
  }, [lab, pair, m.markers, m.openingStep]);
  const runKey = useMemo<ExerciseRunKey | null>(
    () => (build > 0 ? { build, lab, variants, params, seed: 1, heatBuckets: buckets, opening } : null),
    [build, lab, variants, params, buckets, opening],
  );
  const view = useExerciseView(client, runKey);
  /* the first divergence button's search, on this build: a new build forgets what it found */
  const findDivergence = useCallback<FindDivergence>((runs, options) => client.divergence(runs, options), [client, build]);
  const editor = useRef<ExerciseEditorHandle>(null);
  const snapshots = useParsedFrames(view.stepper.frames, m.animation.parse);

  const run = useCallback(async () => {
    const startedAt = performance.now();
    setPhase({ name: 'loading', progress: null });
    setOutput('');
    try {
      const reply = await client.compile(lab, code, exerciseFile(lab), (progress) => setPhase({ name: 'loading', progress }));
      if (!reply.ok) {
        setDiagnostics(reply.diagnostics);
        setOutput(reply.output);
        setPhase({ name: 'failed', message: reply.message });
        return;
      }
      setDiagnostics(reply.warnings);
      setOutput(reply.output);
      setVariants(reply.variants);
      setPhase((p) => ({ name: 'running', build: (p.name === 'running' ? p.build : build) + 1, startedAt, ms: reply.ms }));
    } catch (e) {
      setPhase({ name: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }, [client, lab, code, build]);

  const download = useCallback(() => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/x-csrc' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = exerciseFile(lab);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }, [code, lab]);

  const stop = useCallback(() => {
    client.stop('stopped: the simulator was running your file and did not come back (an endless loop?); Run starts it again');
    setPhase({ name: 'failed', message: 'Stopped. The simulator ran your file without coming back (an endless loop?): change it and Run again.' });
    setWorkers((w) => w + 1);
  }, [client]);

  const reset = useCallback(() => {
    setInitial(skeleton.text);
    setGeneration((g) => g + 1);
    onChange(skeleton.text);
  }, [skeleton.text, onChange]);

  const busy = phase.name === 'loading' || phase.name === 'compiling';
  const markers = useMemo(() => {
    const out: Partial<Record<string, number | null>> = {};
    for (const v of view.variants) out[v] = snapshots[v]?.snap?.now_ns ?? null;
    return out;
  }, [view.variants, snapshots]);
  const firstFrameMs = phase.name === 'running' && view.firstFrameAt !== null ? view.firstFrameAt - phase.startedAt : null;
  const errors = diagnostics.filter((d) => d.severity === 'error');

  return (
    <article className="lab-page exercise-page" data-testid="exercise-page" data-params={JSON.stringify(params)}>
      <header className="lab-head">
        <h1>Exercise: {m.heading}</h1>
        <p className="muted">
          Write the patch's function in C; Run compiles it here, in the browser, links it with the model
          (<span className="mono">wasm-core/labs/{data.info.source}</span>) and runs it as <span className="mono">yours</span> beside{' '}
          <span className="mono">before</span> and <span className="mono">after</span>, on the lab's small configuration, seed 1.{' '}
          <a href={`#/lab/${lab}`}>Back to the lab</a>
        </p>
      </header>

      <section className="panel" aria-labelledby="editor-heading">
        <div className="panel-head">
          <h2 id="editor-heading">
            Your file: <span className="mono">{exerciseFile(lab)}</span>
          </h2>
          <span className="muted" data-testid="save-state">
            {saved ? 'kept in this browser' : 'not kept: this browser refuses to store it (download it)'} · opened on{' '}
            <span className="mono">{skeleton.file}</span>
          </span>
        </div>
        <div className="exercise-actions">
          <button type="button" className="primary" data-testid="exercise-run" disabled={busy} onClick={run}>
            {busy ? 'compiling…' : 'Run'}
          </button>
          <button
            type="button"
            data-testid="exercise-stop"
            disabled={phase.name === 'idle' || phase.name === 'failed'}
            title="Stop the compiler or the simulator: a run inside WebAssembly cannot be interrupted, so its worker is ended"
            onClick={stop}
          >
            Stop
          </button>
          <button type="button" data-testid="exercise-download" onClick={download}>
            Download {exerciseFile(lab)}
          </button>
          <button type="button" data-testid="exercise-reset" onClick={reset}>
            Start again from the skeleton
          </button>
          <span className="muted">
            then <span className="mono">journalclub exercise check {lab} --file {exerciseFile(lab)}</span>
          </span>
        </div>
        <ExerciseEditor
          initial={initial}
          generation={generation}
          onChange={onChange}
          diagnostics={diagnostics}
          fileName={exerciseFile(lab)}
          editorRef={editor}
        />
        <BuildStatus phase={phase} firstFrameMs={firstFrameMs} />
        {errors.length > 0 && (
          <ul className="compile-errors" data-testid="compile-errors" aria-label="compile errors">
            {errors.map((d, i) => {
              const where = `${d.file}:${d.line}:${d.column}`;
              return (
                <li key={i} data-line={d.line} data-file={d.file}>
                  {d.file === exerciseFile(lab) ? (
                    <button
                      type="button"
                      className="link-button mono"
                      title={`show line ${d.line} in the editor`}
                      data-testid="compile-error-link"
                      onClick={() => editor.current?.show(d)}
                    >
                      {where}
                    </button>
                  ) : (
                    <span className="mono">{where}</span>
                  )}{' '}
                  {d.message}
                </li>
              );
            })}
          </ul>
        )}
        {output && (
          <details className="compile-output">
            <summary>clang's output</summary>
            <pre data-testid="compile-output">{output}</pre>
          </details>
        )}
      </section>

      {phase.name === 'running' && (
        <>
          {view.error && (
            <div className="banner error" role="alert" data-testid="run-error">
              {view.error}
            </div>
          )}
          {!view.variants.includes('yours') && (
            <div className="banner" data-testid="no-yours">
              This build of the model has no variant <span className="mono">yours</span> for {lab}: your file was compiled and linked, and
              the model runs {view.variants.join(' and ')}.
            </div>
          )}
          {view.opening && <OpeningNote opening={view.opening} />}
          <LabAnimation
            lab={lab}
            view={view}
            snapshots={snapshots}
            source={source}
            fileName={`wasm-core/labs/${data.info.source}`}
            animation={m.animation}
            failed={view.error !== null}
            divergence={{ find: findDivergence, pair }}
          />
          {exercise && <CheckPanel key={phase.build} exercise={exercise} client={client} lab={lab} />}
          <MetricsPanel variants={view.variants} results={view.results} folded={m.foldedMetrics} />
          <ContentionSection
            lab={lab}
            description={m.contention}
            variants={view.variants}
            runs={view.outputs}
            markers={markers}
            buckets={buckets}
            onBuckets={setBuckets}
            selection={color}
            onSelection={setColor}
            failed={view.error !== null}
          />
        </>
      )}
    </article>
  );
}

interface CheckState {
  running: boolean;
  checks: CheckReport[];
  report: ExerciseReport | null;
  error: string | null;
}

/** The exercise's checker over the page's build of the student's file: each check as it ends, then the score. */
function CheckPanel({ exercise, client, lab }: { exercise: ExerciseDef; client: ExerciseClient; lab: string }) {
  const [state, setState] = useState<CheckState>({ running: false, checks: [], report: null, error: null });
  const check = useCallback(() => {
    setState({ running: true, checks: [], report: null, error: null });
    runExercise(exercise, browserRunner(client, lab), {
      onCheck: (c) => setState((s) => ({ ...s, checks: [...s.checks, c] })),
    }).then(
      (report) => setState({ running: false, checks: report.checks, report, error: null }),
      (e: unknown) => setState((s) => ({ ...s, running: false, error: e instanceof Error ? e.message : String(e) })),
    );
  }, [exercise, client, lab]);
  const { report } = state;
  return (
    <section className="panel" aria-labelledby="check-heading" data-testid="check-panel">
      <div className="panel-head">
        <h2 id="check-heading">The checker</h2>
        <span className="muted">
          {exercise.checks.length} checks over seeds {exercise.seeds.join(', ')}, as <span className="mono">journalclub exercise check {lab}</span> runs
          them, here on your build in the browser (without the sanitizers)
        </span>
      </div>
      <button type="button" className="primary" data-testid="check-run" disabled={state.running} onClick={check}>
        {state.running ? `checking… (${state.checks.length} of ${exercise.checks.length})` : 'Check'}
      </button>
      {state.error && (
        <div className="banner error" role="alert">
          {state.error}
        </div>
      )}
      <ol className="check-list">
        {state.checks.map((c) => (
          <li
            key={c.id}
            data-testid="check-result"
            data-check={c.id}
            data-pass={c.outcome.pass}
            data-step={c.outcome.step}
            data-refused-by={c.outcome.refusedBy}
          >
            <strong>{c.outcome.pass ? '✓ pass' : '✗ fail'}</strong> {c.title}: {c.outcome.detail}
            {!c.outcome.pass && c.outcome.seed !== undefined && (
              <div className="muted mono">
                {c.outcome.variant} {c.outcome.params} seed {c.outcome.seed}
                {c.outcome.step !== undefined ? ` at step ${c.outcome.step}` : ''}
                {c.outcome.refusedBy !== undefined ? ` (${c.outcome.refusedBy})` : ''}
              </div>
            )}
            {c.outcome.lastSteps && <pre className="check-steps">{c.outcome.lastSteps.join('\n')}</pre>}
            {c.outcome.score !== undefined && tradeoffPoints(c.outcome.data) && <TradeoffChart points={tradeoffPoints(c.outcome.data)!} />}
          </li>
        ))}
      </ol>
      {report && (
        <p data-testid="check-score" data-passed={report.passed} data-total={report.total}>
          {report.passed} of {report.total} checks passed (score {Math.round(report.score * 100)}%).
        </p>
      )}
    </section>
  );
}

/** Where the animation opened after Run, and why there. */
function OpeningNote({ opening: o }: { opening: ExerciseOpening }) {
  const d = o.divergence;
  let text: string;
  if (d?.found) text = `Opened at the first step where ${o.pair[0]} and ${o.pair[1]} differ, ${divergenceText(d, o.pair)}.`;
  else {
    const where = o.at.kind === 'moment' ? `the lesson's decisive moment (${o.at.label})` : "where the lab's page opens";
    text = `Opened at step ${formatNumber(o.step)}, ${where}: ${d ? divergenceText(d, o.pair) : o.note}.`;
  }
  return (
    <p
      className="muted"
      role="status"
      data-testid="exercise-opening"
      data-step={o.step}
      data-at={o.at.kind}
      data-found={d ? String(d.found) : undefined}
    >
      {text}
    </p>
  );
}

function BuildStatus({ phase, firstFrameMs }: { phase: Phase; firstFrameMs: number | null }) {
  let text: string;
  switch (phase.name) {
    case 'idle':
      text = 'Press Run to compile your file with clang (downloaded once, about 105 MB, then kept by the browser).';
      break;
    case 'loading':
      text = phase.progress
        ? `loading clang: ${Math.round(phase.progress.doneBytes / 1e6)} of ${Math.round(phase.progress.totalBytes / 1e6)} MB…`
        : 'compiling…';
      break;
    case 'compiling':
      text = 'compiling…';
      break;
    case 'failed':
      text = phase.message;
      break;
    case 'running':
      text =
        `compiled and linked in ${fmt(phase.ms.compile)}` +
        (phase.ms.load > 50 ? ` (clang loaded in ${fmt(phase.ms.load)})` : '') +
        (firstFrameMs !== null ? `; first frame ${fmt(firstFrameMs)} after Run` : '; running…');
  }
  return (
    <p
      className={`build-status${phase.name === 'failed' ? ' error' : ''}`}
      role="status"
      data-testid="build-status"
      data-phase={phase.name}
      data-load-ms={phase.name === 'running' ? phase.ms.load.toFixed(0) : undefined}
      data-compile-ms={phase.name === 'running' ? phase.ms.compile.toFixed(0) : undefined}
      data-first-frame-ms={firstFrameMs !== null ? firstFrameMs.toFixed(0) : undefined}
    >
      {text}
    </p>
  );
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
