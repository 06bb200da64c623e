/**
 * The animation panel of a lab page: the player, the lab's own view of each
 * shown variant, and the model's source with the executing line and where
 * every task stands. Side by side, the code pane follows one of the two
 * variants and shows the other's line more quietly.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getSim } from '../core/client';
import type { TaskSnap } from '../core/types';
import { CodePane, type LineMark } from '../viz/code/CodePane';
import { deferred, firstViewShown } from '../viz/deferred';
import type { AnimationExportProps } from '../viz/export/AnimationExport';
import { renderPaneCanvas, sideBySide } from '../viz/export/paneFrames';
import type { LabManifest, Parsed, SnapshotBase } from './LabPage';
import { paneState, paneTitle } from './paneState';
import { Player } from './Player';
import { frameStep, TRAIL_STEPS, type Stepper, type Variant } from './simHooks';
import type { LabView } from './useLabView';
import { viewVariantLabel } from './urlState';
import { DivergenceJump, type FindDivergence } from './DivergenceJump';

/** What of the page's state the animation reads: shown variants, step, playback, the stepper's frames. */
export type AnimationView = Pick<
  LabView,
  | 'variants'
  | 'stepper'
  | 'view'
  | 'maxStep'
  | 'ready'
  | 'totals'
  | 'playing'
  | 'speed'
  | 'play'
  | 'onPause'
  | 'stepBy'
  | 'onScrub'
  | 'setSpeed'
  | 'onSmallConfig'
  | 'markers'
  | 'events'
  | 'marks'
  | 'nextEvent'
  | 'prevEvent'
  | 'toNextEvent'
  | 'toPrevEvent'
  | 'follow'
  | 'setFollow'
>;

export interface LabAnimationProps<S extends SnapshotBase> {
  lab: string;
  /** the page's state: shown variants, step, playback, the stepper's frames */
  view: AnimationView;
  /** each shown variant's snapshot at its frame, parsed with the lab's schema */
  snapshots: Partial<Record<Variant, Parsed<S>>>;
  /** the model's source (null while it loads), and its file as the code pane names it */
  source: string | null;
  fileName: string;
  animation: LabManifest<S>['animation'];
  /** the full runs failed: nothing to animate */
  failed: boolean;
  /** drawn at the right of the panel's heading (the view's share buttons) */
  headExtra?: ReactNode;
  /** side by side, the first divergence's search (default: the page's simulator) and the pair it compares first */
  divergence?: { find?: FindDivergence; pair?: readonly [Variant, Variant] };
}

const NO_TASKS: readonly TaskSnap[] = [];

/** The lab page's search for the first divergence: its simulator's worker, whichever is running. */
const simDivergence: FindDivergence = (runs, options) => getSim().divergence(runs, options);

/* the range export's controls (and the encoders they fetch on use) come after the first view */
const AnimationExport = deferred<AnimationExportProps>(
  () => import('../viz/export/AnimationExport').then((m) => m.AnimationExport),
  { what: 'the export', whenVisible: false },
  () => <div className="anim-export" aria-hidden="true" />,
);

/** The steps of the page's Perfetto trace: half before the step on screen, half after. */
export const PAGE_TRACE_STEPS = 20_000;

function lastLine(stepper: Stepper, v: Variant): number | null {
  const steps = stepper.frames[v]?.steps;
  return steps && steps.length ? steps[steps.length - 1].line : null;
}

/**
 * Where every task of a frame stands, as the model declares it (state,
 * function and source line, by task): what a test compares to tell two
 * panes' states apart, apart from their titles and clocks.
 */
export function taskDigest(tasks: readonly TaskSnap[]): string {
  return tasks.map((t) => `T${t.id}:${t.state}:${t.fn}:${t.line}`).join(' ');
}

/** What the view of a variant shows while it has no frame. */
export function paneWaitText(p: { failed: boolean }): string {
  return p.failed ? 'nothing to animate: the run failed' : 'simulating the first frame…';
}

export function LabAnimation<S extends SnapshotBase>({ lab, view: lv, snapshots, animation, failed, headExtra, ...p }: LabAnimationProps<S>) {
  const { variants, stepper } = lv;
  const step = lv.view.step;
  const side = variants.length > 1;
  const { follow, setFollow } = lv;
  /* the code pane follows the chosen one of the shown variants, by default the first */
  const followed: Variant = follow !== null && variants.includes(follow) ? follow : variants[0]!;
  /* the other line: the run the first divergence compared with, else the first other shown */
  const [against, setAgainst] = useState<Variant | null>(null);
  const other: Variant | null = side ? (variants.find((v) => v === against && v !== followed) ?? variants.find((v) => v !== followed) ?? null) : null;
  const tasks = snapshots[followed]?.snap?.tasks ?? NO_TASKS;
  const marks = useMemo<LineMark[]>(
    () =>
      tasks
        .filter((t) => t.state !== 'done' && t.line > 0)
        .map((t) => ({ line: t.line, label: `T${t.id}`, state: t.state })),
    [tasks],
  );

  const Pane = animation.Pane;

  /*
   * the runs are in (the headline), the step is the page's own (a moment named by the URL or the lesson is found) and
   * every pane holds its frame (or says why it cannot): the rest of the page may be fetched
   */
  const drawn =
    failed ||
    (lv.ready &&
      lv.view.at === undefined &&
      !stepper.busy &&
      variants.every((v) => (snapshots[v]?.snap && stepper.frames[v]) || snapshots[v]?.error));
  useEffect(() => {
    if (drawn) firstViewShown();
  }, [drawn]);

  /* the exports draw each shown variant's frame from the worker's open runs, off screen, side by side */
  const panesRef = useRef<HTMLDivElement>(null);
  const { params, seed } = lv.view;
  const { totals } = lv;
  const drawFrame = useCallback(
    async (at: number) => {
      const host = panesRef.current;
      if (!host) throw new Error('the animation is not on the page');
      const canvases = [];
      for (const v of variants) {
        const total = totals[v];
        const out = await getSim().frame({ lab, variant: v, params, seed }, frameStep(at, total), TRAIL_STEPS, total);
        const parsed = animation.parse(out.snapshot);
        if (!parsed.snap) throw new Error(parsed.error ?? `no snapshot of ${v} at step ${at}`);
        const width = host.querySelector<HTMLElement>(`[data-testid="anim-pane"][data-variant="${v}"]`)?.clientWidth ?? 600;
        const title = paneTitle(viewVariantLabel(v), out.step, at, total);
        const pane = <Pane snap={parsed.snap} variant={v} steps={out.steps} name={`${animation.paneName}-${v}`} title={title} />;
        canvases.push(await renderPaneCanvas(pane, host, width, title));
      }
      return sideBySide(canvases);
    },
    [lab, variants, params, seed, totals, animation, Pane],
  );
  const trace = useCallback(
    () =>
      getSim().trace(
        variants.map((v) => ({ lab, variant: v, params, seed })),
        { from: Math.max(0, step - PAGE_TRACE_STEPS / 2), max: PAGE_TRACE_STEPS },
      ),
    [lab, variants, params, seed, step],
  );

  return (
    <section className="panel anim-panel" aria-labelledby="anim-heading">
      <div className="panel-head">
        <h2 id="anim-heading">{animation.heading}</h2>
        <span className="muted" title="frames go on from the run kept open; a seek starts from its nearest checkpoint">
          space plays · ← → step · [ ] events
        </span>
        {headExtra}
      </div>
      <Player
        step={step}
        maxStep={lv.maxStep}
        playing={lv.playing}
        speed={lv.speed}
        busy={stepper.busy || !lv.ready}
        disabled={!lv.ready}
        onPlay={lv.play}
        onPause={lv.onPause}
        onStep={lv.stepBy}
        onSeek={lv.onScrub}
        onSpeed={lv.setSpeed}
        markers={lv.markers}
        events={lv.events}
        marks={lv.marks}
        nextEvent={lv.nextEvent}
        prevEvent={lv.prevEvent}
        onNextEvent={lv.toNextEvent}
        onPrevEvent={lv.toPrevEvent}
      />
      {side && (
        <DivergenceJump
          lab={lab}
          variants={variants}
          params={params}
          seed={seed}
          totals={totals}
          disabled={!lv.ready}
          find={p.divergence?.find ?? simDivergence}
          initialPair={p.divergence?.pair}
          onSeek={lv.onScrub}
          onPair={(a, b) => {
            setFollow(a);
            setAgainst(b);
          }}
        />
      )}
      <div className={`anim-grid${side ? ' side' : ''}`}>
        <div className={`queue-panes${side ? ' two' : ''}`} ref={panesRef} style={{ position: 'relative' }}>
          {variants.map((v) => {
            const parsed = snapshots[v];
            const frame = stepper.frames[v];
            const total = lv.totals[v];
            return (
              <div
                key={v}
                className="queue-pane"
                data-testid="anim-pane"
                data-variant={v}
                data-pane-state={frame ? paneState(frame.step, step, total) : 'pending'}
                data-frame-step={frame?.step}
                data-hash={frame?.hash}
                data-total={total}
                data-tasks={parsed?.snap ? taskDigest(parsed.snap.tasks) : undefined}
              >
                {parsed?.snap && frame ? (
                  <Pane
                    snap={parsed.snap}
                    variant={v}
                    steps={frame.steps}
                    name={`${animation.paneName}-${v}`}
                    title={paneTitle(viewVariantLabel(v), frame.step, step, total)}
                  />
                ) : parsed?.error ? (
                  <div className="banner error" data-testid="snapshot-error">
                    {parsed.error}
                  </div>
                ) : (
                  <div className="placeholder">{paneWaitText({ failed })}</div>
                )}
              </div>
            );
          })}
        </div>
        <div className="code-col">
          {side && (
            <div className="follow" role="radiogroup" aria-label="code pane follows">
              code follows:
              {variants.map((v) => (
                <label key={v} className="inline">
                  <input type="radio" name="follow" data-testid={`follow-${v}`} checked={followed === v} onChange={() => setFollow(v)} /> {v}
                </label>
              ))}
            </div>
          )}
          <CodePane
            source={p.source}
            fileName={p.fileName}
            activeLine={lastLine(stepper, followed)}
            activeLabel={side ? followed : 'executing'}
            secondaryLine={other ? lastLine(stepper, other) : null}
            secondaryLabel={other ?? undefined}
            marks={marks}
            height={side ? 300 : (animation.codeHeight ?? 520)}
          />
        </div>
      </div>
      <AnimationExport
        name={`${lab}-${variants.join('-')}`}
        step={step}
        maxStep={lv.maxStep}
        draw={drawFrame}
        trace={trace}
        disabled={!lv.ready}
      />
    </section>
  );
}
