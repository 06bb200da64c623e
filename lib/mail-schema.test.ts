import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mailOf, type MailFile } from './mail-schema.mjs';
import { cDouble, cString } from '../scripts/registry/mail.mjs';
import { MAIL_LAB_IDS } from './mails.gen';

/** A copy of a lab's file as on disk, to break. */
const fileOf = (id: string): MailFile => JSON.parse(readFileSync(new URL(`../mails/${id}.json`, import.meta.url), 'utf8'));

/** The message mailOf throws for a file, '' when it accepts it. */
function problem(id: string, data: unknown): string {
  try {
    mailOf(id, data);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

/* the schema is the same for every lab: the registry's first two labs' files, broken, show it */
const [FIRST, SECOND] = MAIL_LAB_IDS;

describe('mailOf', () => {
  it('accepts the labs\' files', () => {
    for (const id of MAIL_LAB_IDS) expect(problem(id, fileOf(id)), id).toBe('');
  });

  it('names the file and the path of each problem the schema finds', () => {
    const f = fileOf(FIRST) as unknown as Record<string, Record<string, unknown>>;
    f.citation!.date = '11 Jun 2024';
    delete f.citation!.author;
    (f.figures as unknown as Record<string, unknown>[])[2]!.value = '3.5';
    f.links = { ...f.links, Source: 'https://example.org', commit: 'http://example.org' };
    const msg = problem(FIRST, f);
    expect(msg).toMatch(new RegExp(`^mails/${FIRST}\\.json is not a mail data file:`));
    expect(msg).toContain('citation.date: must be a real date as YYYY-MM-DD');
    expect(msg).toContain('citation.author: is missing (string expected)');
    expect(msg).toMatch(/figures\.2\.value: .*number/);
    expect(msg).toContain('links.commit: must be an https:// address');
    expect(msg).toContain('links.Source: must be a camelCase name');
  });

  it('refuses unknown keys, so that a misspelt one is not lost', () => {
    const f = { ...fileOf(FIRST), figure: [] };
    expect(problem(FIRST, f)).toMatch(/figure/);
  });

  it("refuses a row's noise that gives both a value and within, or neither, or a value not above 0", () => {
    const f = fileOf(FIRST);
    f.rows[0]!.noise = { value: 2, within: true, note: 'both' };
    f.rows[1]!.noise = { note: 'neither' };
    const msg = problem(FIRST, f);
    expect(msg).toContain('rows.0.noise: gives either value (the noise the mail states) or within: true');
    expect(msg).toContain('rows.1.noise: gives either value');
    const g = fileOf(FIRST);
    g.rows[0]!.noise = { value: 0, note: 'none' };
    expect(problem(FIRST, g)).toContain("rows.0.noise.value: is the noise in the row's unit, above 0");
  });

  it("refuses an id other than the file's name", () => {
    expect(problem(FIRST, fileOf(SECOND))).toContain(`id: is "${SECOND}", the file's name says "${FIRST}"`);
  });

  it('refuses a figure given twice', () => {
    const f = fileOf(FIRST);
    const first = f.figures[0]!;
    f.figures.push({ ...first, where: { ...first.where }, value: first.value + 1 });
    const msg = problem(FIRST, f);
    expect(msg).toContain(`figures.${f.figures.length - 1}: ${first.metric} ${first.variant} {`);
    expect(msg).toContain('} is figures.0 again');
  });

  it('refuses a row whose figures are missing, half there or not told apart', () => {
    const f = fileOf(FIRST);
    const row = f.rows[0]!;
    const [key] = Object.keys(row.where);
    row.where = { ...row.where, [key!]: 'nowhere' };
    expect(problem(FIRST, f)).toContain(`rows.0: row ${row.row} (${row.metric}, `);
    expect(problem(FIRST, f)).toMatch(/rows\.0: row .* names no figure/);

    const g = fileOf(FIRST);
    g.rows[1]!.row = g.rows[0]!.row;
    expect(problem(FIRST, g)).toContain(`rows.1.row: row ${g.rows[0]!.row} is given twice`);

    /* a row with no "where" matches every figure of its metric: a lab whose first two rows share one */
    const shared = MAIL_LAB_IDS.find((id) => fileOf(id).rows[1]?.metric === fileOf(id).rows[0]!.metric)!;
    const h = fileOf(shared);
    h.rows[0]!.where = {};
    expect(problem(shared, h)).toContain('names more than one figure');

    const k = fileOf(FIRST);
    const before = k.rows[0]!.variants?.[0] ?? 'before';
    k.rows[0]!.variants = [before, 'nope'];
    expect(problem(FIRST, k)).toContain(`has a figure for ${before} only`);
  });
});

describe("the generator's C constants", () => {
  it('writes strings that C reads back byte for byte', () => {
    expect(cString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(cString('µs\n1')).toBe('"\\302\\265s\\0121"');
    expect(cString(null)).toBe('NULL');
  });
  it('writes doubles as double constants, NaN as NAN', () => {
    expect(cDouble(16.9)).toBe('16.9');
    expect(cDouble(460)).toBe('460.0');
    expect(cDouble(-5)).toBe('-5.0');
    expect(cDouble(NaN)).toBe('NAN');
    expect(cDouble(1e21)).toBe('1e+21');
    expect(() => cDouble(Infinity)).toThrow(/Infinity/);
  });
});
