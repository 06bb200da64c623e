import { describe, expect, it } from 'vitest';
import type { LessonMoment } from '../core/lesson';
import type { Mark, RunOutput } from '../core/types';
import { momentMarks, momentStep } from './runs';

/* a whole run as momentStep reads it: its marks and its length */
function run(marks: Omit<Mark, 't'>[], steps = 1000): RunOutput {
  return { result: { sim: { steps } }, marks: { marks: marks.map((m) => ({ ...m, t: 0 })) } } as unknown as RunOutput;
}

const queue: LessonMoment = { id: 'queue', label: 'three wait', variant: 'before', kind: 'contended', where: [{ arg: 'b', min: 3 }] };
const lookup: LessonMoment = { id: 'lookup', label: 'a lookup', variant: 'after', kind: 'lookup_rcu', after: 5 };

describe('momentStep: where a whole-run answer is shown', () => {
  it('marks every moment kind once, as the lesson does', () => {
    expect(momentMarks([queue, lookup, { ...lookup, id: 'again' }])).toEqual({ marks: ['contended', 'lookup_rcu'], marksMax: 65536 });
  });

  it('takes the first moment in order found in its own variant run', () => {
    const before = run([{ i: 40, kind: 'contended', a: 0, b: 2 }, { i: 90, kind: 'contended', a: 0, b: 3 }]);
    const after = run([{ i: 12, kind: 'lookup_rcu', a: 0, b: 0 }]);
    expect(momentStep({ before, after }, [queue, lookup])).toEqual({ moment: queue, step: 90 });
  });

  it('falls to the next moment when a run lacks the first, its offset kept within the run', () => {
    const before = run([{ i: 40, kind: 'contended', a: 0, b: 2 }]);
    const after = run([{ i: 12, kind: 'lookup_rcu', a: 0, b: 0 }], 14);
    expect(momentStep({ before, after }, [queue, lookup])).toEqual({ moment: lookup, step: 14 });
  });

  it('refuses runs that hold none of the moments, naming them', () => {
    expect(() => momentStep({ before: run([]) }, [queue, lookup])).toThrow(/none of the moments queue \(before\), lookup \(after\)/);
  });
});
