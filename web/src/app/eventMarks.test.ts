import { describe, expect, it } from 'vitest';
import type { Mark, Marks } from '../core/types';
import { eventSummary, eventTicks, nextEventStep, prevEventStep, variantEvents } from './eventMarks';

const mk = (i: number, kind = 'commit_start'): Mark => ({ i, t: i * 10, kind, a: 0, b: 0 });

describe('next and previous event', () => {
  const events = { before: [mk(5), mk(20), mk(40)], after: [mk(12), mk(40)] };

  it('go to the nearest event after or before the step, in any variant', () => {
    expect(nextEventStep(events, 1)).toBe(5);
    expect(nextEventStep(events, 5)).toBe(12);
    expect(nextEventStep(events, 12)).toBe(20);
    expect(nextEventStep(events, 39)).toBe(40);
    expect(nextEventStep(events, 40)).toBeNull();
    expect(prevEventStep(events, 40)).toBe(20);
    expect(prevEventStep(events, 13)).toBe(12);
    expect(prevEventStep(events, 5)).toBeNull();
    expect(prevEventStep(events, 1000)).toBe(40);
  });

  it('have nowhere to go without events', () => {
    expect(nextEventStep({}, 1)).toBeNull();
    expect(prevEventStep({ before: [] }, 9)).toBeNull();
  });
});

describe('eventTicks', () => {
  it('draws at most one tick per pixel column, at its first event, counting the rest', () => {
    const marks = Array.from({ length: 5000 }, (_, n) => mk(n + 1));
    const ticks = eventTicks(marks, 5000, 200);
    expect(ticks.length).toBe(200);
    expect(new Set(ticks.map((t) => t.x)).size).toBe(ticks.length);
    expect(ticks.reduce((a, t) => a + t.count, 0)).toBe(5000);
    expect(ticks[0]).toEqual({ x: 0, step: 1, kind: 'commit_start', count: expect.any(Number) });
    expect(ticks[ticks.length - 1]!.x).toBe(199);
  });

  it('places a tick where the scrubber has its step', () => {
    expect(eventTicks([mk(1), mk(51), mk(101)], 101, 101).map((t) => t.x)).toEqual([0, 50, 100]);
    expect(eventTicks([mk(200)], 101, 101)).toEqual([]);
  });
});

describe('variantEvents and eventSummary', () => {
  const marks: Marks = {
    max: 4096,
    kinds: [
      { kind: 'commit_start', total: 3, kept: 3, every: 1 },
      { kind: 'lock', total: 9000, kept: 2250, every: 4 },
    ],
    marks: [mk(1), mk(2, 'lock'), mk(3)],
  };
  it('keep the kinds the page marks, and say when only every n-th is marked', () => {
    const kinds = { commit_start: 'commits', lock: 'lock handoffs' };
    expect(variantEvents(['before', 'after'], { before: marks }, { commit_start: 'commits' })).toEqual({ before: [mk(1), mk(3)] });
    expect(eventSummary('before', marks, kinds)).toBe('before: 3 commits, 9000 lock handoffs (every 4th marked)');
  });
});
