/**
 * ext4-writeback's questions over the real WASM build: the jobs in ext4_writepages, the handles per
 * transaction and the IOPS, each answer held to what a direct run of the engine says, read another
 * way.
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
const PAGE: Record<string, number> = { sync: 1, kernel: 1, hz: 1000 };

describe('ext4-writeback\'s questions', () => {
  it('draw within the C table and answer from bounded runs, on a page away from the defaults', async () => {
    expect(Object.keys(PAGE).sort()).toEqual([...followedParams('ext4-writeback')].sort());
    await checkQuestions(h.engine, 'ext4-writeback', 4, PAGE);
  });
});

describe('ext4-writeback', () => {
  it.each(SEEDS)('names the jobs in ext4_writepages as the snapshot at the step does (seed %i)', async (seed) => {
    const q = h.question('ext4-writeback', seed, 'writepages-at');
    const snap = h.snapshotAt(h.req(q, 'before'), q.step!);
    const names = snap.ext4.jobs
      .filter((j: any) => j.phase === 'writepages' || j.phase === 'writepages handle')
      .map((j: any) => snap.tasks.find((t: any) => t.id === j.task).name);
    expect((await h.answer(q)).correct).toEqual(names.length > 0 ? names : ['no job']);
  });

  it('reads the fdatasync metrics when the page runs fdatasync', async () => {
    const q = questionsFor('ext4-writeback', 1, { sync: 1 }).find((x) => x.id === 'handles')!;
    const direct = h.engine.result(h.req(q, 'before')).metrics.fdatasync_jbd2_handles_per_txn;
    expect(direct).toBeGreaterThan(0);
    expect((await h.answer(q)).value).toBe(direct);
  });

  it('answers handles per transaction and the IOPS from direct runs', async () => {
    const q = h.question('ext4-writeback', 1, 'handles');
    expect((await h.answer(q)).value).toBe(h.engine.result(h.req(q, 'before')).metrics.fsync_jbd2_handles_per_txn);
    const i = h.question('ext4-writeback', 1, 'more-iops');
    const iops = (v: string) => h.engine.result(h.req(i, v)).metrics.fsync_iops_per_s!;
    const right = iops('after') > iops('before') ? 'after' : iops('before') > iops('after') ? 'before' : 'the same';
    expect((await h.answer(i)).correct).toEqual([right]);
  });
});
