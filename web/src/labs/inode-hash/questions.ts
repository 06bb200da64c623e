/**
 * inode-hash's questions: who holds inode_hash_lock at a seeded step and
 * how many wait for it, before the patch, and how much less the lock is
 * taken after it, on a seeded number of stat walkers.
 */
import { z } from 'zod';
import { SimError, type RunOutput } from '../../core/types';
import { Draw, drawInput, inputParams, type Answer, type LabQuestions, type Question, type Runner } from '../../questions/question';
import { atStep, figure, fullRun, metric, momentMarks, momentStep, requestOf, runAt } from '../../questions/runs';
import { lab } from './lab';

const LAB = 'inode-hash';
const LOCK = 'inode_hash_lock';

/* the page's small configuration (preset.ts): 2 directories of 16 files, 16 chains, a cache of 64 inodes */
const DRAWS = { threads: [4, 12], step: [200, 2000] } as const;
const FIXED = { dirs: 2, files: 16, hash_bits: 4, icache: 64, passes: 2 };
/* the file system and whether the trees share their files: the same lock, other lookups */
const FOLLOWS = ['fs', 'shared'];
const NOBODY = 'no one';

/* what the answers read of the snapshot: its locks and tasks (the lab's schema has more) */
const Snap = z.object({
  locks: z.array(z.object({ name: z.string(), holder: z.number(), waiters: z.array(z.number()) })),
  tasks: z.array(z.object({ id: z.number(), cpu: z.number(), name: z.string(), fn: z.string() })),
});

/** The CPUs a run has: a stat walker on each of the first `threads`, then kswapd0 and the RCU callback thread. */
function cpuOptions(threads: number): string[] {
  return [...Array.from({ length: threads + 2 }, (_, c) => `CPU ${c}`), NOBODY];
}

function generate(seed: number, page: Readonly<Record<string, number>>): Question[] {
  const draw = new Draw(LAB, seed);
  const threads = drawInput(draw, DRAWS, 'threads');
  const stepInput = drawInput(draw, DRAWS, 'step');
  const k = stepInput.value;
  const params = { ...page, ...FIXED, ...inputParams([threads]) };
  const base = { lab: LAB, seed, params, follows: { ...page }, inputs: [threads, stepInput] };
  const walkers = `${threads.value} stat walkers`;
  return [
    {
      ...base,
      id: 'holder',
      text: `Before the patch, with ${walkers}: which CPU holds ${LOCK} at step ${k}?`,
      variant: 'before',
      step: k,
      answer: { kind: 'choice', options: cpuOptions(threads.value) },
    },
    {
      ...base,
      id: 'waiters',
      text: `Before the patch, with ${walkers}: how many tasks wait for ${LOCK} at step ${k}?`,
      variant: 'before',
      step: k,
      answer: { kind: 'number', unit: 'tasks', relTolerance: 0 },
    },
    {
      ...base,
      inputs: [threads],
      id: 'fewer-takes',
      text: `With ${walkers}: how many times fewer does the run take ${LOCK} after the patch than before?`,
      variant: 'side',
      step: null,
      answer: { kind: 'number', unit: '×', relTolerance: 0.1 },
    },
  ];
}

function lockAt(out: RunOutput) {
  const snap = Snap.parse(out.snapshot);
  const lock = snap.locks.find((l) => l.name === LOCK);
  if (!lock) throw new SimError(`the snapshot has no ${LOCK}`, 'internal');
  const task = (id: number) => snap.tasks.find((t) => t.id === id);
  return { lock, task };
}

async function answer(q: Question, runner: Runner): Promise<Answer> {
  switch (q.id) {
    case 'holder':
    case 'waiters': {
      const k = q.step ?? 1;
      const at = await runAt(runner, requestOf(q, 'before'), k);
      const { lock, task } = lockAt(at.out);
      const holder = lock.holder >= 0 ? task(lock.holder) : undefined;
      const held = holder ? `${holder.name} on CPU ${holder.cpu} holds it in ${holder.fn}` : 'nobody holds it';
      const waiting = lock.waiters.map((w) => task(w)?.name ?? `task ${w}`);
      const queue = waiting.length > 0 ? `${waiting.length} spin for it in FIFO order (${waiting.join(', ')})` : 'nobody waits for it';
      const why = `${atStep(k, at.step)} ${held}, and ${queue}: before the patch every lookup, hit or miss, takes the one lock.`;
      const show = { variant: 'before', step: at.step };
      if (q.id === 'waiters') return { value: waiting.length, correct: [], text: `${waiting.length} tasks`, why, show };
      const right = holder ? `CPU ${holder.cpu}` : NOBODY;
      return { value: null, correct: [right], text: holder ? `${right} (${holder.name})` : NOBODY, why, show };
    }
    case 'fewer-takes': {
      /* shown where the lesson shows it: tasks queued on the lock before, or else a lookup under RCU after */
      const marked = momentMarks(lab.lesson.moments);
      const before = await fullRun(runner, requestOf(q, 'before', marked));
      const after = await fullRun(runner, requestOf(q, 'after', marked));
      const shown = momentStep({ before, after }, lab.lesson.moments);
      const b = metric(before, 'hash_lock_acquisitions');
      const a = metric(after, 'hash_lock_acquisitions');
      if (a === 0) throw new SimError(`the after run never takes ${LOCK}`, 'internal');
      const ratio = b / a;
      return {
        value: ratio,
        correct: [],
        text: `${figure(ratio)} ×`,
        why: `Before: ${b} takes (${figure(metric(before, 'hash_lock_acq_per_stat'))} a stat); after: ${a}, since a lookup first searches its chain under RCU and takes the lock only to insert an inode it did not find (${metric(after, 'misses')} misses, ${metric(after, 'hits')} hits).`,
        show: { variant: 'side', step: shown.step },
      };
    }
    default:
      throw new SimError(`${LAB} has no question "${q.id}"`, 'invalid');
  }
}

export const questions: LabQuestions = { lab: LAB, draws: DRAWS, follows: FOLLOWS, generate, answer };
