import { describe, expect, it } from 'vitest';
import { findMoment, lessonMoment, lessonProblems, momentKinds, stepMoment, type Lesson } from './lesson';
import type { Mark } from './types';

const mark = (i: number, kind: string, a = 0, b = 0): Mark => ({ i, t: i * 100, kind, a, b });
const marks = { marks: [mark(3, 'visit', 1), mark(5, 'commit_start', 9), mark(8, 'visit', 8), mark(9, 'visit', 12), mark(20, 'visit', 30)] };

const lesson: Lesson = {
  variants: ['before', 'after'],
  params: {},
  moments: [
    { id: 'deep-walk', label: 'deep', variant: 'before', kind: 'visit', where: [{ arg: 'a', min: 8 }] },
    { id: 'commit', label: 'commit', variant: 'after', kind: 'commit_start' },
  ],
  headline: { metric: 'creates_per_s', where: {} },
  look: 'look',
};

describe('findMoment', () => {
  it('finds the first mark of the kind meeting every condition, the n-th when asked, and lands after it', () => {
    expect(findMoment(marks, lesson.moments[0])).toBe(8);
    expect(findMoment(marks, { ...lesson.moments[0], nth: 2 })).toBe(9);
    expect(findMoment(marks, { ...lesson.moments[0], where: [{ arg: 'a', min: 8, max: 10 }], after: 4 })).toBe(12);
    expect(findMoment(marks, { ...lesson.moments[0], after: 50 }, 30)).toBe(30);
  });
  it('is null where no mark meets it', () => {
    expect(findMoment(marks, { ...lesson.moments[0], where: [{ arg: 'b', min: 1 }] })).toBeNull();
    expect(findMoment(marks, { ...lesson.moments[0], nth: 4 })).toBeNull();
    expect(findMoment({ marks: [] }, lesson.moments[1])).toBeNull();
  });
});

describe('a lesson', () => {
  const lab = { variants: ['before', 'after'], kinds: ['visit', 'commit_start'] };
  it('is sound when its variants and kinds are the lab\'s', () => {
    expect(lessonProblems(lesson, lab)).toEqual([]);
    expect(momentKinds(lesson, 'before')).toEqual(['visit']);
    expect(lessonMoment(lesson, 'commit').kind).toBe('commit_start');
  });
  it('names every problem of a bad declaration', () => {
    const bad: Lesson = {
      ...lesson,
      variants: ['before', 'before'],
      moments: [
        { id: 'Bad Id', label: '', variant: 'sideways', kind: 'nothing', nth: 0 },
        { id: 'commit', label: '', variant: 'after', kind: 'commit_start', after: -1 },
        { id: 'commit', label: '', variant: 'after', kind: 'commit_start' },
      ],
    };
    const problems = lessonProblems(bad, lab).join('\n');
    for (const words of ["compares 'before' with itself", "'Bad Id' is not lower case", "variant 'sideways'", "kind 'nothing'", 'nth must be', 'after must be', "'commit' is given twice"])
      expect(problems).toContain(words);
  });
  it('refuses a moment it does not have, naming those it has', () => {
    expect(() => lessonMoment(lesson, 'nowhere')).toThrow(/no moment 'nowhere'.*deep-walk, commit/);
  });
});

describe('stepMoment', () => {
  const found = ['walk', 'after-ends', 'before-ends'];
  it('walks the moments found in order, from none to the first or the last, and stops past the ends', () => {
    expect(stepMoment(found, null, 1)).toBe('walk');
    expect(stepMoment(found, 'walk', 1)).toBe('after-ends');
    expect(stepMoment(found, 'before-ends', 1)).toBeNull();
    expect(stepMoment(found, null, -1)).toBe('before-ends');
    expect(stepMoment(found, 'walk', -1)).toBeNull();
    expect(stepMoment(found, 'not-found', 1)).toBe('walk');
    expect(stepMoment([], null, 1)).toBeNull();
  });
});
