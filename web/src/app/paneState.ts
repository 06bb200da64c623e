/** Where a side-by-side pane's frame stands against the player's step. */
import { formatNumber } from '../../../lib/format';

export type PaneState = 'current' | 'pending' | 'ended';

/**
 * Where a variant's frame stands against the player's step. Frames come
 * from the worker after the step has moved, so during playback a frame
 * lags the step for a moment: that is `pending`. The run has `ended` only
 * when its total is known, the step is past it, and the frame shows the
 * run's last step.
 */
export function paneState(frameStep: number, step: number, total: number | undefined): PaneState {
  const target = total === undefined ? step : Math.min(step, total);
  if (frameStep < target) return 'pending';
  if (total !== undefined && step > total) return 'ended';
  return 'current';
}

/** The title of a variant's pane: its name, the frame's step, and whether it waits or its run ended. */
export function paneTitle(label: string, frameStep: number, step: number, total: number | undefined): string {
  const state = paneState(frameStep, step, total);
  const note =
    state === 'ended'
      ? ` (run ended at step ${formatNumber(total ?? frameStep)})`
      : state === 'pending'
        ? ` (catching up to step ${formatNumber(total === undefined ? step : Math.min(step, total))}…)`
        : '';
  return `${label} · step ${formatNumber(frameStep)}${note}`;
}
