/**
 * The measurements on record (measured/<YYYY-MM-DD>.json, written by
 * measure.ts): every day's file parses, the docs' table is the newest
 * entry's, and each row's verdict and mail figures are its own values' and
 * the mail's.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMeasuredDays } from '../../../../bench/measure-record';
import { verdictRecord, withBetweenMarkers } from '../../../../lib/measured';
import { mailPair, mailRowChange, MAILS } from '../../../../lib/mails';
import { DOCS_MARKERS, docsTable, Entry, LAB, newestOf, parseDay, shapeText } from './measured';

const HERE = dirname(fileURLToPath(import.meta.url));
const days = readMeasuredDays(join(HERE, 'measured'), Entry);
const DOC = readFileSync(join(HERE, '../../../../docs/labs/fast-commit.md'), 'utf8');

describe('the measurements on record', () => {
  it('refuses a day that is not one, naming the file and the field', () => {
    expect(() => parseDay({ date: '2026-11-30', entries: [{ at: 'noon' }] }, 'x.json')).toThrow(/^x\.json: entries\.0\.at/);
  });

  it("the docs' table is the newest entry's, between its markers", () => {
    expect(withBetweenMarkers(DOC, DOCS_MARKERS, docsTable(newestOf(days)), 'docs/labs/fast-commit.md')).toBe(DOC);
  });

  it("hold the mail's eight rows over ten seeds, each verdict its values' against the mail's figures", () => {
    const e = newestOf(days);
    expect(e.seeds.length).toBeGreaterThanOrEqual(10);
    expect(e.rows.map((r) => r.row)).toEqual(MAILS[LAB].rows.map((r) => r.row));
    for (const r of e.rows) {
      const mailRow = MAILS[LAB].rows.find((m) => m.row === r.row)!;
      const pair = mailPair(LAB, mailRow.metric, mailRow.where, mailRow.variants as [string, string]);
      expect(r.mail, `row ${r.row}`).toEqual({ before: pair.before, after: pair.after });
      expect(r.values.before.creates_per_s).toHaveLength(e.seeds.length);
      expect(r.verdict, `row ${r.row}`).toEqual(verdictRecord(r.values.before.creates_per_s, r.values.after.creates_per_s, mailRowChange(LAB, r.row) ?? null));
    }
  });

  it("names a row's shape by its parameters", () => {
    expect(shapeText({ ways: 64, files: 1024, dirs: 1024, loops: 1 })).toBe('64 ways × 1,024 files, 1,024 dirs, 1 loop');
    expect(shapeText({ ways: 2, files: 2, dirs: 2, loops: 4 })).toBe('2 ways × 2 files, 2 dirs, 4 loops');
  });
});
