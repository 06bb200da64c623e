/**
 * fast-commit's questions: the old walk's work in the first fast commit,
 * before and after the patch, how many fast commits the run makes, and
 * what the patch does to creates per second, on a seeded number of ways
 * and files.
 */
import { SimError } from '../../core/types';
import { Draw, drawInput, inputParams, type Answer, type LabQuestions, type Question, type Runner } from '../../questions/question';
import { figure, firstMark, fullRun, marksOf, metric, requestOf, stepsBetween } from '../../questions/runs';
import { walkedNodes } from './queues';

const LAB = 'fast-commit';

/* small enough to answer in a fraction of a second, large enough for a queue worth walking */
const DRAWS = { ways: [2, 8], files: [4, 24] } as const;

/* the CPUs: fewer than the threads time-slice them; the walk is the same */
const FOLLOWS = ['cpus'];

function generate(seed: number, page: Readonly<Record<string, number>>): Question[] {
  const draw = new Draw(LAB, seed);
  const inputs = [drawInput(draw, DRAWS, 'ways'), drawInput(draw, DRAWS, 'files')];
  const params = { ...page, ...inputParams(inputs), dirs: 4, loops: 1 };
  const [ways, files] = inputs.map((i) => i.value);
  const shape = `${ways} ways of ${files} files`;
  const base = { lab: LAB, seed, params, follows: { ...page }, inputs, step: null };
  return [
    {
      ...base,
      id: 'first-walk-before',
      text: `Before the patch, with ${shape}: how many nodes does the dentry commit's walk visit in the first fast commit?`,
      variant: 'before',
      answer: { kind: 'number', unit: 'nodes', relTolerance: 0 },
    },
    {
      ...base,
      id: 'all-walks-before',
      text: `Before the patch, with ${shape}: how many nodes does the walk visit over the whole run, every commit together?`,
      variant: 'before',
      answer: { kind: 'number', unit: 'nodes', relTolerance: 0 },
    },
    {
      ...base,
      id: 'commits',
      text: `Before the patch, with ${shape}: how many fast commits does the run make for its ${(ways ?? 0) * (files ?? 0)} fsyncs?`,
      variant: 'before',
      answer: { kind: 'number', unit: 'commits', relTolerance: 0 },
    },
    {
      ...base,
      id: 'speedup',
      text: `With ${shape}: how many times as many creates a second does the run make after the patch as before?`,
      variant: 'side',
      answer: { kind: 'number', unit: '×', relTolerance: 0.1 },
    },
  ];
}

/** The first fast commit: its commit_start step and the walk's visits until its commit_end. */
async function firstWalk(q: Question, runner: Runner, variant: string) {
  const req = requestOf(q, variant);
  const { marks } = await marksOf(runner, req, ['commit_start', 'commit_end']);
  const start = firstMark(marks, 'commit_start');
  const end = start && firstMark(marks, 'commit_end', start.i);
  if (!start || !end) throw new SimError(`the ${variant} run makes no fast commit`, 'internal');
  const steps = await stepsBetween(runner, req, start.i, end.i);
  const head = steps[0];
  if (head?.kind !== 'commit_start') throw new SimError(`step ${start.i} is not the commit's start`, 'internal');
  /* the walk is the committing task's; one commit runs at a time behind the journal's barrier */
  const visits = walkedNodes(steps.filter((s) => s.task === head.task));
  return { start: start.i, inodes: head.a, records: head.b, visits };
}

async function answer(q: Question, runner: Runner): Promise<Answer> {
  switch (q.id) {
    case 'first-walk-before': {
      const w = await firstWalk(q, runner, 'before');
      return {
        value: w.visits,
        correct: [],
        text: `${w.visits} nodes`,
        why: `The first commit takes ${w.records} create records and ${w.inodes} inodes; for each record the walk goes down the inode queue from its head to the record's inode, ${w.visits} nodes in all: quadratic in the queue (after the patch each record is linked to its inode, and the walk visits none).`,
        show: { variant: 'before', step: w.start },
      };
    }
    case 'all-walks-before': {
      const { marks, out } = await marksOf(runner, requestOf(q, 'before'), ['commit_start']);
      const visited = metric(out, 'nodes_visited');
      const w = await firstWalk(q, runner, 'before');
      return {
        value: visited,
        correct: [],
        text: `${visited} nodes`,
        why: `${metric(out, 'commits')} fast commits walk ${visited} nodes in all (nodes_visited); the first alone walks ${w.visits}, its queue holding ${w.inodes} inodes.`,
        show: { variant: 'before', step: firstMark(marks, 'commit_start')?.i ?? 1 },
      };
    }
    case 'commits': {
      const { marks, out } = await marksOf(runner, requestOf(q, 'before'), ['commit_start']);
      const commits = metric(out, 'commits');
      const shared = metric(out, 'fsyncs_already_committed');
      const first = firstMark(marks, 'commit_start');
      return {
        value: commits,
        correct: [],
        text: `${commits} commits`,
        why: `${shared} fsyncs find their inode already written by another way's commit (a commit takes every inode queued so far), so fewer commits than fsyncs run.`,
        show: { variant: 'before', step: first?.i ?? 1 },
      };
    }
    case 'speedup': {
      const before = await fullRun(runner, requestOf(q, 'before'));
      const after = await fullRun(runner, requestOf(q, 'after'));
      const ratio = metric(after, 'creates_per_s') / metric(before, 'creates_per_s');
      const { marks } = await marksOf(runner, requestOf(q, 'before'), ['commit_start']);
      return {
        value: ratio,
        correct: [],
        text: `${ratio.toFixed(2)} ×`,
        why: `Before: ${figure(metric(before, 'creates_per_s'))} creates/s, the walk visiting ${metric(before, 'nodes_visited')} nodes; after: ${figure(metric(after, 'creates_per_s'))} creates/s and ${metric(after, 'nodes_visited')} nodes. The patch saves ${metric(before, 'nodes_visited') - metric(after, 'nodes_visited')} visits, each charged by how far it reaches into the caches.`,
        show: { variant: 'side', step: firstMark(marks, 'commit_start')?.i ?? 1 },
      };
    }
    default:
      throw new SimError(`${LAB} has no question "${q.id}"`, 'invalid');
  }
}

export const questions: LabQuestions = { lab: LAB, draws: DRAWS, follows: FOLLOWS, generate, answer };
