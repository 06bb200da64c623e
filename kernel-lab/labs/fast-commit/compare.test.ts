/**
 * `kernel compare` on fast-commit's two results files (results/before.json,
 * results/after.json): the rows, the mail's row of the runs' parameters
 * beside them, the table as printed, and the mail's published changes.
 */
import { describe, expect, it } from 'vitest';
import { mailChange, mailStatedPct } from '../../mail-changes';
import { changePct } from '../../../lib/compare';
import type { KernelResult } from '../../../lib/kernel-results';
import { compareResults, formatComparison } from '../../../cli/kernel/compare';
import { result as resultOf } from '../../../tests/kernel-results';

const result = (variant: string): KernelResult => resultOf('fast-commit', variant);

/** A result with some fields changed. */
function variantOf(r: KernelResult, change: (copy: KernelResult) => void): KernelResult {
  const copy = structuredClone(r);
  change(copy);
  return copy;
}

describe('compareResults', () => {
  const before = result('before');
  const after = result('after');

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

});

describe('formatComparison', () => {
  it('prints the sides, the table with numbers to the right, and the citation', () => {
    const out = formatComparison(compareResults(result('before'), result('after'), ['a.json', 'b.json']));
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

describe("fast-commit's mail figures", () => {
  it("give the changes the mail published (figures.md's diff columns)", () => {
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
      const f = mailChange('fast-commit', 'files_per_s', { row })!;
      const got = changePct(f.before, f.after)!;
      expect(Math.abs(got - diff), `row ${row}: ${got}`).toBeLessThan(Math.max(0.01, Math.abs(diff) * 0.001));
    }
  });

  it("keep no change a text states where it is its figures' change rounded", () => {
    expect(mailStatedPct(mailChange('fast-commit', 'files_per_s', { row: 7 })!)).toBeUndefined();
    expect(mailStatedPct(mailChange('fast-commit', 'files_per_s', { row: 8 })!)).toBeUndefined();
  });

  it('have none for a metric the mail published no figure for', () => {
    expect(mailChange('fast-commit', 'fc_commits_count')).toBeUndefined();
  });
});
