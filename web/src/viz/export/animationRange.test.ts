import { describe, expect, it } from 'vitest';
import { ANIMATION_FRAMES_MAX, frameSteps, frameTime, setWebmDuration, type AnimationRange } from './animationRange';

const range = (r: Partial<AnimationRange>): AnimationRange => ({ from: 1, to: 10, every: 1, fps: 10, format: 'webm', ...r });

describe('frameSteps', () => {
  it('takes every k-th step from the first up to the last', () => {
    expect(frameSteps(range({ from: 5, to: 15, every: 4 }), 100)).toEqual([5, 9, 13]);
    expect(frameSteps(range({ from: 7, to: 7 }), 7)).toEqual([7]);
  });
  it('holds at most ANIMATION_FRAMES_MAX frames', () => {
    expect(frameSteps(range({ to: ANIMATION_FRAMES_MAX }), 10_000)).toHaveLength(ANIMATION_FRAMES_MAX);
    expect(() => frameSteps(range({ to: ANIMATION_FRAMES_MAX + 1 }), 10_000)).toThrow(
      `${ANIMATION_FRAMES_MAX + 1} frames (steps 1 to ${ANIMATION_FRAMES_MAX + 1} every 1): at most ${ANIMATION_FRAMES_MAX}`,
    );
  });
  it('refuses a range the run does not have, naming the field and what it takes', () => {
    expect(() => frameSteps(range({ from: 0 }), 50)).toThrow('from step must be a whole number from 1 to 50, got 0');
    expect(() => frameSteps(range({ from: 20, to: 10 }), 50)).toThrow('to step must be a whole number from 20 to 50, got 10');
    expect(() => frameSteps(range({ to: 51 }), 50)).toThrow('to step must be a whole number from 1 to 50, got 51');
    expect(() => frameSteps(range({ every: 0 }), 50)).toThrow('every must be a whole number from 1 to 50, got 0');
    expect(() => frameSteps(range({ fps: 61 }), 50)).toThrow('fps must be a whole number from 1 to 60, got 61');
    expect(() => frameSteps(range({ fps: NaN }), 50)).toThrow('fps must be a whole number from 1 to 60, got NaN');
  });
});

describe('frameTime', () => {
  it('starts frame i at i / fps seconds, the durations adding up exactly', () => {
    expect(frameTime(0, 6)).toEqual({ timestamp: 0, duration: 166_667 });
    expect(frameTime(1, 6)).toEqual({ timestamp: 166_667, duration: 166_666 });
    let end = 0;
    for (let i = 0; i < 7; i++) {
      const t = frameTime(i, 7);
      expect(t.timestamp).toBe(end);
      end = t.timestamp + t.duration;
    }
    expect(end).toBe(1_000_000);
  });
});

describe('setWebmDuration', () => {
  /* the head of a file as webm-muxer writes it: EBML header, Segment, SeekHead void, Info with TimestampScale and Duration */
  const head = () =>
    Uint8Array.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x15, 0x49, 0xa9,
      0x66, 0x94, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x44, 0x89, 0x88, 0x40, 0x9c, 0xa4, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
  it("rewrites the Info's Duration, a float64 of milliseconds", () => {
    const file = head();
    setWebmDuration(file, 2000);
    expect(new DataView(file.buffer, 32, 8).getFloat64(0)).toBe(2000);
    expect([...file.subarray(0, 32)]).toEqual([...head().subarray(0, 32)]);
  });
  it('refuses a file without one', () => {
    expect(() => setWebmDuration(head().subarray(0, 30), 1)).toThrow('the WebM has no segment Duration in its first 4 KiB');
  });
});
