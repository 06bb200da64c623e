/**
 * An animation range as a video: the steps of the range, each drawn to a
 * canvas by the caller, encoded as WebM (WebCodecs' VideoEncoder, VP8 or
 * VP9, muxed by webm-muxer with each frame's exact timestamp) or as an
 * animated GIF (gifenc, a palette per frame). The two encoders are fetched
 * when an export starts, not with the page.
 */
import { frameSteps, frameTime, setWebmDuration, type AnimationRange } from './animationRange';

export { ANIMATION_FRAMES_MAX, FPS_MAX, frameSteps, type AnimationFormat, type AnimationRange } from './animationRange';

/** The WebM codecs tried, first first: WebCodecs' name and the Matroska codec id. */
const WEBM_CODECS = [
  { codec: 'vp8', matroska: 'V_VP8' },
  { codec: 'vp09.00.10.08', matroska: 'V_VP9' },
] as const;

/**
 * The first WebM codec this browser's VideoEncoder takes at this size, or
 * null (with why) when it has none: WebCodecs needs a secure context.
 */
export async function webmCodec(width: number, height: number, fps: number): Promise<(typeof WEBM_CODECS)[number] | string> {
  if (typeof VideoEncoder === 'undefined')
    return 'this browser has no WebCodecs VideoEncoder (it needs a secure context: https or localhost)';
  for (const c of WEBM_CODECS) {
    const { supported } = await VideoEncoder.isConfigSupported(encoderConfig(c.codec, width, height, fps));
    if (supported) return c;
  }
  return `this browser's VideoEncoder encodes neither VP8 nor VP9 at ${width}x${height}`;
}

function encoderConfig(codec: string, width: number, height: number, fps: number): VideoEncoderConfig {
  return { codec, width, height, framerate: fps, bitrate: Math.max(500_000, width * height * fps * 0.2) };
}

export interface EncodeOptions {
  /** called after each frame is drawn and handed to the encoder */
  onProgress?: (done: number, total: number) => void;
  /** stops the export between two frames; the promise then rejects with its reason */
  signal?: AbortSignal;
}

/** Draws the frame of one step: a canvas of any size (the first frame's size is the file's). */
export type DrawFrame = (step: number) => Promise<HTMLCanvasElement>;

/**
 * Draws every step of `range` with `draw` and encodes the frames. The file
 * is the first frame's size (rounded up to even pixels, as VP8 and VP9 want);
 * later frames are drawn at its top left on white.
 */
export async function encodeAnimation(range: AnimationRange, maxStep: number, draw: DrawFrame, options: EncodeOptions = {}): Promise<Blob> {
  const steps = frameSteps(range, maxStep);
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const first = await draw(steps[0]!);
  const width = first.width + (first.width % 2);
  const height = first.height + (first.height % 2);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: range.format === 'gif' });
  if (!ctx) throw new Error('no 2d canvas context');
  const sink = range.format === 'webm' ? await webmSink(width, height, range.fps) : await gifSink(width, height, range.fps);
  try {
    for (let i = 0; i < steps.length; i++) {
      signal?.throwIfAborted();
      const frame = i === 0 ? first : await draw(steps[i]!);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(frame, 0, 0);
      await sink.add(canvas, ctx, i);
      onProgress?.(i + 1, steps.length);
    }
    signal?.throwIfAborted();
    return await sink.finish();
  } finally {
    sink.close();
  }
}

interface Sink {
  add(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, i: number): Promise<void>;
  finish(): Promise<Blob>;
  close(): void;
}

async function webmSink(width: number, height: number, fps: number): Promise<Sink> {
  const codec = await webmCodec(width, height, fps);
  if (typeof codec === 'string') throw new Error(codec);
  const { ArrayBufferTarget, Muxer } = await import('webm-muxer');
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: codec.matroska, width, height, frameRate: fps },
  });
  let failure: unknown = null;
  let frames = 0;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    error: (e) => {
      failure = e;
    },
  });
  encoder.configure(encoderConfig(codec.codec, width, height, fps));
  const check = () => {
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  };
  return {
    async add(canvas, _ctx, i) {
      check();
      const frame = new VideoFrame(canvas, frameTime(i, fps));
      /* a key frame every two seconds, so that a player can seek */
      encoder.encode(frame, { keyFrame: i % (2 * fps) === 0 });
      frame.close();
      frames = i + 1;
      while (encoder.encodeQueueSize > 2) await new Promise((r) => setTimeout(r, 5));
    },
    async finish() {
      await encoder.flush();
      check();
      muxer.finalize();
      const file = new Uint8Array(muxer.target.buffer);
      /* the last frame is shown for its own duration too: the file lasts frames / fps */
      const last = frameTime(frames - 1, fps);
      setWebmDuration(file, (last.timestamp + last.duration) / 1000);
      return new Blob([file], { type: 'video/webm' });
    },
    close() {
      if (encoder.state !== 'closed') encoder.close();
    },
  };
}

async function gifSink(width: number, height: number, fps: number): Promise<Sink> {
  const { applyPalette, GIFEncoder, quantize } = await import('gifenc');
  const gif = GIFEncoder();
  return {
    async add(_canvas, ctx) {
      const { data } = ctx.getImageData(0, 0, width, height);
      const palette = quantize(data, 256);
      gif.writeFrame(applyPalette(data, palette), width, height, { palette, delay: 1000 / fps });
      /* let the page paint its progress */
      await new Promise((r) => setTimeout(r, 0));
    },
    async finish() {
      gif.finish();
      return new Blob([gif.bytes().slice()], { type: 'image/gif' });
    },
    close() {},
  };
}
