import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { buildHash } from './router';
import { clampStep, historyMode, readQuery, restoreFromHash, sameBesidesStep, sameGesture, SEEK_COALESCE_MS, stepOnly, urlWritePlan, withIssue } from './useLabUrlState';
import { defaultViewState, serializeLabQuery, type LabViewState } from './urlState';
import { LAB_IDS } from '../labs/registry.gen';

const [LAB, OTHER] = LAB_IDS;

const specs: ParamSpec[] = [
  { name: 'ways', type: 'int', unit: 'threads', min: 1, max: 64, default: 16, help: '' },
  { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, help: '', choices: ['ext4', 'btrfs'], default_name: 'ext4' },
];
const shape = { specs, variants: ['baseline', 'es-cache', 'es-gc'] };
const defaults = defaultViewState(shape, { ways: 4 });

describe('readQuery', () => {
  it('reads the view of the query, whatever the path, and whether it names a step', () => {
    const r = readQuery('#/lab/x?variant=side&a=baseline&b=es-cache&ways=8&fs=btrfs&seed=3&step=40', shape, defaults);
    expect(r.issues).toEqual([]);
    expect(r.state).toEqual({ variant: 'side', shown: ['baseline', 'es-cache'], params: { ways: 8, fs: 1 }, seed: 3, step: 40 });
    expect(r.stepInUrl).toBe(true);
    expect(readQuery('#/lab/x?ways=8', shape, defaults).stepInUrl).toBe(false);
    expect(readQuery('', shape, defaults)).toEqual({ state: defaults, issues: [], stepInUrl: false });
  });

  it('opens the opening configuration at its opening step, and any other configuration or seed at step 1', () => {
    const opening = defaultViewState(shape, { ways: 4 }, 500);
    expect(readQuery('#/lab/x', shape, opening).state.step).toBe(500);
    expect(readQuery('#/lab/x?variant=side', shape, opening).state.step).toBe(500);
    expect(readQuery('#/lab/x?ways=4', shape, opening).state.step).toBe(500);
    expect(readQuery('#/lab/x?ways=8', shape, opening).state.step).toBe(1);
    expect(readQuery('#/lab/x?seed=2', shape, opening).state.step).toBe(1);
    expect(readQuery('#/lab/x?ways=8&step=70', shape, opening).state.step).toBe(70);
  });

  it('round-trips what the page writes', () => {
    const state = { ...defaults, variant: 'side', shown: ['es-cache', 'es-gc'], params: { ways: 32, fs: 1 }, seed: 9, step: 17 };
    const hash = buildHash('/lab/x', serializeLabQuery(state, shape));
    expect(readQuery(hash, shape, defaults)).toEqual({ state, issues: [], stepInUrl: true });
  });
});

describe('restoreFromHash', () => {
  it("restores a changed hash of this lab's page, and ignores other pages", () => {
    expect(restoreFromHash(`#/lab/${LAB}?ways=2`, LAB, shape, defaults)?.state.params.ways).toBe(2);
    expect(restoreFromHash(`#/lab/${OTHER}?ways=2`, LAB, shape, defaults)).toBeNull();
    expect(restoreFromHash('#/', LAB, shape, defaults)).toBeNull();
  });

  it('reports bad values and keeps the rest', () => {
    const r = restoreFromHash(`#/lab/${LAB}?ways=999&seed=5`, LAB, shape, defaults)!;
    expect(r.state.params.ways).toBe(4);
    expect(r.state.seed).toBe(5);
    expect(r.issues.map((i) => i.key)).toEqual(['ways']);
  });
});

describe('urlWritePlan', () => {
  it('writes at once when paused, at most one timer at a time while playing', () => {
    expect(urlWritePlan(false, false)).toBe('now');
    expect(urlWritePlan(false, true)).toBe('now');
    expect(urlWritePlan(true, false)).toBe('arm');
    expect(urlWritePlan(true, true)).toBe('pending');
  });
});

describe('clampStep', () => {
  it('leaves a step within the run', () => {
    expect(clampStep(10, 10, true)).toBeNull();
    expect(clampStep(1, 10, false)).toBeNull();
  });

  it("clamps a step past the run's end, with an issue only when the URL named it", () => {
    expect(clampStep(120, 40, true)).toEqual({
      step: 40,
      issue: { key: 'step', value: '120', message: 'step=120 is beyond the last step of this run; allowed 1..40 (using 40)' },
    });
    expect(clampStep(120, 40, false)).toEqual({ step: 40, issue: null });
  });
});

describe('withIssue', () => {
  it('replaces an issue of the same key and keeps the others', () => {
    const a = { key: 'ways', value: '999', message: 'm1' };
    const b = { key: 'step', value: '5', message: 'm2' };
    const c = { key: 'step', value: '9', message: 'm3' };
    expect(withIssue([a, b], c)).toEqual([a, c]);
    expect(withIssue([], c)).toEqual([c]);
  });
});

describe('historyMode', () => {
  it('makes a deliberate change an entry, and a restored or clamped view not', () => {
    expect(historyMode({ quiet: false, history: true, playedEntry: false })).toBe('push');
    expect(historyMode({ quiet: true, history: true, playedEntry: false })).toBe('replace');
  });
  it('makes one entry for a play, then replaces it', () => {
    expect(historyMode({ quiet: false, history: true, playedEntry: true })).toBe('replace');
  });
  it('never makes entries where history is off (an embed)', () => {
    expect(historyMode({ quiet: false, history: false, playedEntry: false })).toBe('replace');
  });
});

describe('restoreFromHash of an embed', () => {
  it('restores from the embed route of the same lab only', () => {
    expect(restoreFromHash('#/embed/x/heatmap?ways=8', 'x', shape, defaults)?.state.params.ways).toBe(8);
    expect(restoreFromHash('#/embed/y/heatmap?ways=8', 'x', shape, defaults)).toBeNull();
  });
});

describe('sameGesture', () => {
  const at = (step: number, extra = '') => `#/lab/x?variant=before&seed=1&step=${step}${extra}`;
  const entry = (step: number, t: number, only = true) => ({ hash: at(step), at: t, stepOnly: only });
  it('joins steps that come close together into one entry', () => {
    expect(stepOnly(at(3), at(9))).toBe(true);
    expect(sameGesture(entry(3, 1000), at(9), 1100)).toBe(true);
  });
  it('keeps them apart when far apart in time, when more than the step changed, or after an entry that was not a step', () => {
    expect(sameGesture(entry(3, 1000), at(9), 1000 + SEEK_COALESCE_MS)).toBe(false);
    expect(stepOnly(at(3), at(3, '&speed=60'))).toBe(false);
    expect(sameGesture(entry(3, 1000), at(4, '&speed=60'), 1100)).toBe(false);
    expect(sameGesture(entry(3, 1000, false), at(4), 1100)).toBe(false);
    expect(sameGesture(null, at(3), 0)).toBe(false);
  });
});

describe('sameBesidesStep', () => {
  const params = { ways: 4 };
  const shown = ['before', 'after'];
  const v: LabViewState = { variant: 'before', shown, params, seed: 1, step: 10 };

  it('holds views that differ in the step alone the same', () => {
    expect(sameBesidesStep(v, { ...v, step: 11 })).toBe(true);
    expect(sameBesidesStep(v, v)).toBe(true);
  });

  it('tells a change of anything else, or an option set or dropped', () => {
    expect(sameBesidesStep(v, { ...v, step: 11, seed: 2 })).toBe(false);
    expect(sameBesidesStep(v, { ...v, params: { ways: 4 } })).toBe(false);
    expect(sameBesidesStep(v, { ...v, speed: 5000 })).toBe(false);
    expect(sameBesidesStep({ ...v, present: 'animation' }, v)).toBe(false);
  });
});
