/**
 * The animation panel of a lab page: the player, the lab's own view of each
 * shown variant, and the model's source with the executing line and where
 * every task stands. In side-by-side mode the code pane follows one variant
 * and shows the other's line more quietly.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';
import type { TaskSnap } from '../core/types';
import { CodePane, type LineMark } from '../viz/code/CodePane';
import { Player } from './Player';
import type { Stepper, Variant } from './simHooks';

export interface LabAnimationProps {
  heading: string;
  /** the model's file, as the code pane names it */
  fileName: string;
  source: string;
  variants: readonly Variant[];
  stepper: Stepper;
  /** every shown variant's tasks at its current frame (null while there is none) */
  tasks: Partial<Record<Variant, readonly TaskSnap[] | null>>;
  /** the lab's view of each shown variant, in the order of `variants` */
  panes: ReactNode;
  step: number;
  maxStep: number;
  ready: boolean;
  tooBig: boolean;
  totals: Partial<Record<Variant, number>>;
  maxAnimationSteps: number;
  playing: boolean;
  speed: number;
  onPlay(): void;
  onPause(): void;
  onStep(d: number): void;
  onSeek(s: number): void;
  onSpeed(s: number): void;
  onSmallConfig(): void;
  /** the code pane's height when one variant is shown */
  codeHeight?: number;
}

const NO_MARKS: LineMark[] = [];
const NO_TASKS: readonly TaskSnap[] = [];

function lastLine(stepper: Stepper, v: Variant): number | null {
  const steps = stepper.frames[v]?.steps;
  return steps && steps.length ? steps[steps.length - 1].line : null;
}

/** What the view of a variant shows while it has no frame. */
export function paneWaitText(p: { tooBig: boolean; failed: boolean }): string {
  return p.tooBig ? 'not animated' : p.failed ? 'nothing to animate: the run failed' : 'simulating the first frame…';
}

export function LabAnimation(p: LabAnimationProps) {
  const side = p.variants.length > 1;
  const [follow, setFollow] = useState<Variant>('before');
  const followed: Variant = side ? follow : p.variants[0];
  const other: Variant | null = side ? (followed === 'before' ? 'after' : 'before') : null;
  const tasks = p.tasks[followed] ?? NO_TASKS;
  const marks = useMemo<LineMark[]>(
    () =>
      tasks
        .filter((t) => t.state !== 'done' && t.line > 0)
        .map((t) => ({ line: t.line, label: `T${t.id}`, state: t.state })),
    [tasks],
  );

  const totalText = p.variants.map((v) => `${v}: ${formatNumber(p.totals[v] ?? 0)}`).join(', ');

  return (
    <section className="panel anim-panel" aria-labelledby="anim-heading">
      <div className="panel-head">
        <h2 id="anim-heading">{p.heading}</h2>
        <span className="muted">space plays or pauses · ← → step · every frame re-runs the deterministic simulation to its step</span>
      </div>
      {p.tooBig ? (
        <div className="banner warn" data-testid="anim-refused" role="status">
          This configuration runs {totalText} steps. The animation replays the simulation up to each frame
          and stops at {formatNumber(p.maxAnimationSteps)} steps, so it is not animated; the metrics,
          heatmap and table below still use it.{' '}
          <button type="button" className="small" onClick={p.onSmallConfig}>
            back to the small configuration
          </button>
        </div>
      ) : (
        <Player
          step={p.step}
          maxStep={p.maxStep}
          playing={p.playing}
          speed={p.speed}
          busy={p.stepper.busy || !p.ready}
          disabled={!p.ready}
          onPlay={p.onPlay}
          onPause={p.onPause}
          onStep={p.onStep}
          onSeek={p.onSeek}
          onSpeed={p.onSpeed}
        />
      )}
      <div className={`anim-grid${side ? ' side' : ''}`}>
        <div className={`queue-panes${side ? ' two' : ''}`}>{p.panes}</div>
        <div className="code-col">
          {side && (
            <div className="follow" role="radiogroup" aria-label="code pane follows">
              code follows:
              {(['before', 'after'] as const).map((v) => (
                <label key={v} className="inline">
                  <input type="radio" name="follow" checked={follow === v} onChange={() => setFollow(v)} /> {v}
                </label>
              ))}
            </div>
          )}
          <CodePane
            source={p.source}
            fileName={p.fileName}
            activeLine={p.tooBig ? null : lastLine(p.stepper, followed)}
            activeLabel={side ? followed : 'executing'}
            secondaryLine={other && !p.tooBig ? lastLine(p.stepper, other) : null}
            secondaryLabel={other ?? undefined}
            marks={p.tooBig ? NO_MARKS : marks}
            height={side ? 300 : (p.codeHeight ?? 520)}
          />
        </div>
      </div>
    </section>
  );
}
