/**
 * btrfs-fsync's questions over the real WASM build: the waits for COMPLETED and the oldest
 * transaction's state, also past the run's end, each answer held to what a direct run of the engine
 * says, read another way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { followedParams, questionsFor } from '../../questions/answers';
import { checkQuestions, harness, type Harness } from '../../questions/testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await harness();
});

const SEEDS = [1, 2, 7];
/* every followed parameter away from its default, where it changes what the run does most */
const PAGE: Record<string, number> = { log: 1, unpin_ns: 0, discard: 1 };

describe('btrfs-fsync\'s questions', () => {
  it('draw within the C table and answer from bounded runs, on a page away from the defaults', async () => {
    expect(Object.keys(PAGE).sort()).toEqual([...followedParams('btrfs-fsync')].sort());
    await checkQuestions(h.engine, 'btrfs-fsync', 4, PAGE);
  });
});

describe('btrfs-fsync', () => {
  it.each(SEEDS)('counts the waits for COMPLETED and shows the first of them (seed %i)', async (seed) => {
    const q = h.question('btrfs-fsync', seed, 'waits-before');
    const metrics = h.engine.result(h.req(q, 'before')).metrics;
    const a = await h.answer(q);
    expect(a.value).toBe(metrics.completed_waits);
    expect(a.value).toBeGreaterThan(0);
    const first = h.allSteps(h.req(q, 'before')).find((s) => s.kind === 'wait' && s.b === 6)!;
    expect(a.show).toEqual({ variant: 'before', step: first.i });
    expect((await h.answer(h.question('btrfs-fsync', seed, 'waits-after'))).value).toBe(h.engine.result(h.req(q, 'after')).metrics.completed_waits);
  });

  it.each(SEEDS)('reads the oldest transaction\'s state from the snapshot at the step (seed %i)', async (seed) => {
    const q = h.question('btrfs-fsync', seed, 'state');
    const list = h.snapshotAt(h.req(q, 'before'), q.step!).btrfs.trans_list as { transid: number; state: string }[];
    const oldest = [...list].sort((x, y) => x.transid - y.transid)[0];
    expect((await h.answer(q)).correct).toEqual([oldest ? oldest.state : 'no transaction']);
  });
});

describe('a step past the end of the run', () => {
  it('is answered at the run\'s last step, where the page shows it, and says so', async () => {
    /* synchronous discards of slow unpins: far fewer steps than the default run, and fewer than the step drawn */
    const q = questionsFor('btrfs-fsync', 1, { log: 1, discard: 1, unpin_ns: 100_000 }).find((x) => x.id === 'state')!;
    const total = h.engine.result(h.req(q, 'before')).sim.steps;
    expect(total).toBeLessThan(q.step!);
    const a = await h.answer(q);
    expect(a.show).toEqual({ variant: 'before', step: total });
    expect(a.why).toMatch(new RegExp(`^The run ends at step ${total}, before step ${q.step}; at its end `));
    const list = h.snapshotAt(h.req(q, 'before'), total).btrfs.trans_list as { transid: number; state: string }[];
    const oldest = [...list].sort((x, y) => x.transid - y.transid)[0];
    expect(a.correct).toEqual([oldest ? oldest.state : 'no transaction']);
  });
});
