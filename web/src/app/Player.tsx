/** Play, pause, step and scrub through a deterministic run. */
import { formatNumber } from '../../../lib/format';

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
}

export function Player(p: PlayerProps) {
  const max = Math.max(1, p.maxStep);
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
      <input
        className="scrubber"
        type="range"
        data-testid="step-scrubber"
        aria-label="step"
        min={1}
        max={max}
        step={1}
        value={Math.min(p.step, max)}
        disabled={p.disabled}
        onChange={(e) => p.onSeek(Number(e.target.value))}
      />
      <span className="step-text">
        step <span data-testid="step-counter">{p.step}</span>
        <span className="muted"> / {formatNumber(max)}</span>
      </span>
      <span className={`busy-dot${p.busy ? ' on' : ''}`} aria-hidden="true" title="simulating" />
    </div>
  );
}
