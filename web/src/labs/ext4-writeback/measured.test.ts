import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMeasuredDays } from '../../../../bench/measure-record';
import { withBetweenMarkers } from '../../../../lib/measured';
import { DOCS_MARKERS, docsTable, Entry, MAIL_POINT, MEASURED, MEASURED_FILE, pagePoints, parseDay } from './measured';

const DIR = new URL('./measured/', import.meta.url).pathname;

describe("ext4-writeback's measurements as the page quotes them", () => {
  it('quotes the newest entry of the newest file measure.ts wrote', () => {
    const days = readMeasuredDays(DIR, Entry);
    expect(`${days.at(-1)!.date}.json`).toBe(MEASURED_FILE);
    expect(MEASURED).toEqual(pagePoints(days.at(-1)!.entries.at(-1)!));
    expect(MEASURED.at.slice(0, 10)).toBe(MEASURED_FILE.slice(0, 10));
  });

  it("stand in the docs as the newest entry's tables, between their markers", () => {
    const doc = readFileSync(new URL('../../../../docs/labs/ext4-writeback.md', import.meta.url), 'utf8');
    const newest = readMeasuredDays(DIR, Entry).at(-1)!.entries.at(-1)!;
    expect(withBetweenMarkers(doc, DOCS_MARKERS, docsTable(newest), 'docs/labs/ext4-writeback.md')).toBe(doc);
  });

  it('reads the first record in its own form, its values as written', () => {
    const json = JSON.parse(readFileSync(`${DIR}2026-11-29.json`, 'utf8'));
    const first = parseDay(json, '2026-11-29.json').entries[0]!;
    expect(first).toEqual(json.entries[0]);
    expect('revision' in first && first.revision).toBe('e2be4de');
    expect(() => parseDay({ date: '2026-11-29', entries: [{ ...json.entries[0], points: 'none' }] }, 'x.json')).toThrow(/^x\.json: entries\.0/);
  });

  it("has the mail's shape over ten seeds with an interval around its change", () => {
    expect(MAIL_POINT.seeds).toBe(10);
    expect(MAIL_POINT.change.low).toBeLessThanOrEqual(MAIL_POINT.change.point);
    expect(MAIL_POINT.change.high).toBeGreaterThanOrEqual(MAIL_POINT.change.point);
    expect(MEASURED.points.length).toBeGreaterThanOrEqual(3);
  });
});
