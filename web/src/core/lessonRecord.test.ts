import { describe, expect, it } from 'vitest';
import { LESSON_SEEDS, LessonRecordSchema, recordedRuns, type LessonRecord } from './lessonRecord';

const seeds = Array.from({ length: LESSON_SEEDS }, (_, i) => i + 1);
const record: LessonRecord = {
  lab: 'lab-a',
  date: '2026-01-02',
  revision: 'abc1234',
  variants: ['old', 'new'],
  params: { n: 4, k: 1 },
  seeds,
  metric: 'ops',
  values: { old: seeds.map((s) => 100 + s), new: seeds.map((s) => 200 + s) },
};
const key = { lab: 'lab-a', variants: ['old', 'new'] as const, metric: 'ops', params: { k: 1, n: 4 }, seed: 1 };

describe('a recorded lesson verdict', () => {
  it('gives each variant its runs in the seeds\' order at exactly its configuration', () => {
    const runs = recordedRuns(record, key);
    expect(runs?.old?.map((r) => r.metrics.ops)).toEqual(record.values.old);
    expect(runs?.new?.[9]?.metrics.ops).toBe(210);
  });

  it('is not read at another seed, parameter, pair, metric or lab', () => {
    expect(recordedRuns(record, { ...key, seed: 2 })).toBeNull();
    expect(recordedRuns(record, { ...key, params: { n: 5, k: 1 } })).toBeNull();
    expect(recordedRuns(record, { ...key, params: { n: 4 } })).toBeNull();
    expect(recordedRuns(record, { ...key, params: { n: 4, k: 1, extra: 0 } })).toBeNull();
    expect(recordedRuns(record, { ...key, variants: ['new', 'old'] })).toBeNull();
    expect(recordedRuns(record, { ...key, metric: 'other' })).toBeNull();
    expect(recordedRuns(record, { ...key, lab: 'lab-b' })).toBeNull();
    expect(recordedRuns(undefined, key)).toBeNull();
  });

  it('refuses a file whose values do not match its seeds, or whose seeds skip', () => {
    expect(LessonRecordSchema.safeParse(record).success).toBe(true);
    const short = LessonRecordSchema.safeParse({ ...record, values: { ...record.values, new: [1, 2] } });
    expect(short.success).toBe(false);
    expect(JSON.stringify(short.error?.issues)).toContain('values.new has 2 values for 10 seeds');
    expect(LessonRecordSchema.safeParse({ ...record, seeds: seeds.map((s) => s * 2), values: record.values }).success).toBe(false);
    expect(LessonRecordSchema.safeParse({ ...record, seeds: [1, 2], values: { old: [1, 2], new: [1, 2] } }).success).toBe(false);
    expect(LessonRecordSchema.safeParse({ ...record, date: 'today' }).success).toBe(false);
    expect(LessonRecordSchema.safeParse({ ...record, extra: 1 }).success).toBe(false);
  });
});
