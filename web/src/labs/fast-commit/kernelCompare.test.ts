/** fast-commit's kernel runs compared, from the synthetic fixtures of its runs: medians, changes, the mail's row, mismatched runs. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KERNEL_LAB_SPECS } from '../../../../kernel-lab/labs.gen';
import { parseKernelResult, type KernelResult } from '../../../../lib/kernel-results';
import { checkRun, compareMetrics, contextMismatches, metricLabel, missingVariant, placeMix, tcgNote } from '../../viz/kernel/compare';
import type { ImportedRun } from '../../viz/kernel/imports';
import { mailChange, type MailChangeLookup } from '../../viz/kernel/mailChanges';

const FIXTURES = new URL('../../labs/fast-commit/fixtures/kernel/', import.meta.url);

function load(name: string): KernelResult {
  return parseKernelResult(readFileSync(new URL(name, FIXTURES), 'utf8'), name);
}

let nextId = 1;
function run(file: string, edit?: (r: KernelResult) => KernelResult): ImportedRun {
  const r = load(file);
  return { id: nextId++, file, result: edit ? edit(r) : r };
}

const before1 = run('synthetic-fast-commit-before.json');
const before2 = run('synthetic-fast-commit-before-2.json');
const after = run('synthetic-fast-commit-after.json');
const spec = KERNEL_LAB_SPECS['fast-commit'];

describe('numbers', () => {
  it('labels drop the unit suffix', () => {
    expect(metricLabel('files_per_s')).toBe('files');
    expect(metricLabel('avg_commit_us')).toBe('avg commit');
    expect(metricLabel('write_mib_per_s')).toBe('write');
    expect(metricLabel('handles_per_txn')).toBe('handles');
  });
});

describe('compareMetrics', () => {
  it('one row per metric, the median of each side, with the change of the medians', () => {
    const rows = compareMetrics([after, before1, before2]);
    expect(rows.map((r) => r.key)).toEqual(['files_per_s', 'avg_commit_us']);
    const files = rows[0];
    expect(files.unit).toBe('per_s');
    expect(files.before).toEqual([1000, 3000]);
    expect(files.after).toEqual([4000]);
    expect(files.beforeMedian).toBe(2000);
    expect(files.afterMedian).toBe(4000);
    /* one before and one after pair up in run order: no interval */
    expect(files.verdict).toMatchObject({ kind: 'too few runs', n: 1 });
    expect(files.changePct).toBe(100);
    expect(rows[1].changePct).toBeCloseTo(-66.667, 2);
  });

  it('gives the verdict on the runs paired in run order, as kernel compare does', () => {
    const at = (_name: string, variant: 'before' | 'after', files: number, hour: number) =>
      run(`synthetic-fast-commit-${variant}.json`, (r) => ({ ...r, started_at: `2000-01-02T0${hour}:00:00Z`, metrics: { files_per_s: files } }));
    const rows = compareMetrics([
      at('b1.json', 'before', 1000, 1),
      at('a1.json', 'after', 2000, 2),
      at('b2.json', 'before', 1200, 3),
      at('a2.json', 'after', 2100, 4),
      at('b3.json', 'before', 5000, 5),
      at('a3.json', 'after', 1900, 6),
    ]);
    const files = rows.find((r) => r.key === 'files_per_s')!;
    expect([files.beforeMedian, files.afterMedian]).toEqual([1200, 2000]);
    expect(files.changePct).toBeCloseTo(66.667, 2);
    // one wild before run: its pair goes the other way, and the interval over the three pairs includes no change
    expect(files.verdict).toMatchObject({ kind: 'within the noise', n: 3 });
    expect(files.verdict.low).toBeLessThan(1);
    // without it, the two pairs that alternated agree: x2 and x1.75
    const steady = compareMetrics(
      [at('b1.json', 'before', 1000, 1), at('a1.json', 'after', 2000, 2), at('b2.json', 'before', 1200, 3), at('a2.json', 'after', 2100, 4)],
    ).find((r) => r.key === 'files_per_s')!;
    expect(steady.verdict.ratio).toBeCloseTo(Math.sqrt(2 * 1.75), 10);
  });

  it('a metric only one side reports has no change', () => {
    const extra = run('synthetic-fast-commit-after.json', (r) => ({
      ...r,
      started_at: '2000-01-02T00:00:00Z',
      metrics: { ...r.metrics, fc_commits_count: 12 },
    }));
    const rows = compareMetrics([before1, extra]);
    const commits = rows.find((r) => r.key === 'fc_commits_count')!;
    expect(commits.before).toEqual([]);
    expect(commits.beforeMedian).toBeUndefined();
    expect(commits.changePct).toBeUndefined();
  });

  it("puts the mail's change beside the metric it names", () => {
    const lookup: MailChangeLookup = (lab, metric) =>
      lab === 'fast-commit' && metric === 'files_per_s'
        ? { metric, before: 0.73, after: 126.13, where: 'row 7 (6,10)', citation: 'Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022' }
        : undefined;
    const rows = compareMetrics([before1, after], lookup);
    expect(rows[0].mail?.where).toBe('row 7 (6,10)');
    expect(rows[0].mailPct).toBeCloseTo(17178.08, 1);
    expect(rows[1].mail).toBeUndefined();
  });

  it("the project's table: the runs' parameters pick the mail's row, else its first", () => {
    const rows = compareMetrics([before1, after], mailChange);
    const files = rows.find((r) => r.key === 'files_per_s')!;
    expect(files.mail?.where).toMatch(/^row 7 \(6,10\)/);
    expect(files.mailPct).toBeCloseTo(17178.08, 1);
    expect(files.mailStatedPct).toBeUndefined();
    expect(rows.find((r) => r.key === 'avg_commit_us')!.mail).toBeUndefined();

    const row1 = (r: KernelResult): KernelResult => ({ ...r, parameters: { ...r.parameters, row: 1 } });
    const rows1 = compareMetrics([run('synthetic-fast-commit-before.json', row1), run('synthetic-fast-commit-after.json', row1)], mailChange);
    expect(rows1[0].mail?.where).toMatch(/^row 1 \(1\)/);
    expect(rows1[0].mailPct).toBeCloseTo(3.61, 1);
  });

  it("keeps the change the mail's text states when its figures give another", () => {
    const lookup: MailChangeLookup = (_lab, metric) =>
      metric === 'files_per_s' ? { metric, before: 341.833, after: 228.847, where: 'w', citation: 'c', stated_pct: -39.6 } : undefined;
    const r = compareMetrics([before1, after], lookup)[0];
    expect(r.mailPct).toBeCloseTo(-33.05, 1);
    expect(r.mailStatedPct).toBe(-39.6);
    const close: MailChangeLookup = (_lab, metric) =>
      metric === 'files_per_s' ? { metric, before: 16.9, after: 17.51, where: 'w', citation: 'c', stated_pct: 3.6 } : undefined;
    expect(compareMetrics([before1, after], close)[0].mailStatedPct).toBeUndefined();
  });

  it('no runs, no rows', () => {
    expect(compareMetrics([])).toEqual([]);
  });
});

describe('checkRun', () => {
  it('a sound before and after run pass', () => {
    for (const r of [before1, after]) expect(checkRun(r.result, spec)).toEqual([]);
  });

  it('warns when the after run counted old-code work', () => {
    const r = load('synthetic-fast-commit-after-not-live.json');
    const warn = checkRun(r, spec);
    expect(warn.map((c) => c.message)).toEqual([
      'lab_fc_dentry_scan_nodes rose by 7 in an after run: the old code ran, the switch was not off',
    ]);
  });

  it('warns when the before run counted nothing', () => {
    const r = { ...before1.result, counters: { lab_fc_dentry_scan_nodes: 0 } };
    expect(checkRun(r, spec)[0]?.message).toBe(
      'lab_fc_dentry_scan_nodes stayed 0 in a before run: the old code never ran, the switch was not live',
    );
  });

  it('warns on a switch set wrong for the variant, or not recorded', () => {
    const wrong = { ...before1.result, switches: { lab_fc_dentry_scan: 0 } };
    expect(checkRun(wrong, spec)[0].message).toBe('lab_fc_dentry_scan was 0, but the before variant sets it to 1: this is not a before run');
    const none = { ...after.result, switches: {}, counters: {} };
    expect(checkRun(none, spec).map((c) => c.message)).toEqual([
      'the run did not record the switch lab_fc_dentry_scan (after sets it to 0)',
      'the run did not record the counter lab_fc_dentry_scan_nodes, so nothing shows the switch was live',
    ]);
  });
});

describe('contextMismatches and missingVariant', () => {
  it('alike runs have none', () => {
    expect(contextMismatches([before1, before2, after])).toEqual([]);
  });
  it('names what differs and which files', () => {
    const other = run('synthetic-fast-commit-after.json', (r) => ({
      ...r,
      accelerator: 'kvm',
      guest: { ...r.guest, smp: 8 },
      parameters: { ...r.parameters, ways: 8 },
    }));
    expect(contextMismatches([before1, other])).toEqual([
      'the runs differ in where they ran: tcg (synthetic-fast-commit-before.json), kvm (synthetic-fast-commit-after.json)',
      'the runs differ in smp: 4 (synthetic-fast-commit-before.json), 8 (synthetic-fast-commit-after.json)',
      'the runs differ in benchmark parameters: synthetic-fast-commit-before.json vs synthetic-fast-commit-after.json',
    ]);
  });
  it('notes runs under TCG, by name when not all were', () => {
    expect(tcgNote([])).toBeNull();
    expect(tcgNote([before1, after])).toMatch(/^All runs ran under TCG: QEMU emulated/);
    expect(tcgNote([after])).toMatch(/^The run ran under TCG/);
    const kvm = run('synthetic-fast-commit-after.json', (r) => ({ ...r, accelerator: 'kvm' }));
    expect(tcgNote([kvm])).toBeNull();
    expect(tcgNote([before1, kvm])).toMatch(/^synthetic-fast-commit-before\.json ran under TCG/);
  });
  it('warns when the runs mix places, QEMU with a machine booted into the lab kernel most of all', () => {
    expect(placeMix([before1, after])).toBeNull();
    const kvm = run('synthetic-fast-commit-after.json', (r) => ({ ...r, accelerator: 'kvm' }));
    expect(placeMix([before1, kvm])).toBe(
      'The runs ran in different places (QEMU, TCG (emulated): synthetic-fast-commit-before.json; QEMU, KVM: synthetic-fast-commit-after.json): timings under TCG and KVM do not compare; import runs of one place.',
    );
    const real = { ...run('synthetic-fast-commit-after.json', (r) => ({ ...r, accelerator: 'none', where: 'real' })), file: 'real-after.json' };
    expect(placeMix([before1, real])).toMatch(
      /^The runs ran in different places \(QEMU, TCG \(emulated\): synthetic-fast-commit-before\.json; real hardware: real-after\.json\): QEMU and a machine booted into the lab kernel differ/,
    );
    /* a file from before where was recorded, with no accelerator of QEMU, ran on the machine itself */
    const none = { ...run('synthetic-fast-commit-after.json', (r) => ({ ...r, accelerator: 'none' })), file: 'none-after.json' };
    expect(placeMix([real, none])).toBeNull();
    expect(tcgNote([real])).toBeNull();
    expect(contextMismatches([before1, real])[0]).toBe(
      'the runs differ in where they ran: tcg (synthetic-fast-commit-before.json), real (real-after.json)',
    );
  });
  it('says which variant is missing', () => {
    expect(missingVariant([])).toBeNull();
    expect(missingVariant([before1])).toMatch(/^no after run yet/);
    expect(missingVariant([after])).toMatch(/^no before run yet/);
    expect(missingVariant([before1, after])).toBeNull();
  });
});
