import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_FIGURES, mailChange, mailStatedPct } from '../../kernel-lab/mail-changes';
import { changePct } from '../../lib/compare';
import { KERNEL_LABS, MetricKey, parseKernelResult, type KernelResult } from '../../lib/kernel-results';
import { UsageError } from '../errors';
import { compareResults, compareTexts, formatComparison } from './compare';

const FIXTURES = join(import.meta.dirname, '..', '..', 'tests', 'node', 'fixtures');
const text = (name: string): string => readFileSync(join(FIXTURES, `${name}.json`), 'utf8');
const result = (name: string): KernelResult => parseKernelResult(text(name), name);

/** A result with some fields changed. */
function variantOf(r: KernelResult, change: (copy: KernelResult) => void): KernelResult {
  const copy = structuredClone(r);
  change(copy);
  return copy;
}

describe('compareResults', () => {
  const before = result('fast-commit-before');
  const after = result('fast-commit-after');

  it('has one row per metric of either file, A first, with the change', () => {
    const c = compareResults(before, after);
    expect(c.rows.map((r) => r.metric)).toEqual([
      'files_per_s',
      'fc_commits_count',
      'fc_ineligible_count',
      'fc_avg_commit_time_us',
      'fc_blocks_count',
      'app_overhead_us',
    ]);
    const commits = c.rows.find((r) => r.metric === 'fc_commits_count')!;
    expect(commits).toMatchObject({ a: 3102, b: 4207, unit: 'count', mail: null });
    expect(commits.change_pct).toBeCloseTo(((4207 - 3102) / 3102) * 100, 12);
    expect(c.rows.find((r) => r.metric === 'fc_blocks_count')).toMatchObject({ a: 3158, b: null, change_pct: null });
    expect(c.rows.find((r) => r.metric === 'app_overhead_us')).toMatchObject({ a: null, change_pct: null });
    expect(c.warnings).toEqual([]);
  });

  it("puts the mail's row for the run's parameters beside, in the direction A -> B", () => {
    const forward = compareResults(before, after).rows[0]!;
    expect(forward.mail).toMatchObject({ before: 53970, after: 55010, citation: 'Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022' });
    expect(forward.mail!.where).toMatch(/^row 3 \(3,3\)/);
    expect(forward.mail!.change_pct).toBeCloseTo(((55.01 - 53.97) / 53.97) * 100, 9);
    const back = compareResults(after, before).rows[0]!;
    expect(back.mail!.change_pct).toBeCloseTo(((53.97 - 55.01) / 55.01) * 100, 9);
  });

  it("uses the metric's first figure when no row matches the parameters", () => {
    const other = (r: KernelResult): KernelResult => variantOf(r, (x) => (x.parameters = { ways: 4 }));
    const row = compareResults(other(before), other(after)).rows[0]!;
    expect(row.mail!.where).toMatch(/^row 7 \(6,10\)/);
  });

  it('warns about runs that differ in how they ran, and shows no mail change within one variant', () => {
    const paper = variantOf(after, (x) => {
      x.profile = 'paper';
      x.accelerator = 'kvm';
      x.guest.smp = 4;
    });
    expect(compareResults(before, paper).warnings).toEqual([
      'the profiles differ (A quick, B paper): the benchmarks ran at different sizes',
      'the accelerators differ (A tcg, B kvm): timings under TCG and KVM do not compare',
      'the guests had different vCPUs (A 2, B 4)',
    ]);
    const same = compareResults(before, variantOf(after, (x) => (x.variant = 'before')));
    expect(same.warnings).toEqual([`both runs are "before": the mail's change (before -> after) is not shown beside a change within one variant`]);
    expect(same.rows[0]!.mail!.change_pct).toBeNull();
  });

  it("notes the change the mail's text states when its figures give another", () => {
    const dbench = result('btrfs-fsync-after');
    const old = variantOf(dbench, (x) => (x.variant = 'before'));
    const c = compareResults(old, dbench);
    const maxLat = c.rows.find((r) => r.metric === 'max_latency_ms')!.mail!;
    expect(maxLat.change_pct).toBeCloseTo(((228.847 - 341.833) / 341.833) * 100, 9);
    expect(maxLat.stated_pct).toBe(-39.6);
    const out = formatComparison(c);
    expect(out).toMatch(/^max_latency_ms .* -33\.1%\s+32 clients, max latency; the mail states -39\.6%$/m);
    expect(out).toMatch(/^throughput_mb_s .* \+4\.2%\s+32 clients, throughput \(MB\/s\)$/m);
    expect(compareResults(dbench, old).rows[0]!.mail!.stated_pct).toBeNull();
  });

  it('refuses two labs, naming both files', () => {
    const run = (): unknown => compareResults(before, result('btrfs-fsync-after'), ['a.json', 'b.json']);
    expect(run).toThrow(UsageError);
    expect(run).toThrow('a.json is a fast-commit result and b.json a btrfs-fsync result: compare two runs of one lab');
  });

  it('refuses a file that is not a result, naming the file and the field', () => {
    const broken = text('fast-commit-after').replace('"variant": "after"', '"variant": "later"');
    expect(() => compareTexts(text('fast-commit-before'), broken, ['a.json', 'b.json'])).toThrow(
      /^b\.json is not a journalclub kernel result: variant: /,
    );
    expect(() => compareTexts('{', broken, ['a.json', 'b.json'])).toThrow(/^a\.json is not JSON/);
  });
});

describe('formatComparison', () => {
  it('prints the sides, the table with numbers to the right, and the citation', () => {
    const out = formatComparison(compareResults(result('fast-commit-before'), result('fast-commit-after'), ['a.json', 'b.json']));
    const lines = out.split('\n');
    expect(lines[0]).toBe('fast-commit: A a.json (before, quick, tcg, 2 vCPUs)');
    expect(lines[1]).toBe('             B b.json (after, quick, tcg, 2 vCPUs)');
    expect(lines[3]).toMatch(/^metric\s+A \(before\)\s+B \(after\)\s+change\s+mail\s+mail's figure$/);
    expect(out).toMatch(/^files_per_s\s+386\.3\s+776\.7\s+\+101\.1%\s+\+1\.9%\s+row 3 \(3,3\), 53\.97 -> 55\.01 K creates\/s$/m);
    expect(out).toMatch(/^fc_blocks_count\s+3158\s+-\s+-$/m);
    expect(lines[lines.length - 1]).toBe('mail: Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022');
    /* the A column is right-aligned: its cells end where its header ends */
    const end = lines[3]!.indexOf('A (before)') + 'A (before)'.length;
    for (const line of lines.slice(5, 11)) expect(line[end - 1]).not.toBe(' ');
  });
});

describe("the mails' figures", () => {
  it('cover every lab with metric keys the results schema accepts', () => {
    for (const lab of KERNEL_LABS) {
      expect(MAIL_FIGURES[lab].length, lab).toBeGreaterThan(0);
      for (const f of MAIL_FIGURES[lab]) {
        expect(MetricKey.safeParse(f.metric).success, `${lab} ${f.metric}`).toBe(true);
        expect(f.citation, `${lab} ${f.metric}`).toMatch(/\d{4}/);
        expect(Number.isFinite(f.before) && Number.isFinite(f.after)).toBe(true);
      }
    }
  });

  it('state the changes the mails state, close to their figures except where the mail differs', () => {
    for (const lab of KERNEL_LABS) {
      for (const f of MAIL_FIGURES[lab].filter((x) => x.stated_pct !== undefined)) {
        const gap = Math.abs(f.stated_pct! - changePct(f.before, f.after)!);
        const known = lab === 'btrfs-fsync' && f.metric === 'max_latency_ms';
        if (!known) expect(gap, `${lab} ${f.metric} ${f.where}`).toBeLessThan(Math.max(0.5, Math.abs(f.stated_pct!) * 0.001));
      }
    }
  });

  it("give the changes the mails published (figures.md's diff columns)", () => {
    const pct = (lab: (typeof KERNEL_LABS)[number], metric: string, params?: Record<string, unknown>): number => {
      const f = mailChange(lab, metric, params)!;
      return changePct(f.before, f.after)!;
    };
    const rows: [number, number][] = [
      [1, 3.6],
      [2, -0.87],
      [3, 1.92],
      [4, -2.58],
      [5, -0.46],
      [6, 17.58],
      [7, 17178],
      [8, 6045],
    ];
    for (const [row, diff] of rows) {
      const got = pct('fast-commit', 'files_per_s', { row });
      expect(Math.abs(got - diff), `row ${row}: ${got}`).toBeLessThan(Math.max(0.01, Math.abs(diff) * 0.001));
    }
    expect(pct('btrfs-fsync', 'throughput_mb_s', { clients: 32 })).toBeCloseTo(((1049.91 - 1008.02) / 1008.02) * 100, 9);
    expect(pct('btrfs-fsync', 'max_latency_ms', { clients: 64 })).toBeCloseTo(((422.043 - 506.154) / 506.154) * 100, 9);
    expect(pct('inode-hash', 'ext4_elapsed_s')).toBeCloseTo(-53.2, 1);
    expect(pct('inode-hash', 'btrfs_elapsed_s')).toBeCloseTo(-16.7, 1);
    expect(pct('ext4-writeback', 'fsync_iops_per_s')).toBeCloseTo(((449 - 460) / 460) * 100, 9);
    expect(pct('ext4-writeback', 'fsync_jbd2_handles_per_txn')).toBeCloseTo(((51 - 67) / 67) * 100, 9);
  });

  it('keep the change a text states only where it is not its figures\' change rounded', () => {
    expect(mailStatedPct(mailChange('btrfs-fsync', 'max_latency_ms', { clients: 32 })!)).toBe(-39.6);
    expect(mailStatedPct(mailChange('fast-commit', 'files_per_s', { row: 7 })!)).toBeUndefined();
    expect(mailStatedPct(mailChange('fast-commit', 'files_per_s', { row: 8 })!)).toBeUndefined();
    expect(mailStatedPct(mailChange('ext4-writeback', 'fsync_iops_per_s')!)).toBeUndefined();
    expect(mailStatedPct({ before: 0, after: 5, stated_pct: 12 })).toBe(12);
  });

  it('pick a row by the run parameters, else the first', () => {
    expect(mailChange('btrfs-fsync', 'flush_avg_ms', { clients: '64' })!.before).toBe(14.168);
    expect(mailChange('btrfs-fsync', 'flush_avg_ms', { clients: 4 })!.before).toBe(5.952);
    expect(mailChange('btrfs-fsync', 'flush_avg_ms')!.where).toBe('32 clients, Flush avg latency');
    expect(mailChange('fast-commit', 'fc_commits_count')).toBeUndefined();
  });
});
