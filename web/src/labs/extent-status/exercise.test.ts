import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeSkeleton } from '../../exercises/skeleton';
import type { ExerciseRunner, RunOutcome, RunRequest } from '../../exercises/types';
import { exercise } from './exercise';

const dir = new URL('../../../../exercises/extent-status/', import.meta.url);
const solution = readFileSync(new URL('solution.c', dir), 'utf8');
const bugs = JSON.parse(readFileSync(new URL('bugs.json', dir), 'utf8')) as {
  bugs: { name: string; check: string; replace: [string, string][] }[];
};

describe('the extent-status exercise files', () => {
  it('makes a skeleton of three TODOs that is the 3.18 scan: no second chance, every scan from block 0', () => {
    const sk = makeSkeleton(solution);
    expect(sk.todos.map((t) => `${t.n}/${t.of}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(sk.text).not.toContain('ext4_es_clear_referenced');
    expect(sk.text).toContain('ei->i_es_shrink_lblk = 0;\n\tes_do_reclaim_extents(sc, ei, EXT_MAX_BLOCKS');
    expect(sk.text).not.toMatch(/#if SKELETON|#endif \/\* TODO/);
  });

  it('has three bugs, each one exact replacement of the solution, each for a check the exercise runs', () => {
    const ids = exercise.checks.map((c) => c.id);
    expect(bugs.bugs).toHaveLength(3);
    for (const b of bugs.bugs) {
      expect(ids).toContain(b.check);
      for (const [from] of b.replace) expect(solution.split(from).length - 1, `${b.name}: ${JSON.stringify(from)}`).toBe(1);
    }
  });
});

/** a runner that answers avg_scan_us per variant, or fails one variant's run */
function fakeRunner(scan: Record<string, number>, fail?: string): ExerciseRunner & { runs: RunRequest[] } {
  const runs: RunRequest[] = [];
  return {
    runs,
    async run(req: RunRequest): Promise<RunOutcome> {
      runs.push(req);
      const base = { variant: req.variant, params: req.params, seed: req.seed };
      if (req.variant === fail) return { ok: false, ...base, failure: 'invariant', message: 'yours_reclaim_extents() freed the extent at block 3 twice', step: 41 };
      return { ok: true, ...base, metrics: { avg_scan_us: scan[req.variant]! }, hash: '0' };
    },
  };
}

describe('the extent-status headline', () => {
  const headline = exercise.checks.find((c) => c.id === 'headline')!;

  it('runs yours, upstream and baseline, the lab\'s own names, on every seed', async () => {
    const r = fakeRunner({ yours: 10.5, upstream: 10.5, baseline: 52.1 });
    const o = await headline.evaluate({ runner: r, seeds: [1, 2] });
    expect(o.pass).toBe(true);
    expect(r.runs.map((q) => `${q.variant}:${q.seed}`)).toEqual(['yours:1', 'upstream:1', 'baseline:1', 'yours:2', 'upstream:2', 'baseline:2']);
  });

  it('fails a scan time more than 5% over upstream\'s, naming the seed and the numbers', async () => {
    const o = await headline.evaluate({ runner: fakeRunner({ yours: 11.1, upstream: 10.5, baseline: 52.1 }), seeds: [3] });
    expect(o.pass).toBe(false);
    expect(o.seed).toBe(3);
    expect(o.detail).toContain('yours 11.1, upstream 10.5, baseline 52.1 us');
  });

  it('fails a scan time at or above baseline\'s, and a run that failed, with its step', async () => {
    expect((await headline.evaluate({ runner: fakeRunner({ yours: 8, upstream: 5, baseline: 8 }), seeds: [1] })).pass).toBe(false);
    const o = await headline.evaluate({ runner: fakeRunner({ yours: 1, upstream: 1, baseline: 9 }, 'yours'), seeds: [2] });
    expect(o.pass).toBe(false);
    expect(o.step).toBe(41);
    expect(o.detail).toContain('freed the extent at block 3 twice');
  });
});
