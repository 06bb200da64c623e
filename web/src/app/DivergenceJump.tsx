/**
 * "First divergence" over the animation: of two of the runs shown, the first
 * step where their events differ as the lab counts them (its LabFace's
 * divergence rule, core/divergence.ts, asked of the worker). The button, or
 * d, seeks there and says what each run does at it; both panes and both
 * runs' lines in the code pane show that step. With more than two runs shown
 * (the exercise page's before, after and yours) two selects choose the pair,
 * and the code pane follows the first and shows the second's line.
 */
import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { formatNumber } from '../../../lib/format';
import type { Divergence, DivergenceOptions } from '../core/divergence';
import type { FrameRun } from '../core/stepper';
import { usePlayerKeys } from './keyboard';
import type { Variant } from './simHooks';

/** The worker's search (SimClient's or the exercise page's divergence). */
export type FindDivergence = (runs: [FrameRun, FrameRun], options?: DivergenceOptions) => Promise<Divergence>;

export interface DivergenceJumpProps {
  lab: string;
  /** the runs shown, in their panes' order */
  variants: readonly Variant[];
  params: Record<string, number>;
  seed: number;
  /** each run's step total, for its checkpoints' spacing */
  totals: Partial<Record<Variant, number>>;
  disabled: boolean;
  /** the worker's search; a new function (a new build of the runs) forgets what was found */
  find: FindDivergence;
  onSeek(step: number): void;
  /** the pair chosen, when more than two runs are shown */
  onPair?(a: Variant, b: Variant): void;
  /** the pair compared at first (default: the first two shown) */
  initialPair?: readonly [Variant, Variant];
}

/** The pair compared: `wanted` where both are shown and differ, else the first two shown. */
export function pairOf(variants: readonly Variant[], wanted?: readonly [Variant, Variant]): [Variant, Variant] | null {
  if (wanted && wanted[0] !== wanted[1] && variants.includes(wanted[0]) && variants.includes(wanted[1])) return [wanted[0], wanted[1]];
  return variants.length >= 2 ? [variants[0]!, variants[1]!] : null;
}

/** What the search found, in a sentence. */
export function divergenceText(d: Divergence, pair: readonly [Variant, Variant]): string {
  if (!d.found) {
    if (d.why === 'same')
      return `no divergence: ${pair[0]} and ${pair[1]} do the same ${formatNumber(d.same)} events to their ends (steps ${formatNumber(d.walked[0])} and ${formatNumber(d.walked[1])})`;
    return `no divergence in the first ${formatNumber(d.maxSteps)} steps of each run (${formatNumber(d.same)} events the same); the search stops there`;
  }
  const sides = d.runs.map((r, k) => `${pair[k]} ${r.text}${r.step !== d.step && r.event ? ` (its step ${formatNumber(r.step)})` : ''}`);
  return `step ${formatNumber(d.step)}: ${sides.join('; ')}; ${formatNumber(d.same)} events the same before it`;
}

type Found = { key: string; divergence: Divergence } | { key: string; error: string } | { key: string; searching: true };

export function DivergenceJump(p: DivergenceJumpProps) {
  const { lab, variants, params, seed, totals, find, onSeek, onPair } = p;
  const [wanted, setWanted] = useState<readonly [Variant, Variant] | undefined>(p.initialPair);
  const pair = pairOf(variants, wanted);
  const key = pair ? JSON.stringify([lab, pair, params, seed]) : '';
  const [found, setFound] = useState<Found | null>(null);
  /* a new build of the runs: what was found is of the old one */
  useEffect(() => setFound(null), [find]);
  const current = found?.key === key ? found : null;

  const jump = useCallback(() => {
    if (!pair || p.disabled) return;
    if (current && 'divergence' in current) {
      if (current.divergence.found) onSeek(current.divergence.step);
      return;
    }
    if (current && 'searching' in current) return;
    if (variants.length > 2) onPair?.(pair[0], pair[1]);
    setFound({ key, searching: true });
    const runs = pair.map((variant) => ({ lab, variant, params, seed })) as [FrameRun, FrameRun];
    find(runs, { lengthHints: [totals[pair[0]], totals[pair[1]]] }).then(
      (divergence) => {
        setFound((f) => (f?.key === key ? { key, divergence } : f));
        if (divergence.found) onSeek(divergence.step);
      },
      (e: unknown) => setFound((f) => (f?.key === key ? { key, error: e instanceof Error ? e.message : String(e) } : f)),
    );
  }, [pair?.[0], pair?.[1], p.disabled, current, key, lab, params, seed, totals, find, onSeek, onPair, variants.length]);

  usePlayerKeys({ divergence: jump }, pair !== null);

  const text = useMemo(() => {
    if (!current || !pair) return 'the first step where the two runs’ events differ (d)';
    if ('searching' in current) return 'walking both runs…';
    if ('error' in current) return `the search failed: ${current.error}`;
    return divergenceText(current.divergence, pair);
  }, [current, pair?.[0], pair?.[1]]);

  if (!pair) return null;
  const d = current && 'divergence' in current ? current.divergence : null;
  const choose = (k: 0 | 1) => (e: ChangeEvent<HTMLSelectElement>) => {
    const next: [Variant, Variant] = [pair[0], pair[1]];
    next[k] = e.target.value;
    /* choosing the other one's run swaps them */
    if (next[0] === next[1]) next[1 - k] = pair[k];
    setWanted(next);
    onPair?.(next[0], next[1]);
  };
  return (
    <div className="divergence" data-testid="divergence">
      <button
        type="button"
        className="small"
        data-testid="divergence-jump"
        title="Seek to the first step where the two runs' events differ, as the lab counts them (d)"
        disabled={p.disabled || (current !== null && 'searching' in current)}
        onClick={jump}
      >
        ⇉ first divergence
      </button>
      {variants.length > 2 && (
        <span className="divergence-pair">
          of{' '}
          <select data-testid="divergence-a" aria-label="the first run compared" value={pair[0]} onChange={choose(0)}>
            {variants.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>{' '}
          and{' '}
          <select data-testid="divergence-b" aria-label="the second run compared" value={pair[1]} onChange={choose(1)}>
            {variants.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </span>
      )}
      <span
        className={`divergence-result${current && 'error' in current ? ' error' : ''}`}
        role="status"
        data-testid="divergence-result"
        data-found={d ? String(d.found) : undefined}
        data-step={d?.found ? d.step : undefined}
        data-steps={d?.found ? d.runs.map((r) => r.step).join(',') : undefined}
      >
        {text}
      </span>
    </div>
  );
}
