/**
 * The benchmark's committed record (bench/measurements.ts): each run adds an
 * entry to its day's file with the machine and the load beside the numbers,
 * and never overwrites what is there.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayOf, loadNow, machine, measurementFile, readDay, recordMeasurement, type Machine } from '../../bench/measurements';

const MACHINE: Machine = { cpus: 2, model: 'AMD EPYC', memory_bytes: 8 * 2 ** 30, node: 'v20.20.2', platform: 'linux 6.1.0' };
const REVISION = { commit: 'a'.repeat(40), wasm_core: 'b'.repeat(40), dirty: false };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jc-measurements-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('bench/measurements/<YYYY-MM-DD>.json', () => {
  it('is named by the UTC day of the run', () => {
    const t = new Date('2026-11-29T23:59:59.000Z');
    expect(dayOf(t)).toBe('2026-11-29');
    expect(measurementFile('/r', t)).toBe('/r/bench/measurements/2026-11-29.json');
  });

  it('holds the numbers with the machine, the load and the revision beside them', () => {
    const now = new Date('2026-11-29T12:00:00.000Z');
    const path = recordMeasurement({
      root,
      part: 'kernel',
      results: { labs: [{ lab: 'page-cache', samples: [{ to_bench_s: 1.18 }] }] },
      loadBefore: [2.43, 1.5, 1.1],
      loadAfter: [2.5, 1.6, 1.2],
      args: ['--only', 'kernel'],
      revision: REVISION,
      now,
      machine: MACHINE,
    });
    expect(path).toBe('bench/measurements/2026-11-29.json');
    const day = JSON.parse(readFileSync(join(root, path), 'utf8'));
    expect(day).toEqual({
      date: '2026-11-29',
      entries: [
        {
          at: '2026-11-29T12:00:00.000Z',
          part: 'kernel',
          args: ['--only', 'kernel'],
          revision: REVISION,
          machine: MACHINE,
          load: { before: [2.43, 1.5, 1.1], after: [2.5, 1.6, 1.2] },
          results: { labs: [{ lab: 'page-cache', samples: [{ to_bench_s: 1.18 }] }] },
        },
      ],
    });
  });

  it('adds a later run of the same day after the earlier ones', () => {
    const at = (h: number) => new Date(`2026-11-28T${String(h).padStart(2, '0')}:00:00.000Z`);
    for (const [h, v] of [[9, 1], [10, 2], [11, 3]] as const)
      recordMeasurement({ root, part: 'scale', results: { v }, loadBefore: null, now: at(h), machine: MACHINE });
    recordMeasurement({ root, part: 'all', results: { v: 4 }, loadBefore: null, now: new Date('2026-11-29T00:00:01.000Z'), machine: MACHINE });
    const day = readDay(measurementFile(root, at(9)), '2026-11-28');
    expect(day.entries.map((e) => e.results)).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
    expect(day.entries.map((e) => e.load.before)).toEqual([null, null, null]);
    expect(readDay(measurementFile(root, new Date('2026-11-29T08:00:00Z')), '2026-11-29').entries).toHaveLength(1);
  });

  it('refuses, naming the file, a day file it cannot read back, and leaves it as it was', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    const path = measurementFile(root, now);
    mkdirSync(join(root, 'bench', 'measurements'), { recursive: true });
    for (const [text, said] of [
      ['{"date":"2026-11-27","entries":[', /2026-11-27\.json is not JSON/],
      ['{"date":"2026-11-27","entries":[{"at":"noon"}]}', /2026-11-27\.json: entries\.0\.at: /],
      ['{"date":"2026-11-26","entries":[]}', /says its date is 2026-11-26; its name says 2026-11-27/],
    ] as const) {
      writeFileSync(path, text);
      expect(() => recordMeasurement({ root, part: 'all', results: {}, loadBefore: null, now, machine: MACHINE })).toThrow(said);
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
  });

  it('reads this machine: its CPUs, their model, its memory and three load averages', () => {
    const m = machine();
    expect(m.cpus).toBeGreaterThan(0);
    expect(m.memory_bytes).toBeGreaterThan(0);
    expect(typeof m.model).toBe('string');
    const load = loadNow();
    expect(load).toHaveLength(3);
    for (const x of load) expect(x).toBeGreaterThanOrEqual(0);
  });
});
