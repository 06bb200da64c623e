import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIL_POINT, MEASURED, MEASURED_FILE } from './measured';

describe("ext4-writeback's measurements as the page quotes them", () => {
  it('quotes the newest file measure.ts wrote', () => {
    const files = readdirSync(new URL('./measurements/', import.meta.url)).filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f)).sort();
    expect(MEASURED_FILE).toBe(files.at(-1));
    expect(MEASURED.at.slice(0, 10)).toBe(MEASURED_FILE.slice(0, 10));
  });

  it("has the mail's shape over ten seeds with an interval around its change", () => {
    expect(MAIL_POINT.seeds).toBe(10);
    expect(MAIL_POINT.change.low).toBeLessThanOrEqual(MAIL_POINT.change.point);
    expect(MAIL_POINT.change.high).toBeGreaterThanOrEqual(MAIL_POINT.change.point);
    expect(MEASURED.points.length).toBeGreaterThanOrEqual(3);
  });
});
