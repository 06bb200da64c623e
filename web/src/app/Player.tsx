/** Play, pause, step and scrub through a deterministic run, and go from event to event. */
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { formatNumber } from '../../../lib/format';
import type { Marks } from '../core/types';
import { eventSummary, eventTicks, type MarkerKinds, type VariantEvents } from './eventMarks';

export const SPEEDS = [1, 2, 5, 10, 25, 60, 200, 1000, 5000] as const;

export interface PlayerProps {
  step: number;
  maxStep: number;
  playing: boolean;
  speed: number;
  busy: boolean;
  disabled?: boolean;
  onPlay(): void;
  onPause(): void;
  onStep(delta: number): void;
  onSeek(step: number): void;
  onSpeed(speed: number): void;
  /** the kinds marked as events, with their words; none: no event controls */
  markers?: MarkerKinds;
  /** each shown variant's events, drawn as ticks under the scrubber, a row per variant */
  events?: VariantEvents;
  /** each shown variant's marks as its run gave them (per kind: totals, thinning) */
  marks?: Partial<Record<string, Marks>>;
  nextEvent?: number | null;
  prevEvent?: number | null;
  onNextEvent?(): void;
  onPrevEvent?(): void;
}

/* the range input's thumb: the first and last step sit half a thumb in from its ends */
const THUMB_PX = 16;
const ROW_PX = 5;

/**
 * The value the scrubber shows for `step`. While playing, the step of the
 * thumb's pixel column: on a long run the thumb moves a pixel in thousands of
 * steps, and setting a range input's value at every frame costs Chromium a
 * millisecond or so for nothing to see. Paused, or on a run shorter than the
 * scrubber is wide, the step itself.
 */
export function scrubberValue(step: number, maxStep: number, widthPx: number, playing: boolean): number {
  const value = Math.min(step, maxStep);
  const perPx = (maxStep - 1) / Math.max(1, widthPx - THUMB_PX);
  if (!playing || perPx <= 1) return value;
  return Math.max(1, Math.min(maxStep, 1 + Math.round(Math.round((value - 1) / perPx) * perPx)));
}

/** The scrubber's width in pixels, followed as the page resizes. */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The events of each variant as ticks, at most one per pixel column, a row
 * per variant. Memoized: a run's events do not change while it plays, and a
 * long run has a tick in every column.
 */
const EventTicks = memo(function EventTicks(p: { events: VariantEvents; kinds: readonly string[]; maxStep: number; width: number; label: string }) {
  const rows = Object.entries(p.events);
  const inner = Math.max(1, Math.floor(p.width - THUMB_PX));
  return (
    <svg
      className="event-ticks"
      data-testid="event-ticks"
      role="img"
      aria-label={p.label}
      width={p.width}
      height={rows.length * ROW_PX}
    >
      <title>{p.label}</title>
      {rows.map(([variant, marks], r) => (
        <g key={variant} data-variant={variant} transform={`translate(${THUMB_PX / 2}, ${r * ROW_PX})`}>
          {eventTicks(marks ?? [], p.maxStep, inner).map((t) => (
            <rect
              key={t.x}
              className={`event-tick k${p.kinds.indexOf(t.kind) % 6}`}
              data-testid="event-tick"
              data-step={t.step}
              data-kind={t.kind}
              data-count={t.count}
              x={t.x}
              y={0}
              width={1}
              height={ROW_PX - 1}
            />
          ))}
        </g>
      ))}
    </svg>
  );
});

const NO_MARKERS: MarkerKinds = {};

export function Player(p: PlayerProps) {
  const max = Math.max(1, p.maxStep);
  const [scrubRef, scrubWidth] = useWidth<HTMLDivElement>();
  const markers = p.markers ?? NO_MARKERS;
  const kinds = useMemo(() => Object.keys(markers), [markers]);
  const hasEvents = kinds.length > 0;
  const { events, marks } = p;
  const label = useMemo(
    () =>
      kinds.length > 0
        ? `events on the scrubber: ${Object.keys(events ?? {})
            .map((v) => eventSummary(v, marks?.[v], markers))
            .join('; ')}`
        : '',
    [kinds, events, marks, markers],
  );
  return (
    <div className="player" data-player-keys="">
      <button
        type="button"
        data-testid="step-back"
        aria-label="step back"
        title="Step back (←)"
        disabled={p.disabled || p.step <= 1}
        onClick={() => p.onStep(-1)}
      >
        ◀︎
      </button>
      {p.playing ? (
        <button type="button" className="primary" data-testid="pause" aria-label="pause" title="Pause (space)" onClick={p.onPause}>
          ❚❚ pause
        </button>
      ) : p.step >= max ? (
        <button
          type="button"
          className="primary"
          data-testid="play"
          aria-label="replay from the first step"
          title="Replay from the first step (space)"
          disabled={p.disabled}
          onClick={p.onPlay}
        >
          ↺ replay
        </button>
      ) : (
        <button type="button" className="primary" data-testid="play" aria-label="play" title="Play (space)" disabled={p.disabled} onClick={p.onPlay}>
          ▶︎ play
        </button>
      )}
      <button
        type="button"
        data-testid="step-forward"
        aria-label="step forward"
        title="Step forward (→)"
        disabled={p.disabled || p.step >= max}
        onClick={() => p.onStep(1)}
      >
        ▶︎
      </button>
      <label className="inline speed" title="Steps per second while playing; slower frames are skipped, never queued">
        speed
        <select data-testid="speed" value={p.speed} onChange={(e) => p.onSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}/s
            </option>
          ))}
        </select>
      </label>
      {hasEvents && (
        <button
          type="button"
          data-testid="prev-event"
          aria-label="previous event"
          title="Previous event ([)"
          disabled={p.disabled || p.prevEvent == null}
          onClick={p.onPrevEvent}
        >
          ⇤
        </button>
      )}
      <div className="scrubber" ref={scrubRef}>
        <input
          type="range"
          data-testid="step-scrubber"
          aria-label="step"
          min={1}
          max={max}
          step={1}
          value={scrubberValue(p.step, max, scrubWidth, p.playing)}
          disabled={p.disabled}
          onChange={(e) => p.onSeek(Number(e.target.value))}
        />
        {hasEvents && p.events && scrubWidth > 0 && (
          <EventTicks events={p.events} kinds={kinds} maxStep={max} width={scrubWidth} label={label} />
        )}
      </div>
      {hasEvents && (
        <button
          type="button"
          data-testid="next-event"
          aria-label="next event"
          title="Next event (])"
          disabled={p.disabled || p.nextEvent == null}
          onClick={p.onNextEvent}
        >
          ⇥
        </button>
      )}
      <span className="step-text">
        step <span data-testid="step-counter">{p.step}</span>
        <span className="muted"> / {formatNumber(max)}</span>
      </span>
      <span className={`busy-dot${p.busy ? ' on' : ''}`} aria-hidden="true" title="simulating" />
    </div>
  );
}
