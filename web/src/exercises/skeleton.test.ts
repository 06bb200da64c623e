import { describe, expect, it } from 'vitest';
import { makeSkeleton, SkeletonError } from './skeleton';

const SOLUTION = [
  'int f(int x)',
  '{',
  '\t/* TODO 1/2: double it */',
  '\tx *= 2;',
  '#if SKELETON',
  '\t(void)0;',
  '#endif /* TODO 1/2 */',
  '\t/* TODO 2/2: return it */',
  '\treturn x;',
  '#if SKELETON',
  '\treturn 0;',
  '#endif /* TODO 2/2 */',
  '}',
].join('\n');

describe('makeSkeleton', () => {
  it("keeps the TODOs and the skeleton's lines, drops the solution's", () => {
    const s = makeSkeleton(SOLUTION);
    expect(s.text).toBe(['int f(int x)', '{', '\t/* TODO 1/2: double it */', '\t(void)0;', '\t/* TODO 2/2: return it */', '\treturn 0;', '}'].join('\n'));
    expect(s.todos.map((t) => [t.n, t.of, t.text, t.solutionLine, t.skeletonLine])).toEqual([
      [1, 2, 'double it', 3, 3],
      [2, 2, 'return it', 8, 5],
    ]);
  });

  it('refuses a TODO never closed, a stray #endif, and TODOs out of order', () => {
    expect(() => makeSkeleton(SOLUTION.replace('#endif /* TODO 2/2 */', ''))).toThrow(SkeletonError);
    expect(() => makeSkeleton(SOLUTION.replace('#endif /* TODO 1/2 */', '#endif /* TODO 2/2 */'))).toThrow(/does not close/);
    expect(() => makeSkeleton(SOLUTION.replace('TODO 2/2: return', 'TODO 3/2: return').replace('#endif /* TODO 2/2 */', '#endif /* TODO 3/2 */'))).toThrow(/numbered 1\/m to m\/m/);
    expect(() => makeSkeleton('int x;')).toThrow(/no TODO/);
  });
});
