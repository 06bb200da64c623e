/**
 * An animation range and its frames: which steps are drawn, and when each
 * frame is shown. Pure, so that it is tested without a browser.
 */
export type AnimationFormat = 'webm' | 'gif';

export interface AnimationRange {
  /** the first step drawn */
  from: number;
  /** the last step drawn, if the stride lands on it */
  to: number;
  /** steps from one frame to the next */
  every: number;
  /** frames per second of the file */
  fps: number;
  format: AnimationFormat;
}

/** The most frames an export draws: each is a frame from the worker and a rasterized SVG. */
export const ANIMATION_FRAMES_MAX = 600;
export const FPS_MAX = 60;

/**
 * The steps of a range's frames, `from`, `from + every`, ... up to `to`.
 * A range that the run does not have, or with more than
 * ANIMATION_FRAMES_MAX frames, is refused with what is allowed.
 */
export function frameSteps(range: AnimationRange, maxStep: number): number[] {
  const whole = (name: string, v: number, min: number, max: number) => {
    if (!Number.isSafeInteger(v) || v < min || v > max) throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${v}`);
  };
  whole('from step', range.from, 1, maxStep);
  whole('to step', range.to, range.from, maxStep);
  whole('every', range.every, 1, maxStep);
  whole('fps', range.fps, 1, FPS_MAX);
  const count = Math.floor((range.to - range.from) / range.every) + 1;
  if (count > ANIMATION_FRAMES_MAX)
    throw new RangeError(
      `${count} frames (steps ${range.from} to ${range.to} every ${range.every}): at most ${ANIMATION_FRAMES_MAX}; take a larger stride or a shorter range`,
    );
  return Array.from({ length: count }, (_, i) => range.from + i * range.every);
}

/** A frame's timestamp and duration in microseconds: frame i starts at i / fps seconds, rounded to the microsecond. */
export function frameTime(i: number, fps: number): { timestamp: number; duration: number } {
  const timestamp = Math.round((i * 1e6) / fps);
  return { timestamp, duration: Math.round(((i + 1) * 1e6) / fps) - timestamp };
}

/* EBML ids (Matroska): the segment's Info, and its Duration in TimestampScale units (webm-muxer's: 1 ms) */
const EBML_INFO = [0x15, 0x49, 0xa9, 0x66];
const EBML_DURATION_FLOAT64 = [0x44, 0x89, 0x88];

/**
 * Set a WebM's segment Duration to `ms` in place. webm-muxer writes the
 * start of the last frame there, one frame short of the length the frames
 * are shown for, which is what a player reports as the video's duration.
 */
export function setWebmDuration(file: Uint8Array, ms: number): void {
  const find = (id: readonly number[], from: number) => {
    for (let i = from; i + id.length <= Math.min(file.length, 4096); i++) if (id.every((b, k) => file[i + k] === b)) return i;
    return -1;
  };
  const info = find(EBML_INFO, 0);
  const at = info < 0 ? -1 : find(EBML_DURATION_FLOAT64, info);
  if (at < 0 || at + 11 > file.length) throw new Error('the WebM has no segment Duration in its first 4 KiB');
  new DataView(file.buffer, file.byteOffset + at + 3, 8).setFloat64(0, ms);
}
