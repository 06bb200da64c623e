import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { defaultViewState, ISSUES_SHOWN, lessonViewState, parseLabQuery, serializeLabQuery, shownVariants, toggleShown, viewVariants } from './urlState';

const specs: ParamSpec[] = [
  { name: 'ways', type: 'int', unit: 'threads', min: 1, max: 64, default: 16, help: '' },
  { name: 'files', type: 'int', unit: 'files', min: 1, max: 16384, default: 64, help: '' },
];

const lab = { specs, variants: ['before', 'after'] };
const PAIR = ['before', 'after'] as const;

describe('defaultViewState', () => {
  it('takes the preset where it is in range, else the table default', () => {
    const d = defaultViewState(lab, { ways: 4, files: 99999, other: 3 });
    expect(d.params).toEqual({ ways: 4, files: 64 });
    expect(d.variant).toBe('before');
    expect(d.shown).toEqual(PAIR);
    expect(d.step).toBe(1);
  });
});

describe('parseLabQuery', () => {
  const defaults = defaultViewState(lab, { ways: 4, files: 8 });

  it('restores a full view', () => {
    const q = new URLSearchParams('variant=side&ways=8&files=16&seed=7&step=120');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(issues).toEqual([]);
    expect(state).toEqual({ variant: 'side', shown: PAIR, params: { ways: 8, files: 16 }, seed: 7, step: 120 });
  });

  it('falls back per value and names the allowed range', () => {
    const q = new URLSearchParams('variant=sideways&ways=abc&files=99999&seed=-1&step=x');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(state).toEqual(defaults);
    expect(issues.map((i) => i.key)).toEqual(['variant', 'ways', 'files', 'seed', 'step']);
    expect(issues[0].message).toContain('before, after, side');
    expect(issues[1].message).toBe('ways=abc is not an integer; allowed 1..64 threads (using 4)');
    expect(issues[2].message).toBe('files=99999 is above the maximum; allowed 1..16384 files (using 8)');
  });

  it('rejects fractions and reports unknown keys', () => {
    const q = new URLSearchParams('ways=2.5&bogus=1');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(state.params.ways).toBe(4);
    expect(issues).toHaveLength(2);
    expect(issues[1].message).toContain('bogus=1 is not a parameter');
  });

  it('round-trips through serializeLabQuery', () => {
    const s = { variant: 'after', shown: PAIR, params: { ways: 2, files: 3 }, seed: 9, step: 5 };
    const q = new URLSearchParams(serializeLabQuery(s, lab));
    expect(q.toString()).toBe('variant=after&ways=2&files=3&seed=9&step=5');
    expect(parseLabQuery(q, lab, defaults).state).toEqual(s);
  });
});

describe('a careless or hostile URL', () => {
  const defaults = defaultViewState(lab, { ways: 4, files: 8 });

  it('takes a key given twice as not given, naming its values', () => {
    const { state, issues } = parseLabQuery(new URLSearchParams('ways=8&ways=16&files=16&seed=3&seed=3'), lab, defaults);
    expect(state.params).toEqual({ ways: 4, files: 16 });
    expect(state.seed).toBe(defaults.seed);
    expect(issues.map((i) => i.message)).toEqual([
      'ways is given 2 times (8, 16); give it once (using the default)',
      'seed is given 2 times (3, 3); give it once (using the default)',
    ]);
  });

  it('quotes a long value by its first 32 characters', () => {
    const { state, issues } = parseLabQuery(new URLSearchParams(`ways=${'9'.repeat(1_000_000)}`), lab, defaults);
    expect(state.params.ways).toBe(4);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toBe(`ways=${'9'.repeat(32)}… is above the maximum; allowed 1..64 threads (using 4)`);
  });

  it('reports thousands of bad keys by the first few and their count', () => {
    const q = new URLSearchParams(Array.from({ length: 100_000 }, (_, i) => `k${i}=1`).join('&'));
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(state).toEqual(defaults);
    expect(issues).toHaveLength(ISSUES_SHOWN + 1);
    expect(issues[0]!.message).toMatch(/^k0=1 is not a parameter of this lab/);
    expect(issues[ISSUES_SHOWN]!.message).toBe('and 99,990 more values that were not usable or not known (ignored)');
  });

  it('keeps markup as text in its messages, and never as a value', () => {
    const q = new URLSearchParams('ways=<script>alert(1)</script>&variant="><img src=x onerror=alert(1)>');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(state).toEqual(defaults);
    expect(issues.map((i) => i.message)).toEqual([
      'variant="><img src=x onerror=alert(1)> is unknown; allowed: before, after, side (using before)',
      'ways=<script>alert(1)</script> is not an integer; allowed 1..64 threads (using 4)',
    ]);
  });
});

describe('a choice parameter in the URL', () => {
  const withFs: ParamSpec[] = [
    { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, default_name: 'ext4', choices: ['ext4', 'btrfs'], help: '' },
    ...specs,
  ];
  const withFsLab = { specs: withFs, variants: ['before', 'after'] };
  const defaults = defaultViewState(withFsLab, { ways: 4 });

  it('is read from its name, or from its index', () => {
    for (const fs of ['btrfs', '1']) {
      const { state, issues } = parseLabQuery(new URLSearchParams(`fs=${fs}&ways=8`), withFsLab, defaults);
      expect(issues).toEqual([]);
      expect(state.params).toEqual({ fs: 1, ways: 8, files: 64 });
    }
    expect(parseLabQuery(new URLSearchParams('fs=ext4'), withFsLab, defaults).state.params.fs).toBe(0);
  });

  it('is written by its name, and round-trips', () => {
    const s = { variant: 'before', shown: PAIR, params: { fs: 1, ways: 2, files: 3 }, seed: 1, step: 1 };
    const q = new URLSearchParams(serializeLabQuery(s, withFsLab));
    expect(q.toString()).toBe('variant=before&fs=btrfs&ways=2&files=3&seed=1&step=1');
    expect(parseLabQuery(q, withFsLab, defaults).state).toEqual(s);
  });

  it('falls back to its default on a name it does not have, listing the names', () => {
    for (const fs of ['xfs', '7', 'BTRFS', '']) {
      const { state, issues } = parseLabQuery(new URLSearchParams({ fs }), withFsLab, defaults);
      expect(state.params.fs).toBe(0);
      expect(issues).toEqual([{ key: 'fs', value: fs, message: `fs=${fs} is unknown; allowed ext4, btrfs (using ext4)` }]);
    }
  });
});

describe('a lab of more than two variants', () => {
  const six = { specs, variants: ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc', 'upstream'] };
  const defaults = defaultViewState(six, {});

  it('starts on its first variant, side by side shows its first and last', () => {
    expect(defaults.variant).toBe('baseline');
    expect(defaults.shown).toEqual(['baseline', 'upstream']);
    expect(viewVariants(six)).toEqual([...six.variants, 'side']);
    expect(shownVariants(defaults)).toEqual(['baseline']);
    expect(shownVariants({ ...defaults, variant: 'side' })).toEqual(['baseline', 'upstream']);
  });

  it('takes any of its variants, and any number of them side by side from show', () => {
    const one = parseLabQuery(new URLSearchParams('variant=es-slist'), six, defaults);
    expect(one.issues).toEqual([]);
    expect(shownVariants(one.state)).toEqual(['es-slist']);
    const q = new URLSearchParams('variant=side&show=es-cache,es-gc,upstream&ways=3');
    const { state, issues } = parseLabQuery(q, six, defaults);
    expect(issues).toEqual([]);
    expect(state).toMatchObject({ variant: 'side', shown: ['es-cache', 'es-gc', 'upstream'] });
    expect(shownVariants(state)).toEqual(['es-cache', 'es-gc', 'upstream']);
    const all = parseLabQuery(new URLSearchParams(`variant=side&show=${six.variants.join(',')}`), six, defaults);
    expect(shownVariants(all.state)).toEqual(six.variants);
  });

  it('reads the older a and b as two side by side', () => {
    const { state, issues } = parseLabQuery(new URLSearchParams('variant=side&a=es-gc&b=baseline'), six, defaults);
    expect(issues).toEqual([]);
    expect(state.shown).toEqual(['es-gc', 'baseline']);
  });

  it('writes show side by side, in the order shown, and round-trips', () => {
    const s = { ...defaults, variant: 'side', shown: ['es-gc', 'baseline', 'es-ilist'] };
    const q = new URLSearchParams(serializeLabQuery(s, six));
    expect(q.toString()).toBe('variant=side&show=es-gc%2Cbaseline%2Ces-ilist&ways=16&files=64&seed=1&step=1');
    expect(parseLabQuery(q, six, defaults).state).toEqual(s);
    expect(new URLSearchParams(serializeLabQuery({ ...s, variant: 'es-gc' }, six)).has('show')).toBe(false);
  });

  it('refuses a variant it does not have, one listed twice, and fewer than two, naming what is allowed', () => {
    const bad = parseLabQuery(new URLSearchParams('variant=after&show=baseline,es-zz'), six, defaults);
    expect(bad.state.variant).toBe('baseline');
    expect(bad.state.shown).toEqual(['baseline', 'upstream']);
    expect(bad.issues.map((i) => i.message)).toEqual([
      'variant=after is unknown; allowed: baseline, es-cache, es-slist, es-ilist, es-gc, upstream, side (using baseline)',
      'es-zz is not a variant; allowed: baseline, es-cache, es-slist, es-ilist, es-gc, upstream (using show=baseline,upstream)',
    ]);
    const same = parseLabQuery(new URLSearchParams('variant=side&show=es-gc,es-gc'), six, defaults);
    expect(same.state.shown).toEqual(['baseline', 'upstream']);
    expect(same.issues[0]?.message).toContain('listed twice');
    const one = parseLabQuery(new URLSearchParams('variant=side&show=es-gc'), six, defaults);
    expect(one.state.shown).toEqual(['baseline', 'upstream']);
    expect(one.issues[0]?.message).toContain('two variants or more, got 1');
  });

  it('ticks and unticks variants in the lab order, never below two', () => {
    expect(toggleShown(['baseline', 'upstream'], 'es-slist', six.variants)).toEqual(['baseline', 'es-slist', 'upstream']);
    expect(toggleShown(['baseline', 'es-slist', 'upstream'], 'baseline', six.variants)).toEqual(['es-slist', 'upstream']);
    expect(toggleShown(['baseline', 'upstream'], 'upstream', six.variants)).toEqual(['baseline', 'upstream']);
  });
});

describe('the view options in the URL', () => {
  const defaults = defaultViewState(lab, { ways: 4, files: 8 });

  it('reads colour-by, buckets, speed, code follows and the presenter view', () => {
    const q = new URLSearchParams('variant=side&color=spin&buckets=240&speed=60&follow=after&present=heatmap');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(issues).toEqual([]);
    expect(state).toMatchObject({ color: 'spin', buckets: 240, speed: 60, follow: 'after', present: 'heatmap' });
  });

  it('leaves each one out when the URL does not give it', () => {
    const { state } = parseLabQuery(new URLSearchParams('ways=8'), lab, defaults);
    for (const k of ['color', 'buckets', 'speed', 'follow', 'present']) expect(state).not.toHaveProperty(k);
  });

  it('reports every bad value with what is allowed, and keeps the default for it', () => {
    const q = new URLSearchParams('color=pink&buckets=100&speed=7&follow=middle&present=slides&ways=8');
    const { state, issues } = parseLabQuery(q, lab, defaults);
    expect(state.params.ways).toBe(8);
    for (const k of ['color', 'buckets', 'speed', 'follow', 'present']) expect(state).not.toHaveProperty(k);
    expect(issues.map((i) => i.key)).toEqual(['color', 'buckets', 'speed', 'follow', 'present']);
    expect(issues[0].message).toBe('color=pink is unknown; allowed: dominant, spin, sleep, run, io, idle (using dominant)');
    expect(issues[1].message).toBe('buckets=100 is unknown; allowed: 60, 120, 240, 480 (using 120)');
    expect(issues[2].message).toBe('speed=7 is unknown; allowed: 1, 2, 5, 10, 25, 60, 200, 1000, 5000 (using 10)');
    expect(issues[3].message).toBe('follow=middle is unknown; allowed: before, after (using the first variant shown)');
    expect(issues[4].message).toBe(
      'present=slides is unknown; allowed: mail, mechanism, animation, table, heatmap, kernel (using no presenter mode)',
    );
  });

  it('offers only the views the lab has', () => {
    const { issues } = parseLabQuery(new URLSearchParams('present=mechanism'), { ...lab, views: ['mail', 'animation'] }, defaults);
    expect(issues.map((i) => i.message)).toEqual(['present=mechanism is unknown; allowed: mail, animation (using no presenter mode)']);
  });

  it('writes only the options that differ from the default, and reads back what it wrote', () => {
    const plain = serializeLabQuery({ ...defaults, color: 'dominant', buckets: 120, speed: 10 }, lab).map(([k]) => k);
    expect(plain).toEqual(['variant', 'ways', 'files', 'seed', 'step']);
    const state = { ...defaults, variant: 'side', color: 'sleep' as const, buckets: 480, speed: 1000, follow: 'after', present: 'table' as const };
    const pairs = serializeLabQuery(state, lab);
    expect(pairs.slice(-5)).toEqual([
      ['color', 'sleep'],
      ['buckets', '480'],
      ['speed', '1000'],
      ['follow', 'after'],
      ['present', 'table'],
    ]);
    const back = parseLabQuery(new URLSearchParams(pairs), lab, defaults);
    expect(back.issues).toEqual([]);
    expect(back.state).toEqual(state);
  });
});

describe('a lesson moment in the URL (at=)', () => {
  const shape = { ...lab, moments: ['first-walk', 'commit-ends'] };
  const lesson = { variants: PAIR, params: { ways: 8, files: 32 }, moments: [{ id: 'first-walk' }, { id: 'commit-ends' }] };
  const defaults = lessonViewState(shape, lesson, 40);

  it('opens on the lesson: both variants side by side, its parameters, at its decisive moment', () => {
    expect(defaults).toEqual({ variant: 'side', shown: PAIR, params: { ways: 8, files: 32 }, seed: 1, step: 40, at: 'first-walk' });
    expect(parseLabQuery(new URLSearchParams(''), shape, defaults).state.at).toBe('first-walk');
  });
  it('takes a named moment over a step, and a step alone leaves the default moment out', () => {
    expect(parseLabQuery(new URLSearchParams('at=commit-ends&step=9'), shape, defaults).state.at).toBe('commit-ends');
    const stepOnly = parseLabQuery(new URLSearchParams('step=9'), shape, defaults).state;
    expect(stepOnly.at).toBeUndefined();
    expect(stepOnly.step).toBe(9);
  });
  it('falls back to the decisive moment for a bad step', () => {
    const { state, issues } = parseLabQuery(new URLSearchParams('step=0'), shape, defaults);
    expect(state.at).toBe('first-walk');
    expect(issues.map((i) => i.key)).toEqual(['step']);
  });
  it('refuses a moment the lesson has not, naming those it has', () => {
    const { state, issues } = parseLabQuery(new URLSearchParams('at=nowhere'), shape, defaults);
    expect(state.at).toBeUndefined();
    expect(issues).toEqual([{ key: 'at', value: 'nowhere', message: "at=nowhere is not a moment of this lab's lesson; allowed: first-walk, commit-ends (ignored)" }]);
    expect(parseLabQuery(new URLSearchParams('at=x'), lab, defaultViewState(lab)).issues[0]!.message).toBe("at=x: this lab declares no moments (ignored)");
  });
  it('writes the moment instead of the step until it is found', () => {
    const q = serializeLabQuery(defaults, shape);
    expect(q).toContainEqual(['at', 'first-walk']);
    expect(q.some(([k]) => k === 'step')).toBe(false);
    const { at: _at, ...found } = defaults;
    expect(serializeLabQuery({ ...found, step: 77 }, shape)).toContainEqual(['step', '77']);
  });
});
