/**
 * fast-commit's Chrome trace of a real run: a slice per fast commit, from
 * its commit_start to its own commit_end, and the waiters of s_fc_lock
 * counted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chromeTrace, TRACE_STEPS_MAX } from '../../core/chromeTrace';
import type { CompleteEvent, TraceFile } from '../../core/chromeTraceSchema';
import { loadEngine } from '../../core/node';
import type { RunOutput } from '../../core/types';

let trace: TraceFile;
let run: RunOutput;

beforeAll(async () => {
  const engine = await loadEngine();
  const info = engine.labs().find((l) => l.id === 'fast-commit')!;
  run = engine.run({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1, options: { traceMax: TRACE_STEPS_MAX } });
  trace = chromeTrace(info, [{ result: run.result, steps: run.steps.steps, snapshot: run.snapshot }]);
});

describe("fast-commit's trace", () => {
  it('draws every fast commit as one slice, ending at its own commit_end', () => {
    const steps = run.steps.steps;
    const commits = trace.traceEvents.filter((e): e is CompleteEvent => e.ph === 'X' && e.name === 'fast commit');
    const starts = steps.filter((s) => s.kind === 'commit_start').map((s) => s.i);
    expect(starts.length).toBeGreaterThan(0);
    expect(commits.map((s) => s.args.step).sort((x, y) => x - y)).toEqual(starts);
    for (const s of commits) {
      const end = steps.find((x) => x.i === s.args.end_step)!;
      expect(end.kind).toBe('commit_end');
      expect(end.task).toBe(s.args.task);
    }
  });

  it('counts the waiters of s_fc_lock', () => {
    const waiters = trace.traceEvents.filter((e) => e.ph === 'C' && e.name === 'waiters s_fc_lock');
    expect(Math.max(...waiters.map((e) => (e.args as { waiters: number }).waiters))).toBeGreaterThan(0);
  });
});
