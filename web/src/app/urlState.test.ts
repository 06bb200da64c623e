import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { defaultViewState, parseLabQuery, serializeLabQuery } from './urlState';

const specs: ParamSpec[] = [
  { name: 'ways', type: 'int', unit: 'threads', min: 1, max: 64, default: 16, help: '' },
  { name: 'files', type: 'int', unit: 'files', min: 1, max: 16384, default: 64, help: '' },
];

describe('defaultViewState', () => {
  it('takes the preset where it is in range, else the table default', () => {
    const d = defaultViewState(specs, { ways: 4, files: 99999, other: 3 });
    expect(d.params).toEqual({ ways: 4, files: 64 });
    expect(d.variant).toBe('before');
    expect(d.step).toBe(1);
  });
});

describe('parseLabQuery', () => {
  const defaults = defaultViewState(specs, { ways: 4, files: 8 });

  it('restores a full view', () => {
    const q = new URLSearchParams('variant=side&ways=8&files=16&seed=7&step=120');
    const { state, issues } = parseLabQuery(q, specs, defaults);
    expect(issues).toEqual([]);
    expect(state).toEqual({ variant: 'side', params: { ways: 8, files: 16 }, seed: 7, step: 120 });
  });

  it('falls back per value and names the allowed range', () => {
    const q = new URLSearchParams('variant=sideways&ways=abc&files=99999&seed=-1&step=x');
    const { state, issues } = parseLabQuery(q, specs, defaults);
    expect(state).toEqual(defaults);
    expect(issues.map((i) => i.key)).toEqual(['variant', 'ways', 'files', 'seed', 'step']);
    expect(issues[0].message).toContain('before, after, side');
    expect(issues[1].message).toBe('ways=abc is not an integer; allowed 1..64 threads (using 4)');
    expect(issues[2].message).toBe('files=99999 is above the maximum; allowed 1..16384 files (using 8)');
  });

  it('rejects fractions and reports unknown keys', () => {
    const q = new URLSearchParams('ways=2.5&bogus=1');
    const { state, issues } = parseLabQuery(q, specs, defaults);
    expect(state.params.ways).toBe(4);
    expect(issues).toHaveLength(2);
    expect(issues[1].message).toContain('bogus=1 is not a parameter');
  });

  it('round-trips through serializeLabQuery', () => {
    const s = { variant: 'after' as const, params: { ways: 2, files: 3 }, seed: 9, step: 5 };
    const q = new URLSearchParams(serializeLabQuery(s, specs));
    expect(q.toString()).toBe('variant=after&ways=2&files=3&seed=9&step=5');
    expect(parseLabQuery(q, specs, defaults).state).toEqual(s);
  });
});

describe('a choice parameter in the URL', () => {
  const withFs: ParamSpec[] = [
    { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, default_name: 'ext4', choices: ['ext4', 'btrfs'], help: '' },
    ...specs,
  ];
  const defaults = defaultViewState(withFs, { ways: 4 });

  it('is read from its name, or from its index', () => {
    for (const fs of ['btrfs', '1']) {
      const { state, issues } = parseLabQuery(new URLSearchParams(`fs=${fs}&ways=8`), withFs, defaults);
      expect(issues).toEqual([]);
      expect(state.params).toEqual({ fs: 1, ways: 8, files: 64 });
    }
    expect(parseLabQuery(new URLSearchParams('fs=ext4'), withFs, defaults).state.params.fs).toBe(0);
  });

  it('is written by its name, and round-trips', () => {
    const s = { variant: 'before' as const, params: { fs: 1, ways: 2, files: 3 }, seed: 1, step: 1 };
    const q = new URLSearchParams(serializeLabQuery(s, withFs));
    expect(q.toString()).toBe('variant=before&fs=btrfs&ways=2&files=3&seed=1&step=1');
    expect(parseLabQuery(q, withFs, defaults).state).toEqual(s);
  });

  it('falls back to its default on a name it does not have, listing the names', () => {
    for (const fs of ['xfs', '7', 'BTRFS', '']) {
      const { state, issues } = parseLabQuery(new URLSearchParams({ fs }), withFs, defaults);
      expect(state.params.fs).toBe(0);
      expect(issues).toEqual([{ key: 'fs', value: fs, message: `fs=${fs} is unknown; allowed ext4, btrfs (using ext4)` }]);
    }
  });
});
