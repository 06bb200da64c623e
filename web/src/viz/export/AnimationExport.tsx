/**
 * The animation's own exports, beside its panes' SVG and PNG: a range of
 * steps as a WebM or GIF (animationExport.ts), with progress and cancel,
 * and a Chrome trace JSON of the runs around the current step for Perfetto.
 */
import { useRef, useState } from 'react';
import { ANIMATION_FRAMES_MAX, encodeAnimation, FPS_MAX, frameSteps, type AnimationFormat, type DrawFrame } from './animationExport';
import { downloadBlob } from './exportChart';

export interface AnimationExportProps {
  /** file names start with it */
  name: string;
  /** the step on screen: the range starts there */
  step: number;
  /** the last step of the longest shown run */
  maxStep: number;
  /** the frame of a step, as a canvas */
  draw: DrawFrame;
  /** the Chrome trace of the shown runs around the step on screen */
  trace: () => Promise<unknown>;
  disabled?: boolean;
}

const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5em', margin: '0.4em 0' } as const;
const NUMBER = { width: '6.5em' } as const;

type Busy = { what: 'video'; done: number; total: number } | { what: 'trace' } | null;

/** A number input's value, NaN when it is not a number (frameSteps() says what is allowed). */
const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

export function AnimationExport({ name, step, maxStep, draw, trace, disabled }: AnimationExportProps) {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [every, setEvery] = useState('1');
  const [fps, setFps] = useState('10');
  const [format, setFormat] = useState<AnimationFormat>('webm');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  /* until edited, the range is the 60 steps from the one on screen */
  const fromText = from ?? String(Math.max(1, Math.min(step, maxStep)));
  const toText = to ?? String(Math.min(maxStep, Math.max(1, step) + 59));
  const range = () => ({ from: numberOf(fromText), to: numberOf(toText), every: numberOf(every), fps: numberOf(fps), format });

  const onVideo = async () => {
    setError(null);
    let steps: number[];
    try {
      steps = frameSteps(range(), maxStep);
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ what: 'video', done: 0, total: steps.length });
    try {
      const blob = await encodeAnimation(range(), maxStep, draw, {
        signal: controller.signal,
        onProgress: (done, total) => setBusy({ what: 'video', done, total }),
      });
      downloadBlob(blob, `${name}-steps-${steps[0]}-${steps[steps.length - 1]}.${format}`);
    } catch (e) {
      if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
    } finally {
      abort.current = null;
      setBusy(null);
    }
  };

  const onTrace = async () => {
    setError(null);
    setBusy({ what: 'trace' });
    try {
      const json = await trace();
      downloadBlob(new Blob([JSON.stringify(json)], { type: 'application/json' }), `${name}-trace-step-${step}.json`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const off = disabled || busy !== null;
  return (
    <div className="anim-export" role="group" aria-label="export the animation" style={ROW}>
      <label className="inline">
        from step{' '}
        <input type="number" data-testid="anim-export-from" style={NUMBER} min={1} max={maxStep} value={fromText} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="inline">
        to{' '}
        <input type="number" data-testid="anim-export-to" style={NUMBER} min={1} max={maxStep} value={toText} onChange={(e) => setTo(e.target.value)} />
      </label>
      <label className="inline">
        every{' '}
        <input type="number" data-testid="anim-export-every" style={NUMBER} min={1} value={every} onChange={(e) => setEvery(e.target.value)} />
      </label>
      <label className="inline">
        fps <input type="number" data-testid="anim-export-fps" style={NUMBER} min={1} max={FPS_MAX} value={fps} onChange={(e) => setFps(e.target.value)} />
      </label>
      <select aria-label="video format" data-testid="anim-export-format" value={format} onChange={(e) => setFormat(e.target.value as AnimationFormat)}>
        <option value="webm">WebM</option>
        <option value="gif">GIF</option>
      </select>
      <button
        type="button"
        className="small"
        data-testid="anim-export-video"
        disabled={off}
        onClick={onVideo}
        title={`Download the range as a video, at most ${ANIMATION_FRAMES_MAX} frames`}
      >
        Video
      </button>
      <button
        type="button"
        className="small"
        data-testid="anim-export-trace"
        disabled={off}
        onClick={onTrace}
        title="Download the shown runs around this step as a Chrome trace JSON, for ui.perfetto.dev"
      >
        Perfetto trace
      </button>
      {busy?.what === 'video' && (
        <span data-testid="anim-export-progress" role="status">
          <progress max={busy.total} value={busy.done} /> frame {busy.done} of {busy.total}{' '}
          <button type="button" className="small" data-testid="anim-export-cancel" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </span>
      )}
      {busy?.what === 'trace' && <span role="status">simulating the trace…</span>}
      {error && (
        <span className="inline-error" data-testid="anim-export-error">
          {error}
        </span>
      )}
    </div>
  );
}
