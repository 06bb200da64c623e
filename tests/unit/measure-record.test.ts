/**
 * The measure scripts' shared part (lib/measured.ts, bench/measure-record.ts):
 * an entry written to its day's file reads back as it was, a file that is not
 * a day of entries is refused naming the file and the field, the docs' table
 * is replaced between its markers alone, and the pairs run over the seeds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appendMeasured, readMeasuredDays, seedsOption } from '../../bench/measure-record';
import { column, JsonNumber, MeasuredBase, newestEntry, overSeeds, verdictRecord, VerdictRecord, withBetweenMarkers } from '../../lib/measured';
import { tryVerdict } from '../../lib/verdict';

const Entry = MeasuredBase.extend({ label: z.string(), values: z.array(JsonNumber), verdict: VerdictRecord });
type Entry = z.output<typeof Entry>;

const entry = (at: string, label: string): Entry => ({
  at,
  revision: { commit: 'c0ffee', wasm_core: 'beef', dirty: false },
  machine: { cpus: 2, model: 'a CPU', memory_bytes: 1 << 30, node: 'v20', platform: 'linux' },
  load: { before: [1, 2, 3], after: [4, 5, 6] },
  seconds: 12.5,
  seeds: [1, 2, 3],
  label,
  values: [1.5, NaN, 3],
  verdict: verdictRecord([10, 11, 12], [11, 12.1, 13.2], { ratio: 1.1 }),
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'measured-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a lab's dated record", () => {
  it('round-trips an entry, a NaN kept as null and read back as NaN, the day\'s entries in order', () => {
    const path = appendMeasured(dir, Entry, entry('2026-11-29T10:00:00.000Z', 'first'));
    expect(path).toBe(join(dir, '2026-11-29.json'));
    appendMeasured(dir, Entry, entry('2026-11-29T11:00:00.000Z', 'second'));
    appendMeasured(dir, Entry, entry('2026-11-30T09:00:00.000Z', 'next day'));
    expect(JSON.parse(readFileSync(path, 'utf8')).entries[0].values).toEqual([1.5, null, 3]);
    const days = readMeasuredDays(dir, Entry);
    expect(days.map((d) => [d.date, d.entries.map((e) => e.label)])).toEqual([
      ['2026-11-29', ['first', 'second']],
      ['2026-11-30', ['next day']],
    ]);
    const first = days[0]!.entries[0]!;
    expect(first.values).toEqual([1.5, NaN, 3]);
    expect(first.verdict).toEqual(entry('', '').verdict);
    expect(first.load).toEqual({ before: [1, 2, 3], after: [4, 5, 6] });
    expect(newestEntry(days).label).toBe('next day');
    expect(newestEntry(days, (e) => e.at.startsWith('2026-11-29')).label).toBe('second');
    expect(() => newestEntry(days, () => false, 'measurement of size "huge"')).toThrow('no measurement of size "huge" on record');
  });

  it('refuses a malformed file, naming the file and the field, and adds nothing to it', () => {
    const bad = { date: '2026-11-29', entries: [{ ...entry('2026-11-29T10:00:00.000Z', 'x'), machine: { cpus: 'two' } }] };
    const path = join(dir, '2026-11-29.json');
    writeFileSync(path, JSON.stringify(bad));
    expect(() => readMeasuredDays(dir, Entry)).toThrow(`${path}: entries.0.machine.cpus`);
    expect(() => appendMeasured(dir, Entry, entry('2026-11-29T12:00:00.000Z', 'y'))).toThrow(`${path}: entries.0.machine.cpus`);
    expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(bad));
    writeFileSync(path, '{"date": "2026-11-29", "entries": [');
    expect(() => readMeasuredDays(dir, Entry)).toThrow(`${path} is not JSON`);
  });

  it('refuses an entry its schema does not take, naming the field', () => {
    const wrong = { ...entry('2026-11-29T10:00:00.000Z', 'x'), seeds: [] };
    expect(() => appendMeasured(dir, Entry, wrong)).toThrow(/is not one: seeds:/);
    expect(readMeasuredDays(dir, Entry)).toEqual([]);
  });
});

describe("the docs' table between its markers", () => {
  const markers = { begin: '<!-- table -->', end: '<!-- /table -->' };
  const doc = '# Lab\n\nbefore\n\n<!-- table -->\nold | table\n<!-- /table -->\n\nafter <!-- table --> stays\n';

  it('replaces only what stands between the markers, and again gives the same', () => {
    const out = withBetweenMarkers(doc, markers, '| new |\n', 'docs/x.md');
    expect(out).toBe('# Lab\n\nbefore\n\n<!-- table -->\n\n| new |\n\n<!-- /table -->\n\nafter <!-- table --> stays\n');
    expect(withBetweenMarkers(out, markers, '| new |', 'docs/x.md')).toBe(out);
  });

  it('fails naming the document and the marker it lacks', () => {
    expect(() => withBetweenMarkers('# Lab\n<!-- /table -->\n', markers, 't', 'docs/x.md')).toThrow('docs/x.md lacks the marker <!-- table -->');
    expect(() => withBetweenMarkers('# Lab\n<!-- table -->\n', markers, 't', 'docs/x.md')).toThrow('docs/x.md lacks the marker <!-- /table --> after <!-- table -->');
    expect(() => withBetweenMarkers('<!-- /table --> <!-- table -->', markers, 't', 'docs/x.md')).toThrow('lacks the marker <!-- /table --> after');
  });
});

describe('pairs over seeds', () => {
  it('runs each configuration once a seed, in the seeds\' order, however many pairs take it', () => {
    const calls: string[] = [];
    const runs = overSeeds((variant, params, seed) => {
      calls.push(`${variant} ${JSON.stringify(params)} ${seed}`);
      return { m: seed * (variant === 'after' ? 2 : 1) };
    }, [3, 1, 2]);
    expect(column(runs('after', { a: 1, b: 'x' }), 'm')).toEqual([6, 2, 4]);
    expect(column(runs('after', { b: 'x', a: 1 }), 'm')).toEqual([6, 2, 4]);
    expect(column(runs('before', { a: 1, b: 'x' }), 'n')).toEqual([NaN, NaN, NaN]);
    expect(calls).toHaveLength(6);
  });

  it("keeps a change's verdict as lib/verdict.ts gives it", () => {
    const v = tryVerdict([10, 11, 12], [20, 23, 23], { ratio: 2 });
    expect(verdictRecord([10, 11, 12], [20, 23, 23], { ratio: 2 })).toEqual({ kind: v.kind, n: 3, ratio: v.ratio, low: v.low, high: v.high, mail: 2 });
    expect(verdictRecord([10, 11], [10, 11], null).mail).toBeNull();
  });

  it('takes --seeds from 2 to 20, ten by default, and refuses anything else naming it', () => {
    expect(seedsOption([])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seedsOption(['--seeds', '3'])).toEqual([1, 2, 3]);
    for (const bad of ['1', '21', 'x', '2.5', ''])
      expect(() => seedsOption(['--seeds', bad]), bad).toThrow(`--seeds takes a whole number from 2 to 20 (an interval needs two pairs), not "${bad}"`);
    expect(() => seedsOption(['--seeds'])).toThrow('not ""');
  });
});
