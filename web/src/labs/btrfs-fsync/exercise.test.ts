import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runExercise } from '../../exercises/checker';
import { makeSkeleton } from '../../exercises/skeleton';
import type { ExerciseRunner, RunOutcome, RunRequest } from '../../exercises/types';
import { exercise, superBlockCheck } from './exercise';

const DIR = new URL('../../../../exercises/btrfs-fsync/', import.meta.url);
const solution = readFileSync(new URL('solution.c', DIR), 'utf8');

/** a runner whose runs end with @metrics (by seed and parameters), or as @fail says */
function fakeRunner(
  metrics: (req: RunRequest) => Record<string, number>,
  fail?: (req: RunRequest) => string | null,
): ExerciseRunner & { calls: RunRequest[] } {
  const calls: RunRequest[] = [];
  return {
    calls,
    async run(req): Promise<RunOutcome> {
      calls.push(req);
      const why = fail?.(req);
      if (why)
        return { ok: false, variant: req.variant, params: req.params, seed: req.seed, failure: 'invariant', message: why, step: 42 };
      return { ok: true, variant: req.variant, params: req.params, seed: req.seed, metrics: metrics(req), hash: '0' };
    },
  };
}

const check = superBlockCheck({
  configs: [
    { params: 'clients=16;cpus=4;runtime_ms=300', label: 'tree-log' },
    { params: 'clients=16;cpus=4;log=notreelog;runtime_ms=300', label: 'notreelog' },
  ],
  maxMsPerFsync: 0,
});

describe('the super-block check', () => {
  it('passes when no fsync waited past a super block, over every configuration and seed', async () => {
    const runner = fakeRunner(() => ({ flush_count: 500, wait_after_super_ms: 0, completed_waits: 0 }));
    const o = await check.evaluate({ runner, seeds: [1, 2, 3] });
    expect(o.pass).toBe(true);
    expect(runner.calls).toHaveLength(6);
    expect(runner.calls.every((c) => c.variant === 'yours')).toBe(true);
    expect(o.detail).toContain('3,000 fsyncs');
  });

  it('fails on the first run whose fsyncs slept through an unpin, naming its seed and configuration', async () => {
    const runner = fakeRunner((r) =>
      r.params.includes('notreelog') && r.seed === 2
        ? { flush_count: 430, wait_after_super_ms: 130, completed_waits: 69 }
        : { flush_count: 500, wait_after_super_ms: 0, completed_waits: 0 },
    );
    const o = await check.evaluate({ runner, seeds: [1, 2, 3] });
    expect(o.pass).toBe(false);
    expect(o.seed).toBe(2);
    expect(o.params).toBe('clients=16;cpus=4;log=notreelog;runtime_ms=300');
    expect(o.detail).toMatch(/at notreelog fsyncs waited 130 ms .*0\.302 ms per fsync over 430 fsyncs; 69 waits wanted COMPLETED/);
  });

  it('reports a run the model failed, with its step, rather than a measure', async () => {
    const runner = fakeRunner(
      () => ({ flush_count: 500, wait_after_super_ms: 0, completed_waits: 0 }),
      (r) => (r.seed === 3 ? 'invariant violated at step 42: fsync of task 3 returned' : null),
    );
    const o = await check.evaluate({ runner, seeds: [1, 3] });
    expect(o.pass).toBe(false);
    expect(o.seed).toBe(3);
    expect(o.step).toBe(42);
    expect(o.detail).toContain('fsync of task 3 returned');
  });

  it('refuses to pass a configuration where no fsync finished', async () => {
    const runner = fakeRunner(() => ({ flush_count: 0, wait_after_super_ms: 0, completed_waits: 0 }));
    const r = await runExercise({ ...exercise, checks: [check] }, runner, { seeds: [1] });
    expect(r.checks[0]!.outcome.pass).toBe(false);
    expect(r.checks[0]!.outcome.detail).toContain('no fsync finished');
  });
});

describe('the btrfs-fsync exercise files', () => {
  it('has a skeleton that is 5.11: COMPLETED at both waits, whatever the handle', () => {
    const sk = makeSkeleton(solution, 'solution.c');
    expect(sk.todos.map((t) => `${t.n}/${t.of}`)).toEqual(['1/2', '2/2']);
    expect(sk.text).not.toContain('in_fsync');
    expect(sk.text).not.toContain('TRANS_STATE_SUPER_COMMITTED');
    expect(sk.text.match(/return TRANS_STATE_COMPLETED;/g)).toHaveLength(2);
  });

  it('has three bugs, each applying once to the solution and naming a check of the exercise', () => {
    const { bugs } = JSON.parse(readFileSync(new URL('bugs.json', DIR), 'utf8')) as {
      bugs: { name: string; check: string; replace: [string, string][] }[];
    };
    const ids = exercise.checks.map((c) => c.id);
    expect(bugs).toHaveLength(3);
    for (const b of bugs) {
      expect(ids).toContain(b.check);
      for (const [from, to] of b.replace) {
        expect(solution.split(from)).toHaveLength(2);
        expect(to).not.toBe(from);
      }
    }
  });
});
