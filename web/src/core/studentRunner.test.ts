import { describe, expect, it } from 'vitest';
import { StudentRunner, type BuildReply, type RunRequest, type SimBuild } from './studentRunner';

const LAB = [
  {
    id: 'toy',
    title: 'a toy',
    variants: ['before', 'after', 'yours'],
    source: 'toy.c',
    steps: [
      { kind: 'take', a: 'ino', b: null },
      { kind: 'drop', a: null, b: null },
    ],
  },
];

const RESULT = { lab: 'toy', variant: 'yours', seed: 1, params: {}, metrics: { ops: 12.5 }, metric_info: [], sim: { events: 3, steps: 9, end_ns: 10, halted: false, mem_bytes: 1, hash: '0123456789abcdef' }, cpus: 1 };

const error = (status: number, message: string, step: number | null = null, check: string | null = null): BuildReply => ({
  kind: 'error',
  error: JSON.stringify({ status, message, step, check, param: null, params: [] }),
});

const json = (v: unknown): BuildReply => ({ kind: 'json', json: JSON.stringify(v) });

/** A build that answers each run with the next of @replies, and records what it was asked. */
function fakeBuild(replies: BuildReply[], labs: BuildReply = json(LAB)) {
  const calls: { req: RunRequest; output: string }[] = [];
  let labCalls = 0;
  const build: SimBuild = {
    run: (_lab, req, output) => {
      calls.push({ req, output });
      const r = replies.shift();
      if (!r) throw new Error('more runs than replies');
      return Promise.resolve(r);
    },
    labs: () => {
      labCalls++;
      return Promise.resolve(labs);
    },
  };
  return { build, calls, labCalls: () => labCalls };
}

const REQ = { variant: 'yours', params: 'ways=4', seed: 7, opts: 'check_every=1' };

describe('StudentRunner', () => {
  it("reads a run's metrics and hash", async () => {
    const { build } = fakeBuild([json(RESULT)]);
    expect(await new StudentRunner(build, 'toy').run(REQ)).toEqual({ ok: true, variant: 'yours', params: 'ways=4', seed: 7, metrics: { ops: 12.5 }, hash: '0123456789abcdef' });
  });

  it("classifies a failure by its jc_status, never by its message's words", async () => {
    const misleading = 'invariant violated at step 5 in yours_thing() returned a budget';
    const cases: [number, string][] = [
      [1, 'invalid'],
      [2, 'budget'],
      [3, 'invariant'],
    ];
    for (const [status, failure] of cases) {
      const { build } = fakeBuild([error(status, misleading), json({ from: 1, total: 0, steps: [] })]);
      const o = await new StudentRunner(build, 'toy').run(REQ);
      expect(o).toMatchObject({ ok: false, failure, message: misleading });
    }
  });

  it("gives a model's failure with its step, the check that refused it and the steps before it, with their arguments named", async () => {
    const steps = {
      from: 28,
      total: 2,
      steps: [
        { i: 28, t: 1500, cpu: 0, task: 2, line: 40, kind: 'take', a: 7, b: 0 },
        { i: 29, t: 2250, cpu: 1, task: 3, line: 44, kind: 'drop', a: 0, b: 0 },
      ],
    };
    const { build, calls } = fakeBuild([error(3, 'yours_pick() returned inode 9 for inode 7', 40, 'yours_pick'), json(steps)]);
    const o = await new StudentRunner(build, 'toy').run(REQ);
    expect(o).toEqual({
      ok: false,
      variant: 'yours',
      params: 'ways=4',
      seed: 7,
      failure: 'invariant',
      message: 'yours_pick() returned inode 9 for inode 7',
      step: 40,
      refusedBy: 'yours_pick',
      lastSteps: ['step 28  1.500 us  cpu 0  task 2  take (ino 7)  line 40', 'step 29  2.250 us  cpu 1  task 3  drop  line 44'],
    });
    // the same run stopped just before the failing step, recording the 12 steps before it
    expect(calls[1]).toEqual({ req: { ...REQ, opts: 'stop_step=39;trace_from=28;trace_max=12' }, output: 'steps' });
  });

  it("gives a budget's step and name without the steps before it", async () => {
    const { build, calls } = fakeBuild([error(2, 'event budget of 10 events exceeded', 114, 'max_events')]);
    const o = await new StudentRunner(build, 'toy').run(REQ);
    expect(o).toMatchObject({ ok: false, failure: 'budget', step: 114, refusedBy: 'max_events' });
    expect(o.ok || o.lastSteps).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('passes on how the program died', async () => {
    const { build } = fakeBuild([{ kind: 'died', failure: 'timeout', message: 'past its time limit' }]);
    expect(await new StudentRunner(build, 'toy').run(REQ)).toMatchObject({ ok: false, failure: 'timeout', message: 'past its time limit' });
  });

  it('calls output it cannot read a crash, naming what was wrong with it', async () => {
    const cut = fakeBuild([{ kind: 'json', json: '{"metrics":{"ops":1' }]);
    const o1 = await new StudentRunner(cut.build, 'toy').run(REQ);
    expect(o1).toMatchObject({ ok: false, failure: 'crash' });
    expect(!o1.ok && o1.message).toMatch(/^the run printed no result \(its output was cut or corrupted\): jc_result_json\(\) is not JSON/);
    const odd = fakeBuild([{ kind: 'error', error: '{"status":7,"message":"?"}' }]);
    const o2 = await new StudentRunner(odd.build, 'toy').run(REQ);
    expect(o2).toMatchObject({ ok: false, failure: 'crash' });
    expect(!o2.ok && o2.message).toMatch(/^the run failed and its error could not be read: jc_last_error_json\(\) is not the JSON it should write: .*status: Too big/);
  });

  it('leaves the steps out when they cannot be had, and reads the step kinds once', async () => {
    const { build, labCalls } = fakeBuild([
      error(3, 'invariant violated at step 5', 5, 'invariants'),
      { kind: 'died', failure: 'crash', message: 'trap' },
      error(3, 'invariant violated at step 6', 6, 'invariants'),
      json({ from: 1, total: 1, steps: [{ i: 5, t: 0, cpu: 0, task: 0, line: 1, kind: 'take', a: 1, b: 0 }] }),
      error(3, 'invariant violated at step 1', 1, 'invariants'),
    ]);
    const runner = new StudentRunner(build, 'toy');
    const o1 = await runner.run(REQ);
    expect(o1).toMatchObject({ failure: 'invariant', step: 5 });
    expect(!o1.ok && o1.lastSteps).toBeUndefined();
    const o2 = await runner.run(REQ);
    expect(!o2.ok && o2.lastSteps).toEqual(['step 5  0.000 us  cpu 0  task 0  take (ino 1)  line 1']);
    // at the first step there is none before it
    const o3 = await runner.run(REQ);
    expect(!o3.ok && o3.lastSteps).toBeUndefined();
    expect(labCalls()).toBe(1);
  });
});
