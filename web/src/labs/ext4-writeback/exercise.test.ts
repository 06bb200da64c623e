import { describe, expect, it } from 'vitest';
import type { ExerciseRunner, RunOutcome, RunRequest } from '../../exercises/types';
import { exercise, tradeoffCheck, tradeoffScore } from './exercise';

const after = { iops: 400, p99: 60_000 };

describe('tradeoffScore', () => {
  it('is 0 for after itself and for less IOPS', () => {
    expect(tradeoffScore(after, after, 0.03, 0.05).score).toBe(0);
    expect(tradeoffScore({ iops: 380, p99: 50_000 }, after, 0.03, 0.05).score).toBe(0);
  });
  it('gives the share of the target gained, capped at 1', () => {
    expect(tradeoffScore({ iops: 406, p99: 60_000 }, after, 0.03, 0.05).score).toBeCloseTo(0.5, 9);
    expect(tradeoffScore({ iops: 440, p99: 60_000 }, after, 0.03, 0.05).score).toBe(1);
  });
  it('takes p99Cost of the score per percent of p99 beyond after, and no credit for a shorter p99', () => {
    const r = tradeoffScore({ iops: 412, p99: 63_000 }, after, 0.03, 0.05);
    expect(r.p99Added).toBeCloseTo(0.05, 9);
    expect(r.score).toBeCloseTo(0.75, 9);
    expect(tradeoffScore({ iops: 412, p99: 75_000 }, after, 0.03, 0.05).score).toBe(0);
    expect(tradeoffScore({ iops: 412, p99: 30_000 }, after, 0.03, 0.05).score).toBe(1);
  });
});

/** A runner whose variants run at fixed points, yours' given per seed. */
function fakeRunner(yours: (seed: number) => { iops: number; p99: number } | string): ExerciseRunner & { reqs: RunRequest[] } {
  const reqs: RunRequest[] = [];
  return {
    reqs,
    async run(req: RunRequest): Promise<RunOutcome> {
      reqs.push(req);
      const base = { variant: req.variant, params: req.params, seed: req.seed };
      const p = req.variant === 'yours' ? yours(req.seed) : req.variant === 'after' ? after : { iops: 360, p99: 66_000 };
      if (typeof p === 'string') return { ok: false, ...base, failure: 'invariant', message: p, step: 7 };
      const metrics = { fsync_iops_per_s: p.iops, sync_write_p50_us: p.p99 / 2, sync_write_p99_us: p.p99 };
      return { ok: true, ...base, metrics, hash: '0' };
    },
  };
}

const check = tradeoffCheck({ params: 'jobs=16', label: 'test', target: 0.03, p99Cost: 0.05, pass: 0.5 });

describe('tradeoffCheck', () => {
  it('scores the means over the seeds and keeps every point for the chart', async () => {
    const runner = fakeRunner((seed) => ({ iops: seed === 1 ? 404 : 414, p99: 60_000 }));
    const o = await check.evaluate({ runner, seeds: [1, 2] });
    expect(o.score).toBeCloseTo(((409 / 400 - 1) / 0.03), 9);
    expect(o.pass).toBe(true);
    const points = (o.data as { points: { variant: string; seed: number; iops: number; latency_p50: number; latency_p99: number }[] }).points;
    expect(points).toHaveLength(6);
    expect(points.find((p) => p.variant === 'yours' && p.seed === 2)).toEqual({ variant: 'yours', seed: 2, iops: 414, latency_p50: 30_000, latency_p99: 60_000 });
    expect(new Set(runner.reqs.map((r) => r.variant))).toEqual(new Set(['yours', 'after', 'before']));
    expect(runner.reqs.every((r) => r.params === 'jobs=16' && !r.opts)).toBe(true);
  });
  it('fails below the threshold, naming the numbers', async () => {
    const o = await check.evaluate({ runner: fakeRunner(() => after), seeds: [1] });
    expect(o.pass).toBe(false);
    expect(o.score).toBe(0);
    expect(o.detail).toMatch(/yours 400 IOPS.*after 400.*before 360.*score 0 \(below 0.5\)/);
  });
  it('fails a run that broke an invariant with its seed and step, score 0', async () => {
    const o = await check.evaluate({ runner: fakeRunner((s) => (s === 2 ? 'fsync returned early' : after)), seeds: [1, 2] });
    expect(o).toMatchObject({ pass: false, score: 0, seed: 2, step: 7, variant: 'yours' });
    expect(o.detail).toContain('fsync returned early');
  });
});

describe('the exercise', () => {
  it('is open, runs the invariants with the checker on every event, and scores the tradeoff', () => {
    expect(exercise.open).toBe(true);
    expect(exercise.checks.map((c) => c.id)).toEqual(['invariants', 'tradeoff']);
  });
});
