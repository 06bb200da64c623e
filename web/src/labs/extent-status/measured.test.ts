/**
 * The measurements on record (measured/<YYYY-MM-DD>.json, written by
 * measure.ts): every day's file parses, the docs quote the newest entry of
 * each size, and what the docs say of them holds.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMeasuredDays } from '../../../../bench/measure-record';
import { withBetweenMarkers } from '../../../../lib/measured';
import { DOCS_MARKERS, docsTable, Entry, newestOf, parseDay, type MeasuredEntry } from './measured';

const HERE = dirname(fileURLToPath(import.meta.url));
const days = readMeasuredDays(join(HERE, 'measured'), Entry);
const DOC = readFileSync(join(HERE, '../../../../docs/labs/extent-status.md'), 'utf8');
const sizes = (['page', 'large'] as const).filter((s) => days.some((d) => d.entries.some((e) => e.size === s)));

const pair = (e: MeasuredEntry, kase: string, sides: [string, string], metric: string, laidOut = 'on') =>
  e.pairs.find((p) => p.case === kase && p.sides[0] === sides[0] && p.sides[1] === sides[1] && p.metric === metric && (p.params['laid_out'] ?? 'on') === laidOut);

describe('the measurements on record', () => {
  it('refuses a day that is not one, naming the file and the field', () => {
    expect(() => parseDay({ date: '2026-11-29', entries: [{ at: 1 }] }, 'x.json')).toThrow(/x\.json.*entries\.0\.at/);
  });

  it('the docs quote the newest entry of each size, between their markers', () => {
    expect(sizes).toContain('page');
    const table = docsTable(sizes.map((s) => newestOf(days, s)));
    expect(withBetweenMarkers(DOC, DOCS_MARKERS, table, 'docs/labs/extent-status.md')).toBe(DOC);
  });

  it("at the page's size: case a as the mail; case c's es-slist faster than baseline only with the files laid out, the ablation against it", () => {
    const e = newestOf(days, 'page');
    expect(e.seeds.length).toBeGreaterThanOrEqual(10);
    expect(pair(e, 'a', ['baseline', 'es-ilist'], 'avg_scan_us')?.verdict.kind).toBe('as the mail');
    const on = pair(e, 'c', ['baseline', 'es-slist'], 'avg_scan_us')!.verdict;
    const off = pair(e, 'c', ['baseline', 'es-slist'], 'avg_scan_us', 'off')!.verdict;
    expect(on.high).toBeLessThan(1);
    expect(off.low).toBeGreaterThan(1);
  });
});
