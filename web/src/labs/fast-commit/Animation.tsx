/** The animation panel: player, the queues of each variant and the model's source. */
import { useMemo, useState } from 'react';
import { Player } from '../../app/Player';
import { formatCount } from '../../app/formatCount';
import type { Stepper, Variant } from '../../app/simHooks';
import { CodePane, type LineMark } from '../../viz/code/CodePane';
import { QueuesView } from '../../viz/queues/QueuesView';
import type { ParsedSnapshots } from './index';

export interface AnimationProps {
  variants: readonly Variant[];
  stepper: Stepper;
  snapshots: ParsedSnapshots;
  source: string;
  step: number;
  maxStep: number;
  ready: boolean;
  tooBig: boolean;
  /** the full runs failed: nothing to animate */
  failed: boolean;
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
}

const NO_MARKS: LineMark[] = [];

function lastLine(stepper: Stepper, v: Variant): number | null {
  const steps = stepper.frames[v]?.steps;
  return steps && steps.length ? steps[steps.length - 1].line : null;
}

export function Animation(p: AnimationProps) {
  const side = p.variants.length > 1;
  const [follow, setFollow] = useState<Variant>('before');
  const followed: Variant = side ? follow : p.variants[0];
  const other: Variant | null = side ? (followed === 'before' ? 'after' : 'before') : null;
  const snap = p.snapshots[followed]?.snap ?? null;
  const marks = useMemo<LineMark[]>(
    () =>
      (snap?.tasks ?? [])
        .filter((t) => t.state !== 'done' && t.line > 0)
        .map((t) => ({ line: t.line, label: `T${t.id}`, state: t.state })),
    [snap],
  );

  const queues = p.variants.map((v) => {
    const parsed = p.snapshots[v];
    const frame = p.stepper.frames[v];
    return (
      <div key={v} className="queue-pane">
        {parsed?.snap && frame ? (
          <QueuesView
            snap={parsed.snap}
            variant={v}
            steps={frame.steps}
            name={`fast-commit-queues-${v}`}
            title={`${v} the patch · step ${formatCount(frame.step)}${frame.step < p.step ? ' (run ended)' : ''}`}
          />
        ) : parsed?.error ? (
          <div className="banner error">{parsed.error}</div>
        ) : (
          <div className="placeholder">
            {p.tooBig ? 'not animated' : p.failed ? 'nothing to animate: the run failed' : 'simulating the first frame…'}
          </div>
        )}
      </div>
    );
  });

  const totalText = p.variants
    .map((v) => `${v}: ${formatCount(p.totals[v] ?? 0)}`)
    .join(', ');

  return (
    <section className="panel anim-panel" aria-labelledby="anim-heading">
      <div className="panel-head">
        <h2 id="anim-heading">Watch the commit</h2>
        <span className="muted">space plays or pauses · ← → step · every frame re-runs the deterministic simulation to its step</span>
      </div>
      {p.tooBig ? (
        <div className="banner warn" data-testid="anim-refused" role="status">
          This configuration runs {totalText} steps. The animation replays the simulation up to each frame
          and stops at {formatCount(p.maxAnimationSteps)} steps, so it is not animated; the metrics,
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
        <div className={`queue-panes${side ? ' two' : ''}`}>{queues}</div>
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
            fileName="wasm-core/labs/fast-commit.c"
            activeLine={p.tooBig ? null : lastLine(p.stepper, followed)}
            activeLabel={side ? followed : 'executing'}
            secondaryLine={other && !p.tooBig ? lastLine(p.stepper, other) : null}
            secondaryLabel={other ?? undefined}
            marks={p.tooBig ? NO_MARKS : marks}
            height={side ? 300 : 520}
          />
        </div>
      </div>
    </section>
  );
}
