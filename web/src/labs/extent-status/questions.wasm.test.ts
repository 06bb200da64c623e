/**
 * extent-status's questions over the real WASM build: the next shrinker call and the sorts, each
 * answer held to what a direct run of the engine says, read another way.
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
const PAGE: Record<string, number> = {};

describe('extent-status\'s questions', () => {
  it('draw within the C table and answer from bounded runs, on a page away from the defaults', async () => {
    expect(Object.keys(PAGE).sort()).toEqual([...followedParams('extent-status')].sort());
    await checkQuestions(h.engine, 'extent-status', 4, PAGE);
  });
});

describe('extent-status', () => {
  it.each(SEEDS)('finds the next shrinker call after the step in the trace (seed %i)', async (seed) => {
    const q = h.question('extent-status', seed, 'next-freed');
    const steps = h.allSteps(h.req(q, q.variant));
    const end = steps.find((s) => s.kind === 'shrink_end' && s.i > q.step!)!;
    const begin = steps.filter((s) => s.kind === 'shrink_begin' && s.i <= end.i).at(-1)!;
    const a = await h.answer(q);
    expect(a.value).toBe(end.b);
    expect(a.show).toEqual({ variant: q.variant, step: begin.i });
    expect((await h.answer(h.question('extent-status', seed, 'next-scan'))).value).toBe(end.a);
  });

  it('counts the sorts the trace holds', async () => {
    const q = h.question('extent-status', 1, 'sorts');
    const sorts = h.allSteps(h.req(q, 'baseline')).filter((s) => s.kind === 'sort').length;
    expect((await h.answer(q)).value).toBe(sorts);
    expect(sorts).toBeGreaterThan(0);
  });
});
