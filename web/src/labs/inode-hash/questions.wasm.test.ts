/**
 * inode-hash's questions over the real WASM build: the lock's holder and waiters, and the lock takes,
 * each answer held to what a direct run of the engine says, read another way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { followedParams } from '../../questions/answers';
import { checkQuestions, harness, type Harness } from '../../questions/testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await harness();
});

const SEEDS = [1, 2, 7];
/* every followed parameter away from its default, where it changes what the run does most */
const PAGE: Record<string, number> = { fs: 1, shared: 1 };

describe('inode-hash\'s questions', () => {
  it('draw within the C table and answer from bounded runs, on a page away from the defaults', async () => {
    expect(Object.keys(PAGE).sort()).toEqual([...followedParams('inode-hash')].sort());
    await checkQuestions(h.engine, 'inode-hash', 4, PAGE);
  });
});

describe('inode-hash', () => {
  it.each(SEEDS)('names the holder of inode_hash_lock and its waiters as the snapshot at the step does (seed %i)', async (seed) => {
    const q = h.question('inode-hash', seed, 'holder');
    const snap = h.snapshotAt(h.req(q, 'before'), q.step!);
    const lock = snap.locks.find((l: any) => l.name === 'inode_hash_lock');
    const holder = snap.tasks.find((t: any) => t.id === lock.holder);
    const a = await h.answer(q);
    expect(a.correct).toEqual([holder ? `CPU ${holder.cpu}` : 'no one']);
    expect(a.show).toEqual({ variant: 'before', step: q.step });
    expect((await h.answer(h.question('inode-hash', seed, 'waiters'))).value).toBe(lock.waiters.length);
  });

  it('divides the lock takes of direct runs', async () => {
    const q = h.question('inode-hash', 1, 'fewer-takes');
    const m = (v: string) => h.engine.result(h.req(q, v)).metrics.hash_lock_acquisitions!;
    expect((await h.answer(q)).value).toBeCloseTo(m('before') / m('after'), 12);
  });
});
