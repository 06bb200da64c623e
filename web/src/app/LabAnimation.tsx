/**
 * The animation panel of a lab page: the player, the lab's own view of each
 * shown variant, and the model's source with the executing line and where
 * every task stands. Side by side, the code pane follows one of the two
 * variants and shows the other's line more quietly.
 */
import { useMemo } from 'react';
import type { TaskSnap } from '../core/types';
import { CodePane, type LineMark } from '../viz/code/CodePane';
import type { LabManifest, Parsed, SnapshotBase } from './LabPage';
import { paneState, paneTitle } from './paneState';
import { Player } from './Player';
import type { Stepper, Variant } from './simHooks';
import type { LabView } from './useLabView';
import { viewVariantLabel } from './urlState';

export interface LabAnimationProps<S extends SnapshotBase> {
  /** the page's state: shown variants, step, playback, the stepper's frames */
  view: Pick<
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
    | 'follow'
    | 'setFollow'
  >;
  /** each shown variant's snapshot at its frame, parsed with the lab's schema */
  snapshots: Partial<Record<Variant, Parsed<S>>>;
  /** the model's source, and its file as the code pane names it */
  source: string;
  fileName: string;
  animation: LabManifest<S>['animation'];
  /** the full runs failed: nothing to animate */
  failed: boolean;
}

const NO_TASKS: readonly TaskSnap[] = [];

function lastLine(stepper: Stepper, v: Variant): number | null {
  const steps = stepper.frames[v]?.steps;
  return steps && steps.length ? steps[steps.length - 1].line : null;
}

/** What the view of a variant shows while it has no frame. */
export function paneWaitText(p: { failed: boolean }): string {
  return p.failed ? 'nothing to animate: the run failed' : 'simulating the first frame…';
}

export function LabAnimation<S extends SnapshotBase>({ view: lv, snapshots, animation, failed, ...p }: LabAnimationProps<S>) {
  const { variants, stepper } = lv;
  const step = lv.view.step;
  const side = variants.length > 1;
  const { follow, setFollow } = lv;
  /* the code pane follows the chosen one of the shown variants, by default the first */
  const followed: Variant = follow !== null && variants.includes(follow) ? follow : variants[0]!;
  const other: Variant | null = side ? (variants.find((v) => v !== followed) ?? null) : null;
  const tasks = snapshots[followed]?.snap?.tasks ?? NO_TASKS;
  const marks = useMemo<LineMark[]>(
    () =>
      tasks
        .filter((t) => t.state !== 'done' && t.line > 0)
        .map((t) => ({ line: t.line, label: `T${t.id}`, state: t.state })),
    [tasks],
  );

  const Pane = animation.Pane;

  return (
    <section className="panel anim-panel" aria-labelledby="anim-heading">
      <div className="panel-head">
        <h2 id="anim-heading">{animation.heading}</h2>
        <span className="muted">space plays or pauses · ← → step · Home End first and last step · frames go on from the run kept open; a seek starts from its nearest checkpoint</span>
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
      />
      <div className={`anim-grid${side ? ' side' : ''}`}>
        <div className={`queue-panes${side ? ' two' : ''}`}>
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
    </section>
  );
}
