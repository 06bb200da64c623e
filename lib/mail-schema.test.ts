import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mailOf, rowFigures, type MailFile } from './mail-schema.mjs';
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

describe('mailOf', () => {
  it('accepts the labs\' files', () => {
    for (const id of MAIL_LAB_IDS) expect(problem(id, fileOf(id)), id).toBe('');
  });

  it('names the file and the path of each problem the schema finds', () => {
    const f = fileOf('inode-hash') as unknown as Record<string, Record<string, unknown>>;
    f.citation!.date = '11 Jun 2024';
    delete f.citation!.author;
    (f.figures as unknown as Record<string, unknown>[])[2]!.value = '3.5';
    f.links!.Source = 'https://example.org';
    f.links!.commit = 'http://example.org';
    const msg = problem('inode-hash', f);
    expect(msg).toMatch(/^mails\/inode-hash\.json is not a mail data file:/);
    expect(msg).toContain('citation.date: must be a real date as YYYY-MM-DD');
    expect(msg).toContain('citation.author: is missing (string expected)');
    expect(msg).toMatch(/figures\.2\.value: .*number/);
    expect(msg).toContain('links.commit: must be an https:// address');
    expect(msg).toContain('links.Source: must be a camelCase name');
  });

  it('refuses unknown keys, so that a misspelt one is not lost', () => {
    const f = { ...fileOf('fast-commit'), figure: [] };
    expect(problem('fast-commit', f)).toMatch(/figure/);
  });

  it("refuses a row's noise that gives both a value and within, or neither, or a value not above 0", () => {
    const f = fileOf('inode-hash');
    f.rows[0]!.noise = { value: 2, within: true, note: 'both' };
    f.rows[1]!.noise = { note: 'neither' };
    const msg = problem('inode-hash', f);
    expect(msg).toContain('rows.0.noise: gives either value (the noise the mail states) or within: true');
    expect(msg).toContain('rows.1.noise: gives either value');
    const g = fileOf('inode-hash');
    g.rows[0]!.noise = { value: 0, note: 'none' };
    expect(problem('inode-hash', g)).toContain("rows.0.noise.value: is the noise in the row's unit, above 0");
  });

  it("refuses an id other than the file's name", () => {
    expect(problem('fast-commit', fileOf('inode-hash'))).toContain('id: is "inode-hash", the file\'s name says "fast-commit"');
  });

  it('refuses a figure given twice', () => {
    const f = fileOf('fast-commit');
    f.figures.push({ ...f.figures[0]!, where: { order: '1', row: '1' }, value: 1 });
    expect(problem('fast-commit', f)).toContain(`figures.${f.figures.length - 1}: creates_per_s before {order=1,row=1} is figures.0 again`);
  });

  it('refuses a row whose figures are missing, half there or not told apart', () => {
    const f = fileOf('btrfs-fsync');
    f.rows[0]!.where = { clients: '48' };
    expect(problem('btrfs-fsync', f)).toContain('rows.0: row 1 (throughput_mb_s, before -> after, where {"clients":"48"}) names no figure');

    const g = fileOf('btrfs-fsync');
    g.rows[1]!.row = 1;
    expect(problem('btrfs-fsync', g)).toContain('rows.1.row: row 1 is given twice');

    const h = fileOf('btrfs-fsync');
    h.rows[0]!.where = {};
    expect(problem('btrfs-fsync', h)).toContain('names more than one figure');

    const k = fileOf('extent-status');
    k.rows[0]!.variants = ['baseline', 'es-nope'];
    expect(problem('extent-status', k)).toContain('has a figure for baseline only');
  });
});

describe('rowFigures', () => {
  it("gives a row's two figures, or the change the mail states with no figures", () => {
    const ewb = mailOf('ext4-writeback', fileOf('ext4-writeback'));
    expect(rowFigures(ewb, ewb.rows[0]!)).toEqual({ before: 460, after: 449, change_pct: null, variants: ['before', 'after'] });
    const stated = rowFigures(ewb, ewb.rows[1]!);
    expect([stated.before, stated.after, stated.change_pct]).toEqual([NaN, NaN, -5]);
    const es = mailOf('extent-status', fileOf('extent-status'));
    expect(rowFigures(es, es.rows[0]!)).toMatchObject({ before: 10195.7, after: 212.3, variants: ['baseline', 'es-ilist'] });
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
