/**
 * btrfs-fsync's questions: how many fsyncs wait past the super block write
 * before the patch and after it, and which state the oldest transaction is
 * in at a seeded step, on a seeded number of dbench clients.
 */
import { z } from 'zod';
import { SimError, type Step } from '../../core/types';
import { TRANS_STATES } from './schema';
import { Draw, drawInput, inputParams, type Answer, type LabQuestions, type Question, type Runner } from '../../questions/question';
import { atStep, firstMark, fullRun, marksOf, metric, requestOf, runAt, stepsBetween } from '../../questions/runs';
import { lessonUnpinMax } from './measure';
import { MEASURED } from './measured';

const LAB = 'btrfs-fsync';

/* the page's small configuration (preset.ts): 4 CPUs, 300 ms */
const FIXED = { cpus: 4, runtime_ms: 300 };
const DRAWS = { clients: [8, 24], step: [2_000, 60_000] } as const;
const COMPLETED = TRANS_STATES.indexOf('COMPLETED');
const NONE = 'no transaction';

const Snap = z.object({
  btrfs: z.object({ trans_list: z.array(z.object({ transid: z.number(), state: z.string() })) }),
});

/* tree-log or notreelog, the unpin's cost, discard: what the waits are made of */
const FOLLOWS = ['log', 'unpin_ns', 'discard'];

/**
 * The unpin's cost the questions follow up to: the largest at which the
 * lesson holds on record at their configuration (measure.ts's unpin study,
 * 16 clients on 4 CPUs for 300 ms); past it after's unpins overlap, queue
 * on unused_bg_unpin_mutex and space_info->lock, and its commits outlast
 * before's. A page set past it is followed at it, and the question says so.
 */
export const UNPIN_NS_MAX = lessonUnpinMax(MEASURED, 'questions');

function generate(seed: number, page: Readonly<Record<string, number>>): Question[] {
  const draw = new Draw(LAB, seed);
  const clients = drawInput(draw, DRAWS, 'clients');
  const stepInput = drawInput(draw, DRAWS, 'step');
  const held = page.unpin_ns !== undefined && page.unpin_ns > UNPIN_NS_MAX;
  const follows = held ? { ...page, unpin_ns: UNPIN_NS_MAX } : { ...page };
  const params = { ...follows, ...FIXED, ...inputParams([clients]) };
  const base = { lab: LAB, seed, params, follows, inputs: [clients], step: null };
  const who = `${clients.value} dbench clients${held ? ` and the unpin at ${UNPIN_NS_MAX} ns an extent (the page's ${page.unpin_ns} is past where the lesson holds: there after's overlapping unpins make its commits outlast before's)` : ''}`;
  return [
    {
      ...base,
      id: 'waits-before',
      text: `Before the patch, with ${who}: how many fsync waits are for COMPLETED, past the super block write?`,
      variant: 'before',
      answer: { kind: 'number', unit: 'waits', relTolerance: 0 },
    },
    {
      ...base,
      id: 'waits-after',
      text: `After the patch, with ${who}: how many fsync waits are for COMPLETED?`,
      variant: 'after',
      answer: { kind: 'number', unit: 'waits', relTolerance: 0 },
    },
    {
      ...base,
      inputs: [clients, stepInput],
      step: stepInput.value,
      id: 'state',
      text: `Before the patch, with ${who}: in which state is the oldest transaction at step ${stepInput.value}?`,
      variant: 'before',
      answer: { kind: 'choice', options: [...TRANS_STATES, NONE] },
    },
  ];
}

/* the waits' steps are read a few at a time: each read is a run to the last of them */
const BATCH = 2_000;

/** The first step of a wait for COMPLETED, or null when the run has none. */
async function firstCompletedWait(q: Question, runner: Runner, variant: string): Promise<Step | null> {
  const req = requestOf(q, variant);
  const { marks } = await marksOf(runner, req, ['wait']);
  const waits = marks.filter((m) => m.kind === 'wait');
  for (let n = 0; n < waits.length; ) {
    /* the waits within BATCH steps of this one, read as one stretch of the trace */
    const from = waits[n]!.i;
    let last = n;
    while (last + 1 < waits.length && waits[last + 1]!.i - from < BATCH) last++;
    const steps = await stepsBetween(runner, req, from, waits[last]!.i);
    const wait = steps.find((s) => s.kind === 'wait' && s.b === COMPLETED);
    if (wait) return wait;
    n = last + 1;
  }
  return null;
}

async function answer(q: Question, runner: Runner): Promise<Answer> {
  switch (q.id) {
    case 'waits-before':
    case 'waits-after': {
      const out = await fullRun(runner, requestOf(q, q.variant));
      const completed = metric(out, 'completed_waits');
      const superWaits = metric(out, 'super_waits');
      const after = metric(out, 'wait_after_super_ms');
      const first = completed > 0 ? await firstCompletedWait(q, runner, q.variant) : null;
      const { marks } = first ? { marks: [] } : await marksOf(runner, requestOf(q, q.variant), ['commit_end']);
      const why =
        q.variant === 'before'
          ? `Before the patch an fsync that meets a commit of its transaction waits for COMPLETED, through the unpin after the super block: ${completed} such waits, ${after.toFixed(1)} ms in all past SUPER_COMMITTED.`
          : `After the patch an fsync's handle waits only for SUPER_COMMITTED (${superWaits} such waits), so no fsync sits through the unpin (${after.toFixed(1)} ms past SUPER_COMMITTED).`;
      return {
        value: completed,
        correct: [],
        text: `${completed} waits`,
        why,
        show: { variant: q.variant, step: first?.i ?? firstMark(marks, 'commit_end')?.i ?? 1 },
      };
    }
    case 'state': {
      const k = q.step ?? 1;
      const at = await runAt(runner, requestOf(q, 'before'), k);
      const snap = Snap.parse(at.out.snapshot);
      const when = atStep(k, at.step);
      const list = [...snap.btrfs.trans_list].sort((a, b) => a.transid - b.transid);
      const oldest = list[0];
      const state = oldest ? oldest.state : NONE;
      const others = list.slice(1).map((t) => `${t.transid} ${t.state}`);
      return {
        value: null,
        correct: [state],
        text: state,
        why: oldest
          ? `${when} transaction ${oldest.transid} is ${oldest.state}${others.length > 0 ? `; behind it ${others.join(', ')}` : ', the only one in the list'}.`
          : `${when} no transaction is in the list.`,
        show: { variant: 'before', step: at.step },
      };
    }
    default:
      throw new SimError(`${LAB} has no question "${q.id}"`, 'invalid');
  }
}

export const questions: LabQuestions = { lab: LAB, draws: DRAWS, follows: FOLLOWS, generate, answer };
