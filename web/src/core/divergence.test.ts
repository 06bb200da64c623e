/**
 * The first divergence on built step streams: events compared in order
 * whatever the steps between them, the lab's noise left out, a run that ends
 * early, the bound, and a walk in chunks that holds no more than it must.
 */
import { describe, expect, it } from 'vitest';
import { compileRule, firstDivergence, FIRST_CHUNK, sameEvent, type ChunkReader, type DivergenceRule } from './divergence';
import { SimError, type LabInfo, type Step } from './types';

const INFO: LabInfo = {
  id: 'toy',
  title: 'toy',
  variants: ['before', 'after'],
  source: 'toy.c',
  steps: [
    { kind: 'lock', a: 'lock', b: null },
    { kind: 'unlock', a: 'lock', b: null },
    { kind: 'sleep', a: null, b: null },
    { kind: 'visit', a: 'node', b: 'queue' },
    { kind: 'commit', a: 'records', b: 'ns' },
  ],
};

/** A run of `n` steps: the events at their steps, a lock step everywhere else (what the default rule leaves out). */
function run(n: number, events: Record<number, Partial<Step>>): Step[] {
  const out: Step[] = [];
  for (let i = 1; i <= n; i++) out.push({ i, t: i * 10, cpu: 0, task: 1, line: 7, kind: 'lock', a: 0, b: 0, ...events[i] });
  return out;
}

/** A reader of a built run, counting what it was asked for and holding nothing of its own. */
function reader(steps: readonly Step[], reads: [number, number][] = []): ChunkReader {
  return (from, to) => {
    reads.push([from, to]);
    const last = Math.min(to, steps.length);
    return { steps: steps.slice(from - 1, last), at: last, ended: steps.length <= to };
  };
}

const rule = (r: DivergenceRule = {}) => compileRule(INFO, r);
const ev = (kind: string, a = 0, b = 0, task = 1): Partial<Step> => ({ kind, a, b, task });

describe('firstDivergence', () => {
  it('finds the first event that differs, at the earlier of the two steps, each run with its own', () => {
    const a = run(100, { 10: ev('visit', 1), 20: ev('visit', 2), 30: ev('visit', 3) });
    /* the same first two events at other steps (lock steps between them are not compared), then another node */
    const b = run(100, { 12: ev('visit', 1), 25: ev('visit', 2), 28: ev('visit', 9) });
    const d = firstDivergence([reader(a), reader(b)], rule());
    expect(d).toMatchObject({ found: true, step: 28, same: 2 });
    if (!d.found) return;
    expect(d.runs.map((r) => [r.step, r.event?.a])).toEqual([
      [30, 3],
      [28, 9],
    ]);
  });

  it('compares kind, task, a and b by default, and leaves out what the lab declares noise', () => {
    const a = run(50, { 5: ev('commit', 3, 1200), 9: ev('visit', 1, 0, 2) });
    const b = run(50, { 5: ev('commit', 3, 900), 9: ev('visit', 1, 0, 3) });
    expect(firstDivergence([reader(a), reader(b)], rule())).toMatchObject({ found: true, step: 5 });
    /* the commit's duration is noise: the task that visits is the difference */
    expect(firstDivergence([reader(a), reader(b)], rule({ noise: { commit: ['b'] } }))).toMatchObject({ found: true, step: 9, same: 1 });
    expect(firstDivergence([reader(a), reader(b)], rule({ noise: { commit: ['b'], visit: ['task'] } }))).toMatchObject({
      found: false,
      why: 'same',
      same: 2,
      walked: [50, 50],
    });
  });

  it("compares the engine's kinds only where the rule names them", () => {
    const a = run(10, { 4: ev('sleep') });
    const b = run(10, {});
    expect(firstDivergence([reader(a), reader(b)], rule({ kinds: ['visit'] }))).toMatchObject({ found: false, why: 'same' });
    /* every other step is a lock step: the sleep stands where b has a lock */
    expect(firstDivergence([reader(a), reader(b)], rule({ kinds: ['visit'], engineKinds: ['lock', 'sleep'] }))).toMatchObject({
      found: true,
      step: 4,
      same: 3,
    });
  });

  it('ends at an event the other run never does: that run is at its last step, with no event', () => {
    const a = run(40, { 10: ev('visit', 1) });
    const b = run(60, { 10: ev('visit', 1), 55: ev('visit', 2) });
    const d = firstDivergence([reader(a), reader(b)], rule());
    expect(d).toMatchObject({ found: true, step: 55, same: 1 });
    if (d.found)
      expect(d.runs).toEqual([
        { step: 40, event: null, text: 'ends at step 40' },
        { step: 55, event: b[54], text: 'T1 visit (node 2, queue 0) at line 7' },
      ]);
    /* the other way round too */
    const e = firstDivergence([reader(b), reader(a)], rule());
    if (e.found) expect(e.runs.map((r) => [r.step, r.event])).toEqual([[55, b[54]], [40, null]]);
    expect(e.found).toBe(true);
  });

  it('says when the runs agree up to the bound, and how far each was walked', () => {
    const a = run(20_000, { 10: ev('visit', 1), 15_000: ev('visit', 2) });
    const b = run(20_000, { 10: ev('visit', 1), 15_000: ev('visit', 3) });
    expect(firstDivergence([reader(a), reader(b)], rule(), 10_000)).toEqual({ found: false, why: 'bound', same: 1, walked: [10_000, 10_000], maxSteps: 10_000 });
    expect(firstDivergence([reader(a), reader(b)], rule(), 15_000)).toMatchObject({ found: true, step: 15_000 });
  });

  it('is not fooled by the bound when one run is ahead: an event of one past the other\'s bound is not a difference', () => {
    /* b does the event at 900, a at 1,100: both the same; with a bound of 1,000 nothing can be said */
    const a = run(2_000, { 1_100: ev('visit', 5) });
    const b = run(2_000, { 900: ev('visit', 5) });
    expect(firstDivergence([reader(a), reader(b)], rule(), 1_000)).toMatchObject({ found: false, why: 'bound', same: 0 });
    expect(firstDivergence([reader(a), reader(b)], rule(), 2_000)).toMatchObject({ found: false, why: 'same', same: 1 });
  });

  it('reads in chunks that double, from the step after the last, the run behind in events first', () => {
    const n = 100_000;
    const a = run(n, { 50_000: ev('visit', 1) });
    const b = run(n, { 70_000: ev('visit', 2) });
    const ra: [number, number][] = [];
    const rb: [number, number][] = [];
    const d = firstDivergence([reader(a, ra), reader(b, rb)], rule());
    expect(d).toMatchObject({ found: true, step: 50_000 });
    expect(ra[0]).toEqual([1, FIRST_CHUNK]);
    expect(ra[1]).toEqual([FIRST_CHUNK + 1, 3 * FIRST_CHUNK]);
    for (const reads of [ra, rb]) for (let k = 1; k < reads.length; k++) expect(reads[k]![0]).toBe(reads[k - 1]![1] + 1);
    /* a had its event first and waited: b was read on alone until it had one */
    expect(ra.at(-1)![1]).toBeGreaterThanOrEqual(50_000);
    expect(ra.at(-1)![1]).toBeLessThan(70_000);
    expect(rb.at(-1)![1]).toBeGreaterThanOrEqual(70_000);
  });

  it('keeps the run whose events are ahead waiting, not read on', () => {
    /* a has an event every step from 1 on; b none until it ends: a is read once, b to its end */
    const a = run(300_000, Object.fromEntries(Array.from({ length: 300_000 }, (_, k) => [k + 1, ev('visit', k)])));
    const b = run(300_000, {});
    const ra: [number, number][] = [];
    const d = firstDivergence([reader(a, ra), reader(b)], rule(), 400_000);
    expect(d).toMatchObject({ found: true, step: 1, same: 0 });
    expect(ra).toEqual([[1, FIRST_CHUNK]]);
  });

  it('refuses a bound that is not a whole number of steps from 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => firstDivergence([reader([]), reader([])], rule(), bad)).toThrow(/walks 1 or more steps of each run/);
  });

  it('refuses a reader that stops short of the chunk without ending', () => {
    const stuck: ChunkReader = () => ({ steps: [], at: 3, ended: false });
    expect(() => firstDivergence([stuck, reader([])], rule())).toThrow(/stopped at step 3 without ending/);
  });
});

describe('compileRule', () => {
  it("takes the lab's own kinds by default, all three fields of each", () => {
    const r = rule();
    expect([...r.kinds]).toEqual(['visit', 'commit']);
    expect(r.fields.get('visit')).toEqual(['task', 'a', 'b']);
  });

  it('refuses a kind the lab has not, names where each kind belongs, and refuses unknown fields and noise of kinds not compared', () => {
    const refused = (r: DivergenceRule) => {
      try {
        rule(r);
      } catch (e) {
        expect(e).toBeInstanceOf(SimError);
        return (e as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused({ kinds: ['walk'] })).toBe('the divergence rule of toy: "walk" is not one of its own step kinds (visit, commit)');
    expect(refused({ kinds: ['lock'] })).toMatch(/"lock" is not one of its own step kinds/);
    expect(refused({ engineKinds: ['visit'] })).toMatch(/"visit" is not one of the engine's step kinds \(lock, unlock, sleep, wake, io, rcu_sync\)/);
    expect(refused({ kinds: [] })).toMatch(/it compares no step kind/);
    expect(refused({ noise: { lock: ['a'] } })).toMatch(/noise of step kind "lock", which it does not compare \(it compares: visit, commit\)/);
    expect(refused({ noise: { visit: ['cpu' as 'a'] } })).toMatch(/"cpu" of visit is not a field \(fields: task, a, b\)/);
  });

  it('sameEvent reads only the fields kept', () => {
    const r = rule({ noise: { commit: ['b'] } });
    const x = { i: 1, t: 1, cpu: 0, task: 1, line: 1, kind: 'commit', a: 2, b: 100 };
    expect(sameEvent(r, x, { ...x, i: 9, t: 90, cpu: 3, line: 4, b: 7 })).toBe(true);
    expect(sameEvent(r, x, { ...x, a: 3 })).toBe(false);
    expect(sameEvent(r, x, { ...x, task: 2 })).toBe(false);
    expect(sameEvent(r, x, { ...x, kind: 'visit' })).toBe(false);
  });
});
