/** The animation panel: player, the queues of each variant and the model's source. */
import { formatNumber } from '../../../../lib/format';
import { LabAnimation, paneWaitText } from '../../app/LabAnimation';
import type { Stepper, Variant } from '../../app/simHooks';
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

export function Animation({ snapshots, failed, ...p }: AnimationProps) {
  const panes = p.variants.map((v) => {
    const parsed = snapshots[v];
    const frame = p.stepper.frames[v];
    return (
      <div key={v} className="queue-pane">
        {parsed?.snap && frame ? (
          <QueuesView
            snap={parsed.snap}
            variant={v}
            steps={frame.steps}
            name={`fast-commit-queues-${v}`}
            title={`${v} the patch · step ${formatNumber(frame.step)}${frame.step < p.step ? ' (run ended)' : ''}`}
          />
        ) : parsed?.error ? (
          <div className="banner error">{parsed.error}</div>
        ) : (
          <div className="placeholder">{paneWaitText({ tooBig: p.tooBig, failed })}</div>
        )}
      </div>
    );
  });
  const tasks = {
    before: snapshots.before?.snap?.tasks ?? null,
    after: snapshots.after?.snap?.tasks ?? null,
  };
  return (
    <LabAnimation
      {...p}
      heading="Watch the commit"
      fileName="wasm-core/labs/fast-commit.c"
      tasks={tasks}
      panes={panes}
    />
  );
}
