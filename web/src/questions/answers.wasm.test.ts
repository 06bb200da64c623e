/**
 * The questions' answers over the real WASM build, each held to what a
 * direct run of the engine says, read another way (the whole trace scanned,
 * the snapshot at the step, the metric): the answers are the simulator's,
 * not the question file's. Every run a question makes is bounded, and each
 * drawn parameter lies within the C table's range.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../core/engine';
import { loadEngine } from '../core/node';
import type { RunOutput, RunRequest, Step } from '../core/types';
import { answerQuestion, questionLabs, questionsFor } from './answers';
import { LAB_QUESTIONS } from './labs';
import { engineRunner, type Answer, type Question, type Runner } from './question';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const SEEDS = [1, 2, 7];
/* the most steps any run of a question may take: small runs, each well under a second in Node */
const STEPS_MAX = 250_000;

/** A Runner that keeps every run's size. */
function countingRunner(): Runner & { steps: number[] } {
  const inner = engineRunner(engine);
  const steps: number[] = [];
  return {
    steps,
    async run(req: RunRequest): Promise<RunOutput> {
      const out = await inner.run(req);
      steps.push(out.result.sim.steps);
      return out;
    },
  };
}

const question = (lab: string, seed: number, id: string): Question => {
  const q = questionsFor(lab, seed).find((x) => x.id === id);
  if (!q) throw new Error(`${lab} has no question ${id}`);
  return q;
};
const answer = (q: Question): Promise<Answer> => answerQuestion(q, engineRunner(engine));
const req = (q: Question, variant: string, options: RunRequest['options'] = {}): RunRequest => ({ lab: q.lab, variant, params: q.params, seed: q.seed, options });

/** Every step of a run, read window by window from the trace. */
function allSteps(r: RunRequest): Step[] {
  const total = engine.result(r).sim.steps;
  const steps: Step[] = [];
  for (let from = 1; from <= total; from += 100_000)
    steps.push(...engine.run({ ...r, options: { traceFrom: from, traceMax: 100_000, heatBuckets: 2 } }).steps.steps);
  return steps;
}

function snapshotAt(r: RunRequest, k: number): any {
  return engine.run({ ...r, options: { stopStep: k, traceMax: 1, heatBuckets: 2 } }).snapshot;
}

/* every followed parameter away from its default, where it changes what the run does most */
const PAGES: Record<string, Record<string, number>> = {
  'fast-commit': { cpus: 2 },
  'inode-hash': { fs: 1, shared: 1 },
  'extent-status': {},
  'btrfs-fsync': { log: 1, unpin_ns: 0, discard: 1 },
  'ext4-writeback': { sync: 1, kernel: 1, hz: 1000 },
};

describe('every question', () => {
  it('draws within the C table and answers from bounded runs', async () => {
    expect(Object.keys(PAGES).sort()).toEqual(questionLabs().sort());
    for (const lab of questionLabs()) {
      expect(Object.keys(PAGES[lab]!).sort(), lab).toEqual([...LAB_QUESTIONS[lab]!.follows].sort());
      const specs = engine.params(lab);
      for (const [name, [min, max]] of Object.entries(LAB_QUESTIONS[lab]!.draws)) {
        if (name === 'step') continue;
        const spec = specs.find((s) => s.name === name);
        expect(spec, `${lab} has a parameter ${name}`).toBeDefined();
        expect(min).toBeGreaterThanOrEqual(spec!.min);
        expect(max).toBeLessThanOrEqual(spec!.max);
      }
      for (const q of [...questionsFor(lab, 3), ...questionsFor(lab, 4, PAGES[lab])]) {
        expect(engine.checkParams(lab, q.params), `${lab} ${q.id}`).toEqual({ ok: true });
        const runner = countingRunner();
        const a = await answerQuestion(q, runner);
        expect(Math.max(...runner.steps), `${lab} ${q.id}`).toBeLessThanOrEqual(STEPS_MAX);
        expect(a.show.step).toBeGreaterThanOrEqual(1);
        expect(a.why.length).toBeGreaterThan(20);
        if (q.answer.kind === 'number') expect(a.value).not.toBeNull();
        else for (const c of a.correct) expect(q.answer.options).toContain(c);
        if (q.step !== null) expect(a.show.step).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe('fast-commit', () => {
  it.each(SEEDS)('counts the visits of the first commit as the whole trace does (seed %i)', async (seed) => {
    const q = question('fast-commit', seed, 'first-walk-before');
    const steps = allSteps(req(q, 'before'));
    const start = steps.findIndex((s) => s.kind === 'commit_start');
    const end = steps.findIndex((s, n) => n > start && s.kind === 'commit_end' && s.task === steps[start]!.task);
    const visits = steps.slice(start, end).filter((s) => s.kind === 'visit').length;
    const a = await answer(q);
    expect(a.value).toBe(visits);
    expect(visits).toBeGreaterThan(0);
    expect(a.show).toEqual({ variant: 'before', step: steps[start]!.i });
  });

  it('answers commits and the speed-up from the metrics of direct runs', async () => {
    const q = question('fast-commit', 2, 'commits');
    expect((await answer(q)).value).toBe(engine.result(req(q, 'before')).metrics.commits);
    const s = question('fast-commit', 2, 'speedup');
    const ratio = engine.result(req(s, 'after')).metrics.creates_per_s! / engine.result(req(s, 'before')).metrics.creates_per_s!;
    expect((await answer(s)).value).toBeCloseTo(ratio, 12);
    const all = question('fast-commit', 2, 'all-walks-before');
    expect((await answer(all)).value).toBe(allSteps(req(all, 'before')).filter((x) => x.kind === 'visit').length);
  });
});

describe('inode-hash', () => {
  it.each(SEEDS)('names the holder of inode_hash_lock and its waiters as the snapshot at the step does (seed %i)', async (seed) => {
    const q = question('inode-hash', seed, 'holder');
    const snap = snapshotAt(req(q, 'before'), q.step!);
    const lock = snap.locks.find((l: any) => l.name === 'inode_hash_lock');
    const holder = snap.tasks.find((t: any) => t.id === lock.holder);
    const a = await answer(q);
    expect(a.correct).toEqual([holder ? `CPU ${holder.cpu}` : 'no one']);
    expect(a.show).toEqual({ variant: 'before', step: q.step });
    expect((await answer(question('inode-hash', seed, 'waiters'))).value).toBe(lock.waiters.length);
  });

  it('divides the lock takes of direct runs', async () => {
    const q = question('inode-hash', 1, 'fewer-takes');
    const m = (v: string) => engine.result(req(q, v)).metrics.hash_lock_acquisitions!;
    expect((await answer(q)).value).toBeCloseTo(m('before') / m('after'), 12);
  });
});

describe('extent-status', () => {
  it.each(SEEDS)('finds the next shrinker call after the step in the trace (seed %i)', async (seed) => {
    const q = question('extent-status', seed, 'next-freed');
    const steps = allSteps(req(q, q.variant));
    const end = steps.find((s) => s.kind === 'shrink_end' && s.i > q.step!)!;
    const begin = steps.filter((s) => s.kind === 'shrink_begin' && s.i <= end.i).at(-1)!;
    const a = await answer(q);
    expect(a.value).toBe(end.b);
    expect(a.show).toEqual({ variant: q.variant, step: begin.i });
    expect((await answer(question('extent-status', seed, 'next-scan'))).value).toBe(end.a);
  });

  it('counts the sorts the trace holds', async () => {
    const q = question('extent-status', 1, 'sorts');
    const sorts = allSteps(req(q, 'baseline')).filter((s) => s.kind === 'sort').length;
    expect((await answer(q)).value).toBe(sorts);
    expect(sorts).toBeGreaterThan(0);
  });
});

describe('btrfs-fsync', () => {
  it.each(SEEDS)('counts the waits for COMPLETED and shows the first of them (seed %i)', async (seed) => {
    const q = question('btrfs-fsync', seed, 'waits-before');
    const metrics = engine.result(req(q, 'before')).metrics;
    const a = await answer(q);
    expect(a.value).toBe(metrics.completed_waits);
    expect(a.value).toBeGreaterThan(0);
    const first = allSteps(req(q, 'before')).find((s) => s.kind === 'wait' && s.b === 6)!;
    expect(a.show).toEqual({ variant: 'before', step: first.i });
    expect((await answer(question('btrfs-fsync', seed, 'waits-after'))).value).toBe(engine.result(req(q, 'after')).metrics.completed_waits);
  });

  it.each(SEEDS)('reads the oldest transaction\'s state from the snapshot at the step (seed %i)', async (seed) => {
    const q = question('btrfs-fsync', seed, 'state');
    const list = snapshotAt(req(q, 'before'), q.step!).btrfs.trans_list as { transid: number; state: string }[];
    const oldest = [...list].sort((x, y) => x.transid - y.transid)[0];
    expect((await answer(q)).correct).toEqual([oldest ? oldest.state : 'no transaction']);
  });
});

describe('a step past the end of the run', () => {
  it('is answered at the run\'s last step, where the page shows it, and says so', async () => {
    /* synchronous discards of slow unpins: far fewer steps than the default run, and fewer than the step drawn */
    const q = questionsFor('btrfs-fsync', 1, { log: 1, discard: 1, unpin_ns: 100_000 }).find((x) => x.id === 'state')!;
    const total = engine.result(req(q, 'before')).sim.steps;
    expect(total).toBeLessThan(q.step!);
    const a = await answer(q);
    expect(a.show).toEqual({ variant: 'before', step: total });
    expect(a.why).toMatch(new RegExp(`^The run ends at step ${total}, before step ${q.step}; at its end `));
    const list = snapshotAt(req(q, 'before'), total).btrfs.trans_list as { transid: number; state: string }[];
    const oldest = [...list].sort((x, y) => x.transid - y.transid)[0];
    expect(a.correct).toEqual([oldest ? oldest.state : 'no transaction']);
  });
});

describe('ext4-writeback', () => {
  it.each(SEEDS)('names the jobs in ext4_writepages as the snapshot at the step does (seed %i)', async (seed) => {
    const q = question('ext4-writeback', seed, 'writepages-at');
    const snap = snapshotAt(req(q, 'before'), q.step!);
    const names = snap.ext4.jobs
      .filter((j: any) => j.phase === 'writepages' || j.phase === 'writepages handle')
      .map((j: any) => snap.tasks.find((t: any) => t.id === j.task).name);
    expect((await answer(q)).correct).toEqual(names.length > 0 ? names : ['no job']);
  });

  it('reads the fdatasync metrics when the page runs fdatasync', async () => {
    const q = questionsFor('ext4-writeback', 1, { sync: 1 }).find((x) => x.id === 'handles')!;
    const direct = engine.result(req(q, 'before')).metrics.fdatasync_jbd2_handles_per_txn;
    expect(direct).toBeGreaterThan(0);
    expect((await answer(q)).value).toBe(direct);
  });

  it('answers handles per transaction and the IOPS from direct runs', async () => {
    const q = question('ext4-writeback', 1, 'handles');
    expect((await answer(q)).value).toBe(engine.result(req(q, 'before')).metrics.fsync_jbd2_handles_per_txn);
    const i = question('ext4-writeback', 1, 'more-iops');
    const iops = (v: string) => engine.result(req(i, v)).metrics.fsync_iops_per_s!;
    const right = iops('after') > iops('before') ? 'after' : iops('before') > iops('after') ? 'before' : 'the same';
    expect((await answer(i)).correct).toEqual([right]);
  });
});
