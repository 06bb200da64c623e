import { describe, expect, it } from 'vitest';
import { contractProblems, stepArgs, type StepContract } from './steps';
import { LabInfo, type Step } from './types';

const step = (kind: string, a: number, b: number): Step => ({ i: 1, t: 0, cpu: 0, task: 0, line: 1, kind, a, b });

const CONTRACT = { hit: ['bucket', 'ino'], fsync: ['ino', null], sleep: [null, null] } as const satisfies StepContract;

describe('stepArgs', () => {
  it("reads a step's a and b by the names its kind gives them", () => {
    expect(stepArgs(CONTRACT, step('hit', 3, 19))).toEqual({ bucket: 3, ino: 19 });
    expect(stepArgs(CONTRACT, step('fsync', 12, 0))).toEqual({ ino: 12 });
    expect(stepArgs(CONTRACT, step('sleep', 0, 0))).toEqual({});
  });
  it('gives nothing for a kind the contract does not know', () => {
    expect(stepArgs(CONTRACT, step('mystery', 1, 2))).toEqual({});
  });
});

describe('contractProblems', () => {
  const kinds = [
    { kind: 'hit', a: 'bucket', b: 'ino' },
    { kind: 'fsync', a: 'ino', b: null },
    { kind: 'sleep', a: null, b: null },
  ];
  it('finds none where the contract reads what the table declares', () => {
    expect(contractProblems(CONTRACT, kinds)).toEqual([]);
    /* reading fewer fields than the table names is fine */
    expect(contractProblems({ hit: [null, 'ino'] }, kinds)).toEqual([]);
  });
  it('names a missing kind, a renamed argument and an unused one', () => {
    expect(contractProblems({ miss: ['bucket', 'ino'] }, kinds)).toEqual(['miss: no such step kind']);
    expect(contractProblems({ hit: ['chain', 'ino'] }, kinds)).toEqual(['hit: a is bucket, not chain']);
    expect(contractProblems({ fsync: ['ino', 'dir'] }, kinds)).toEqual(['fsync: b is unused, not dir']);
  });
});

describe('the StepKind schema in LabInfo', () => {
  const lab = { id: 'x', title: 't', variants: ['before', 'after'], source: 'x.c' };
  it('takes names or null for a and b', () => {
    const r = LabInfo.safeParse({ ...lab, steps: [{ kind: 'hit', a: 'bucket', b: null }] });
    expect(r.success).toBe(true);
  });
  it('refuses a kind without a name, an empty argument name, or no steps at all', () => {
    expect(LabInfo.safeParse({ ...lab, steps: [{ kind: '', a: null, b: null }] }).success).toBe(false);
    expect(LabInfo.safeParse({ ...lab, steps: [{ kind: 'hit', a: '', b: null }] }).success).toBe(false);
    expect(LabInfo.safeParse(lab).success).toBe(false);
  });
});
