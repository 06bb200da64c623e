/**
 * fast-commit's questions over the real WASM build: the first commit's walk, the commits and the
 * speed-up, each answer held to what a direct run of the engine says, read another way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { followedParams } from '../../questions/answers';
import { checkQuestions, harness, type Harness } from '../../questions/testing/harness';
import { walkedNodes } from './queues';

let h: Harness;

beforeAll(async () => {
  h = await harness();
});

const SEEDS = [1, 2, 7];
/* every followed parameter away from its default, where it changes what the run does most */
const PAGE: Record<string, number> = { cpus: 2 };

describe('fast-commit\'s questions', () => {
  it('draw within the C table and answer from bounded runs, on a page away from the defaults', async () => {
    expect(Object.keys(PAGE).sort()).toEqual([...followedParams('fast-commit')].sort());
    await checkQuestions(h.engine, 'fast-commit', 4, PAGE);
  });
});

describe('fast-commit', () => {
  it.each(SEEDS)('counts the visits of the first commit as the whole trace does (seed %i)', async (seed) => {
    const q = h.question('fast-commit', seed, 'first-walk-before');
    const steps = h.allSteps(h.req(q, 'before'));
    const start = steps.findIndex((s) => s.kind === 'commit_start');
    const end = steps.findIndex((s, n) => n > start && s.kind === 'commit_end' && s.task === steps[start]!.task);
    const visits = walkedNodes(steps.slice(start, end));
    const a = await h.answer(q);
    expect(a.value).toBe(visits);
    expect(visits).toBeGreaterThan(0);
    expect(a.show).toEqual({ variant: 'before', step: steps[start]!.i });
  });

  it('answers commits and the speed-up from the metrics of direct runs', async () => {
    const q = h.question('fast-commit', 2, 'commits');
    expect((await h.answer(q)).value).toBe(h.engine.result(h.req(q, 'before')).metrics.commits);
    const s = h.question('fast-commit', 2, 'speedup');
    const ratio = h.engine.result(h.req(s, 'after')).metrics.creates_per_s! / h.engine.result(h.req(s, 'before')).metrics.creates_per_s!;
    expect((await h.answer(s)).value).toBeCloseTo(ratio, 12);
    const all = h.question('fast-commit', 2, 'all-walks-before');
    expect((await h.answer(all)).value).toBe(walkedNodes(h.allSteps(h.req(all, 'before'))));
  });

  /*
   * A create record whose inode left the queue with a full commit makes the
   * old walk run off the queue's end: it visits every node and matches none.
   * Seed 2 at these sizes has such a walk; the count of visits must still be
   * the walk's own steps, at seeds with and without one.
   */
  it.each([1, 2, 3])('counts a walk that runs off the queue as the nodes it visited (seed %i)', (seed) => {
    const req = { lab: 'fast-commit', variant: 'before', params: { ways: 6, files: 17, dirs: 4, loops: 1 }, seed };
    expect(h.engine.result(req).metrics.nodes_visited).toBe(walkedNodes(h.allSteps(req)));
  });
});
