/**
 * Events on the scrubber: the steps of the kinds a lab marks (its commits,
 * lock handoffs, grace periods, shrinker calls), from each shown variant's
 * full run. Where the next and the previous event are from a step, and the
 * ticks the scrubber draws: at most one per pixel column, so that thousands
 * of events stay legible.
 */
import type { Mark, Marks } from '../core/types';
import type { Variant } from './simHooks';

/** A lab's marker kinds, each with the words a reader sees (e.g. commit_start: 'commit starts'). */
export type MarkerKinds = Readonly<Record<string, string>>;

/** Each shown variant's marked steps, in step order. */
export type VariantEvents = Partial<Record<Variant, readonly Mark[]>>;

/** The index of the first mark at a step after `step` in `marks` (sorted by step). */
function firstAfter(marks: readonly Mark[], step: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid]!.i <= step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The step of the first event after `step` in any shown variant, or null. */
export function nextEventStep(events: VariantEvents, step: number): number | null {
  let best: number | null = null;
  for (const marks of Object.values(events)) {
    if (!marks) continue;
    const m = marks[firstAfter(marks, step)];
    if (m && (best === null || m.i < best)) best = m.i;
  }
  return best;
}

/** The step of the last event before `step` in any shown variant, or null. */
export function prevEventStep(events: VariantEvents, step: number): number | null {
  let best: number | null = null;
  for (const marks of Object.values(events)) {
    if (!marks) continue;
    const m = marks[firstAfter(marks, step - 1) - 1];
    if (m && (best === null || m.i > best)) best = m.i;
  }
  return best;
}

/** One tick on the scrubber: the first event of its pixel column, and how many fall in it. */
export interface Tick {
  x: number;
  step: number;
  kind: string;
  count: number;
}

/**
 * The ticks of `marks` on a scrubber `width` pixels wide from step 1 to
 * `maxStep`: one per pixel column that holds an event, at the column's first.
 */
export function eventTicks(marks: readonly Mark[], maxStep: number, width: number): Tick[] {
  const cols = Math.max(1, Math.floor(width));
  const span = Math.max(1, maxStep - 1);
  const ticks: Tick[] = [];
  for (const m of marks) {
    if (m.i < 1 || m.i > maxStep) continue;
    const x = Math.round(((m.i - 1) / span) * (cols - 1));
    const last = ticks[ticks.length - 1];
    if (last && last.x === x) last.count++;
    else ticks.push({ x, step: m.i, kind: m.kind, count: 1 });
  }
  return ticks;
}

/** Each shown variant's events from its full run, only the kinds the page marks. */
export function variantEvents(
  variants: readonly Variant[],
  marks: Partial<Record<Variant, Marks | undefined>>,
  kinds: MarkerKinds,
): VariantEvents {
  const out: VariantEvents = {};
  for (const v of variants) {
    const m = marks[v];
    if (m) out[v] = m.marks.filter((x) => x.kind in kinds);
  }
  return out;
}

/** What the markers hold, in words: per variant, each kind's count, and where only every n-th is drawn. */
export function eventSummary(variant: Variant, marks: Marks | undefined, kinds: MarkerKinds): string {
  if (!marks) return '';
  const parts = marks.kinds
    .filter((k) => k.kind in kinds)
    .map((k) => `${k.total} ${kinds[k.kind]}${k.every > 1 ? ` (every ${k.every}th marked)` : ''}`);
  return `${variant}: ${parts.length ? parts.join(', ') : 'no events'}`;
}
