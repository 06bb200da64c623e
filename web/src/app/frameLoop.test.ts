import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atNextFrame } from './frameLoop';

/* a stand-in for the browser's animation frames: frame() runs the callbacks asked for so far */
let callbacks = new Map<number, FrameRequestCallback>();
let next = 1;
function frame(now: number): void {
  const due = callbacks;
  callbacks = new Map();
  for (const cb of due.values()) cb(now);
}

beforeEach(() => {
  callbacks = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.set(next, cb);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

describe('atNextFrame', () => {
  it('runs the works queued for a frame in one animation frame, in their order, with its time', () => {
    const ran: string[] = [];
    atNextFrame((now) => ran.push(`clock ${now}`));
    atNextFrame((now) => ran.push(`frames ${now}`));
    expect(callbacks.size).toBe(1);
    frame(16);
    expect(ran).toEqual(['clock 16', 'frames 16']);
    frame(33);
    expect(ran).toHaveLength(2);
  });

  it('queues a work asked for during a frame for the next one', () => {
    const ran: number[] = [];
    const tick = (now: number) => {
      ran.push(now);
      if (ran.length < 3) atNextFrame(tick);
    };
    atNextFrame(tick);
    frame(1);
    frame(2);
    frame(3);
    frame(4);
    expect(ran).toEqual([1, 2, 3]);
  });

  it('takes a cancelled work off the queue, and the animation frame with the last one', () => {
    const ran: string[] = [];
    const cancelA = atNextFrame(() => ran.push('a'));
    const cancelB = atNextFrame(() => ran.push('b'));
    cancelA();
    expect(callbacks.size).toBe(1);
    cancelB();
    expect(callbacks.size).toBe(0);
    atNextFrame(() => ran.push('c'));
    frame(1);
    expect(ran).toEqual(['c']);
  });
});
