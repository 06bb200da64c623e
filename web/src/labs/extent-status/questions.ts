/**
 * extent-status's questions: what the next shrinker call after a seeded
 * step frees and how long it scans, in a seeded variant, and how often the
 * baseline sorts its inode list, on the page's small case b.
 */
import { SimError } from '../../core/types';
import { Draw, drawInput, type Answer, type LabQuestions, type Question, type Runner } from '../../questions/question';
import { firstMark, lastMarkBefore, marksOf, metric, requestOf, stepAt } from '../../questions/runs';

const LAB = 'extent-status';

/* the page's small case b (preset.ts): 2 writers and 4096 small files in 32 MiB for 300 ms */
const FIXED = { case: 1, mem_mb: 32, jobs: 2, runtime_ms: 300, small_files: 4096 };
const DRAWS = { step: [5_000, 80_000] } as const;
/* the variants whose shrinkers differ most: the mail's starting point, round robin, 6.12 */
const VARIANTS = ['baseline', 'es-slist', 'upstream'] as const;

function generate(seed: number): Question[] {
  const draw = new Draw(LAB, seed);
  const variant = draw.pick(VARIANTS);
  const stepInput = drawInput(draw, DRAWS, 'step');
  const k = stepInput.value;
  const base = { lab: LAB, seed, params: FIXED, follows: {}, inputs: [stepInput], variant, step: k };
  return [
    {
      ...base,
      id: 'next-freed',
      text: `In ${variant}: how many extents does the first shrinker call that ends after step ${k} free?`,
      answer: { kind: 'number', unit: 'extents', relTolerance: 0 },
    },
    {
      ...base,
      id: 'next-scan',
      text: `In ${variant}: how long does that call take, in µs, from before it takes s_es_lock to its end?`,
      answer: { kind: 'number', unit: 'µs', relTolerance: 0.1 },
    },
    {
      ...base,
      inputs: [],
      step: null,
      id: 'sorts',
      variant: 'baseline',
      text: 'In baseline: how many times does the shrinker sort the inode list in the whole run?',
      answer: { kind: 'number', unit: 'sorts', relTolerance: 0 },
    },
  ];
}

async function answer(q: Question, runner: Runner): Promise<Answer> {
  const req = requestOf(q, q.variant);
  switch (q.id) {
    case 'next-freed':
    case 'next-scan': {
      const k = q.step ?? 1;
      const { marks } = await marksOf(runner, req, ['shrink_begin', 'shrink_end']);
      const end = firstMark(marks, 'shrink_end', k + 1);
      if (!end) {
        /* none after k: nothing is freed or scanned from there on; show the last call there was */
        const last = marks.filter((m) => m.kind === 'shrink_begin').at(-1);
        return {
          value: 0,
          correct: [],
          text: q.id === 'next-freed' ? '0 extents' : '0 µs',
          why: `No shrinker call of ${q.variant} ends after step ${k}${last ? `: the last one starts at step ${last.i}` : ': it makes none'}.`,
          show: { variant: q.variant, step: last?.i ?? 1 },
        };
      }
      const begin = lastMarkBefore(marks, 'shrink_begin', end.i);
      const step = await stepAt(runner, req, end.i);
      const [scanUs, freed] = [step.a, step.b];
      const calls = marks.filter((m) => m.kind === 'shrink_end').length;
      const show = { variant: q.variant, step: begin?.i ?? end.i };
      const why = `The call from step ${show.step} to step ${end.i} (one of ${calls} in the run) frees ${freed} extents in ${scanUs} µs; kswapd and direct reclaim ask for 128 objects a batch, and ${q.variant}'s shrinker walks ${q.variant === 'baseline' ? 'the list in order, each tree from its first extent, passing delayed extents, until 128 are freed' : q.variant === 'es-slist' ? 'the inode list round robin, dropping the lock per inode' : 'each inode from its resume position, within a budget of 128 scanned'}.`;
      if (q.id === 'next-freed') return { value: freed, correct: [], text: `${freed} extents`, why, show };
      return { value: scanUs, correct: [], text: `${scanUs} µs`, why, show };
    }
    case 'sorts': {
      const { marks, out } = await marksOf(runner, req, ['sort']);
      const sorts = metric(out, 'list_sorts');
      const first = firstMark(marks, 'sort');
      return {
        value: sorts,
        correct: [],
        text: `${sorts} sorts`,
        why: `A baseline call skips the inodes touched since the last sort; when it frees nothing and skipped some, it sorts the list by touch time under s_es_lock and tries once more (the longest call's sort took ${metric(out, 'max_scan_sort_us')} µs; ${metric(out, 'shrinker_calls')} calls in all).`,
        show: { variant: 'baseline', step: first?.i ?? 1 },
      };
    }
    default:
      throw new SimError(`${LAB} has no question "${q.id}"`, 'invalid');
  }
}

/* every parameter sets the case's size: the questions fix them all */
export const questions: LabQuestions = { lab: LAB, draws: DRAWS, follows: [], generate, answer };
