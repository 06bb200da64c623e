/**
 * btrfs-fsync's questions over the real WASM build: the waits for COMPLETED and the oldest
 * transaction's state, also past the run's end, each answer held to what a direct run of the engine
 * says, read another way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { followedParams, questionsFor } from '../../questions/answers';
import { checkQuestions, harness, type Harness } from '../../questions/testing/harness';
import { UNPIN_NS_MAX } from './questions';

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

describe('the unpin cost the questions follow', () => {
  it("stops where the lesson stops holding on record, and says so past it", () => {
    const within = questionsFor('btrfs-fsync', 1, { unpin_ns: UNPIN_NS_MAX });
    expect(within.every((q) => q.params.unpin_ns === UNPIN_NS_MAX && q.follows.unpin_ns === UNPIN_NS_MAX)).toBe(true);
    expect(within[0]!.text).not.toMatch(/past where the lesson holds/);
    const past = questionsFor('btrfs-fsync', 1, { unpin_ns: UNPIN_NS_MAX + 1 });
    expect(past.every((q) => q.params.unpin_ns === UNPIN_NS_MAX && q.follows.unpin_ns === UNPIN_NS_MAX)).toBe(true);
    expect(past[0]!.text).toContain(`the page's ${UNPIN_NS_MAX + 1} is past where the lesson holds`);
  });
});

describe('a step past the end of the run', () => {
  it('is answered at the run\'s last step, where the page shows it, and says so', async () => {
    /* the question's step moved past the end of its run (no drawn step passes a run's end at the unpin costs the questions follow) */
    const drawn = questionsFor('btrfs-fsync', 1, { log: 1, discard: 1, unpin_ns: UNPIN_NS_MAX }).find((x) => x.id === 'state')!;
    const total = h.engine.result(h.req(drawn, 'before')).sim.steps;
    const q = { ...drawn, step: total + 1_000 };
    const a = await h.answer(q);
    expect(a.show).toEqual({ variant: 'before', step: total });
    expect(a.why).toMatch(new RegExp(`^The run ends at step ${total}, before step ${q.step}; at its end `));
    const list = h.snapshotAt(h.req(q, 'before'), total).btrfs.trans_list as { transid: number; state: string }[];
    const oldest = [...list].sort((x, y) => x.transid - y.transid)[0];
    expect(a.correct).toEqual([oldest ? oldest.state : 'no transaction']);
  });
});
