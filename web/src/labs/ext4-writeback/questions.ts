/**
 * ext4-writeback's questions: which fio job is in ext4_writepages at a
 * seeded step before the patch, how many handles a jbd2 transaction
 * gathers before it, and which variant writes more IOPS, on a seeded
 * number of jobs.
 */
import { z } from 'zod';
import { SimError, type RunOutput } from '../../core/types';
import { Draw, drawInput, inputParams, type Answer, type LabQuestions, type Question, type Runner } from '../../questions/question';
import { atStep, figure, fullRun, metric, momentMarks, momentStep, requestOf, runAt } from '../../questions/runs';
import { lab } from './lab';

const LAB = 'ext4-writeback';

/* the page's configuration (preset.ts): the mail's fio job for one second */
const FIXED = { runtime_ms: 1000 };
const DRAWS = { jobs: [4, 16], step: [200, 4_000] } as const;
const NOBODY = 'no job';
/* the phases of ext4_writepages: its pass without a handle, and (before) the loop under one */
const WRITEPAGES = new Set(['writepages', 'writepages handle']);

const Snap = z.object({
  tasks: z.array(z.object({ id: z.number(), name: z.string() })),
  ext4: z.object({ jobs: z.array(z.object({ task: z.number(), phase: z.string(), slot: z.number() })) }),
});

/* fsync or fdatasync, the write path's kernel, HZ: the same job, another path through it */
const FOLLOWS = ['sync', 'kernel', 'hz'];

function generate(seed: number, page: Readonly<Record<string, number>>): Question[] {
  const draw = new Draw(LAB, seed);
  const jobs = drawInput(draw, DRAWS, 'jobs');
  const stepInput = drawInput(draw, DRAWS, 'step');
  const params = { ...page, ...FIXED, ...inputParams([jobs]) };
  const base = { lab: LAB, seed, params, follows: { ...page }, inputs: [jobs], step: null };
  const who = `${jobs.value} fio jobs`;
  return [
    {
      ...base,
      inputs: [jobs, stepInput],
      step: stepInput.value,
      id: 'writepages-at',
      text: `Before the patch, with ${who}: which job is in ext4_writepages, sending its file's dirty pages, at step ${stepInput.value}?`,
      variant: 'before',
      answer: { kind: 'choice', options: [...Array.from({ length: jobs.value }, (_, j) => `fio/${j}`), NOBODY] },
    },
    {
      ...base,
      id: 'handles',
      text: `Before the patch, with ${who}: how many handles does a jbd2 transaction gather on average?`,
      variant: 'before',
      answer: { kind: 'number', unit: 'handles', relTolerance: 0.1 },
    },
    {
      ...base,
      id: 'more-iops',
      text: `With ${who}: which variant writes more IOPS, before or after the patch?`,
      variant: 'side',
      answer: { kind: 'choice', options: ['before', 'after', 'the same'] },
    },
  ];
}

/** A metric of the run's sync mode: the lab reports each under fsync_ or fdatasync_. */
function synced(out: RunOutput, name: string): number {
  return metric(out, `${String(out.result.params.sync)}_${name}`);
}

async function answer(q: Question, runner: Runner): Promise<Answer> {
  switch (q.id) {
    case 'writepages-at': {
      const k = q.step ?? 1;
      const at = await runAt(runner, requestOf(q, 'before'), k);
      const snap = Snap.parse(at.out.snapshot);
      const when = atStep(k, at.step);
      const name = (task: number) => snap.tasks.find((t) => t.id === task)?.name ?? `task ${task}`;
      const inside = snap.ext4.jobs.filter((j) => WRITEPAGES.has(j.phase));
      const names = inside.map((j) => name(j.task));
      const where = inside.map((j) => `${name(j.task)} (${j.phase}, slot ${j.slot})`);
      return {
        value: null,
        correct: names.length > 0 ? names : [NOBODY],
        text: names.length > 0 ? names.join(', ') : NOBODY,
        why:
          names.length > 0
            ? `${when} ${where.join(' and ')} ${names.length > 1 ? 'are' : 'is'} in ext4_writepages: an fsync writes back the whole file, the pages other jobs dirtied too.`
            : `${when} no job is in ext4_writepages: each is writing, waiting for writeback or for a commit.`,
        show: { variant: 'before', step: at.step },
      };
    }
    case 'handles': {
      /* shown at before's first commit, the fsyncs its extra pass joined */
      const moments = lab.lesson.moments.filter((m) => m.variant === 'before');
      const before = await fullRun(runner, requestOf(q, 'before', momentMarks(moments)));
      const after = await fullRun(runner, requestOf(q, 'after'));
      const b = synced(before, 'jbd2_handles_per_txn');
      return {
        value: b,
        correct: [],
        text: `${figure(b)} handles`,
        why: `Before the patch every fsync's writeback takes a handle and loops until a pass maps nothing, so more handles join each transaction: ${figure(b)} a transaction over ${synced(before, 'jbd2_transactions_count')} transactions, against ${figure(synced(after, 'jbd2_handles_per_txn'))} after.`,
        show: { variant: 'before', step: momentStep({ before }, moments).step },
      };
    }
    case 'more-iops': {
      /* shown side by side at the lesson's moment: a commit of before's, its fsyncs joined by the extra pass */
      const marked = momentMarks(lab.lesson.moments);
      const before = await fullRun(runner, requestOf(q, 'before', marked));
      const after = await fullRun(runner, requestOf(q, 'after', marked));
      const b = synced(before, 'iops_per_s');
      const a = synced(after, 'iops_per_s');
      const right = a > b ? 'after' : b > a ? 'before' : 'the same';
      return {
        value: null,
        correct: [right],
        text: right,
        why: `Before: ${figure(b)} IOPS, after: ${figure(a)} (${figure(((a - b) / b) * 100)} %).${right === 'after' ? " The device serves as many requests a second either way; before's extra pass adds scans that send slots in pieces, so it needs more requests per write. The mail measured the other way round, which this model does not reproduce." : ''}`,
        show: { variant: 'side', step: momentStep({ before, after }, lab.lesson.moments).step },
      };
    }
    default:
      throw new SimError(`${LAB} has no question "${q.id}"`, 'invalid');
  }
}

export const questions: LabQuestions = { lab: LAB, draws: DRAWS, follows: FOLLOWS, generate, answer };
