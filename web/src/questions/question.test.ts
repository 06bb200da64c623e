/**
 * The questions' generator and grading, without the simulator: every lab's
 * questions are the same for a seed, differ across seeds, draw within their
 * ranges, and are graded as the page grades them.
 */
import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { serializeLabQuery } from '../app/urlState';
import { questionLabs, questionsFor } from './answers';
import { LAB_QUESTIONS } from '../labs/questions.gen';
import { LAB_IDS } from '../labs/registry.gen';
import { answerProblem, Draw, grade, parseNumber, showMeHash, type Answer, type Question } from './question';

const LABS = LAB_IDS;
const FIRST = LABS[0];
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

describe('the generator', () => {
  it('has questions for every lab, 3 to 5 each, with ids unique within the lab', () => {
    expect(questionLabs().sort()).toEqual([...LABS].sort());
    for (const lab of LABS)
      for (const seed of [0, 1, 4_294_967_295]) {
        const qs = questionsFor(lab, seed);
        expect(qs.length, lab).toBeGreaterThanOrEqual(3);
        expect(qs.length, lab).toBeLessThanOrEqual(5);
        expect(new Set(qs.map((q) => q.id)).size).toBe(qs.length);
        for (const q of qs) expect(q).toMatchObject({ lab, seed });
      }
  });

  it('draws the same questions for the same seed', () => {
    for (const lab of LABS) for (const seed of SEEDS) expect(questionsFor(lab, seed)).toEqual(questionsFor(lab, seed));
  });

  it('draws different questions across seeds', () => {
    for (const lab of LABS) {
      const texts = new Set(SEEDS.map((seed) => JSON.stringify(questionsFor(lab, seed).map((q) => [q.text, q.params]))));
      /* 40 seeds, and the narrowest lab draws from 3 variants x 75,001 steps */
      expect(texts.size, lab).toBeGreaterThan(30);
    }
  });

  it('keeps every drawn value within its range, and the run holds the drawn parameters', () => {
    for (const lab of LABS) {
      const draws = LAB_QUESTIONS[lab].draws;
      const seen = new Map<string, Set<number>>();
      for (const seed of SEEDS)
        for (const q of questionsFor(lab, seed))
          for (const input of q.inputs) {
            const range = draws[input.name];
            expect(range, `${lab} draws ${input.name}`).toBeDefined();
            expect([input.min, input.max]).toEqual(range);
            expect(input.value).toBeGreaterThanOrEqual(input.min);
            expect(input.value).toBeLessThanOrEqual(input.max);
            expect(Number.isInteger(input.value)).toBe(true);
            if (input.name === 'step') expect(q.step).toBe(input.value);
            else expect(q.params[input.name]).toBe(input.value);
            seen.set(input.name, (seen.get(input.name) ?? new Set()).add(input.value));
          }
      /* the draws spread over their ranges, not one corner of them */
      for (const [name, values] of seen) expect(values.size, `${lab} ${name}`).toBeGreaterThan(2);
    }
  });

  it('follows the page\'s parameters it names, and no others', () => {
    for (const lab of LABS) {
      for (const name of LAB_QUESTIONS[lab].follows) expect(LAB_QUESTIONS[lab].draws).not.toHaveProperty(name);
      /* a parameter the questions do not follow leaves them as they are */
      const plain = questionsFor(lab, 4);
      expect(questionsFor(lab, 4, { no_such_parameter: 1 })).toEqual(plain);
    }
  });

  it('refuses an unknown lab and a bad seed, naming what is allowed', () => {
    expect(() => questionsFor('no-such-lab', 1)).toThrow(`unknown lab "no-such-lab" (labs with questions: ${LABS.join(', ')})`);
    expect(() => questionsFor(FIRST, -1)).toThrow(/seed must be a whole number from 0 to 4294967295/);
    expect(() => questionsFor(FIRST, 1.5)).toThrow(/seed must be/);
  });
});

describe('Draw', () => {
  it('stays within its bounds and depends on lab and seed', () => {
    const d = new Draw('x', 1);
    const values = Array.from({ length: 2000 }, () => d.int(3, 9));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(9);
    expect(new Draw('x', 1).next()).toBe(new Draw('x', 1).next());
    expect(new Draw('x', 1).next()).not.toBe(new Draw('x', 2).next());
    expect(new Draw('x', 1).next()).not.toBe(new Draw('y', 1).next());
    expect(() => d.int(5, 4)).toThrow(RangeError);
  });
});

const numberQ = (relTolerance: number): Question => ({
  id: 'n',
  lab: FIRST,
  seed: 3,
  text: '?',
  variant: 'before',
  params: { ways: 5, files: 7 },
  follows: {},
  inputs: [],
  step: null,
  answer: { kind: 'number', unit: 'nodes', relTolerance },
});
const answerOf = (value: number | null, correct: string[] = []): Answer => ({
  value,
  correct,
  text: '',
  why: '',
  show: { variant: 'before', step: 42 },
});

describe('grading', () => {
  it('grades a number exactly or within its tolerance', () => {
    expect(grade(numberQ(0), answerOf(780), '780')).toBe(true);
    expect(grade(numberQ(0), answerOf(780), ' 780 ')).toBe(true);
    expect(grade(numberQ(0), answerOf(780), '781')).toBe(false);
    expect(grade(numberQ(0.1), answerOf(2), '2.19')).toBe(true);
    expect(grade(numberQ(0.1), answerOf(2), '2.21')).toBe(false);
    expect(grade(numberQ(0), answerOf(1225), '1,225')).toBe(true);
    expect(grade(numberQ(0), answerOf(1), '')).toBeNull();
  });

  it('grades a choice by any of its right options', () => {
    const q: Question = { ...numberQ(0), answer: { kind: 'choice', options: ['fio/0', 'fio/1', 'no job'] } };
    expect(grade(q, answerOf(null, ['fio/0', 'fio/1']), 'fio/1')).toBe(true);
    expect(grade(q, answerOf(null, ['fio/0']), 'no job')).toBe(false);
  });

  it('says what is wrong with an answer it cannot grade', () => {
    expect(answerProblem(numberQ(0), 'lots')).toMatch(/"lots" is not a number/);
    expect(answerProblem(numberQ(0), '12')).toBeNull();
    const q: Question = { ...numberQ(0), answer: { kind: 'choice', options: ['CPU 0', 'no one'] } };
    expect(answerProblem(q, 'CPU 9')).toBe('"CPU 9" is not one of: CPU 0, no one');
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('-')).toBeNull();
  });
});

describe('show me', () => {
  it('writes the address the page writes for that view', () => {
    const specs: ParamSpec[] = [
      { name: 'ways', type: 'int', unit: '', min: 1, max: 256, default: 4, help: '' },
      { name: 'files', type: 'int', unit: '', min: 1, max: 65536, default: 16, help: '' },
      { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, help: '', choices: ['ext4', 'btrfs'], default_name: 'ext4' },
    ];
    const q = { ...numberQ(0), params: { ways: 5, fs: 1 } };
    const hash = showMeHash(q, answerOf(1), specs);
    const page = serializeLabQuery(
      { variant: 'before', shown: ['before', 'after'], params: { ways: 5, files: 16, fs: 1 }, seed: 3, step: 42 },
      { specs, variants: ['before', 'after'] },
    );
    expect(hash).toBe(`#/lab/${FIRST}?${new URLSearchParams(page).toString()}`);
  });
});
