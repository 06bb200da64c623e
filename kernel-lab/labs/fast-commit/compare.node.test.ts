/**
 * `journalclub kernel compare`, spawned as a user runs it, on fast-commit's
 * results files (results/before.json, results/after.json): the table and its
 * JSON, the mail's change beside the run's, warnings that do not fail, and
 * one-line refusals with exit status 2 (a second lab's result from the
 * registry, tests/kernel-results.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertRefused, journalclub, jsonOf } from '../../../tests/node/cli';
import { labsWithResults, resultPath } from '../../../tests/kernel-results';

const BEFORE = resultPath('fast-commit', 'before');
const AFTER = resultPath('fast-commit', 'after');
/* another lab's result */
const OTHER_LAB = labsWithResults('after').find((l) => l !== 'fast-commit')!;
const OTHER = resultPath(OTHER_LAB, 'after');

const scratch = mkdtempSync(join(tmpdir(), 'jc-lab-compare-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

interface Row {
  metric: string;
  a: number | null;
  b: number | null;
  change_pct: number | null;
  mail: { change_pct: number | null; where: string; citation: string } | null;
}

describe('journalclub kernel compare', () => {
  it('prints one row per metric of either file, with the change and the mail beside', () => {
    const run = journalclub(['kernel', 'compare', BEFORE, AFTER]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    const out = run.stdout;
    assert.match(out, new RegExp(`^fast-commit: A ${BEFORE.replace(/[.]/g, '\\.')} \\(before, quick, tcg, 2 vCPUs\\)$`, 'm'));
    assert.match(out, /^metric\s+A \(before\)\s+B \(after\)\s+change\s+mail\s+mail's figure$/m);
    assert.match(out, /^files_per_s\s+386\.3\s+776\.7\s+\+101\.1%\s+\+1\.9%\s+row 3 \(3,3\), 53\.97 -> 55\.01 K creates\/s$/m);
    assert.match(out, /^fc_avg_commit_time_us\s+3454\s+2406\s+-30\.3%$/m);
    assert.match(out, /^fc_blocks_count\s+3158\s+-\s+-$/m);
    assert.match(out, /^app_overhead_us\s+-\s+916\.7\s+-$/m);
    assert.match(out, /^mail: Ritesh Harjani \(IBM\), linux-ext4, 21 Feb 2022$/m);
  });

  it('runs as `journalclub lab compare` too, the group\'s old name, saying once on stderr that it is now `journalclub kernel`', () => {
    const run = journalclub(['lab', 'compare', BEFORE, AFTER]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, 'journalclub: `journalclub lab` is now `journalclub kernel` (lab still works, as an alias)\n');
    assert.equal(run.stdout, journalclub(['kernel', 'compare', BEFORE, AFTER]).stdout);
  });

  it('prints the same comparison as JSON', () => {
    const c = jsonOf(journalclub(['kernel', 'compare', BEFORE, AFTER, '--json'])) as { lab: string; warnings: string[]; rows: Row[] };
    assert.equal(c.lab, 'fast-commit');
    assert.deepEqual(c.warnings, []);
    const a = JSON.parse(readFileSync(BEFORE, 'utf8')) as { metrics: Record<string, number> };
    const b = JSON.parse(readFileSync(AFTER, 'utf8')) as { metrics: Record<string, number> };
    const keys = new Set([...Object.keys(a.metrics), ...Object.keys(b.metrics)]);
    assert.deepEqual(new Set(c.rows.map((r) => r.metric)), keys);
    for (const r of c.rows) {
      assert.equal(r.a, a.metrics[r.metric] ?? null);
      assert.equal(r.b, b.metrics[r.metric] ?? null);
      if (r.a !== null && r.b !== null) assert.ok(Math.abs(r.change_pct! - ((r.b - r.a) / r.a) * 100) < 1e-9, r.metric);
      else assert.equal(r.change_pct, null);
    }
    const files = c.rows.find((r) => r.metric === 'files_per_s')!;
    assert.ok(Math.abs(files.mail!.change_pct! - ((55.01 - 53.97) / 53.97) * 100) < 1e-9);
  });

  it("turns the mail's change round when A is the after run", () => {
    const c = jsonOf(journalclub(['kernel', 'compare', AFTER, BEFORE, '--json'])) as { rows: Row[] };
    const files = c.rows.find((r) => r.metric === 'files_per_s')!;
    assert.ok(Math.abs(files.mail!.change_pct! - ((53.97 - 55.01) / 55.01) * 100) < 1e-9);
  });

  it('warns, without failing, when the runs ran differently', () => {
    const other = JSON.parse(readFileSync(AFTER, 'utf8')) as Record<string, unknown> & { guest: { smp: number } };
    other.profile = 'paper';
    other.accelerator = 'kvm';
    other.guest.smp = 4;
    const path = join(scratch, 'paper-after.json');
    writeFileSync(path, JSON.stringify(other));
    const run = journalclub(['kernel', 'compare', BEFORE, path]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stderr.trimEnd().split('\n'), [
      'journalclub: warning: the profiles differ (A quick, B paper): the benchmarks ran at different sizes',
      'journalclub: warning: the accelerators differ (A tcg, B kvm): timings under TCG and KVM do not compare',
      'journalclub: warning: the guests had different vCPUs (A 2, B 4)',
    ]);
    assert.match(run.stdout, /^files_per_s\s/m);
  });

  it('refuses two labs', () => {
    assertRefused(journalclub(['kernel', 'compare', BEFORE, OTHER]), 'is a fast-commit result', `a ${OTHER_LAB} result`, 'compare two runs of one lab');
  });

  it('refuses a missing file, a file that is not JSON and one that is not a result', () => {
    assertRefused(journalclub(['kernel', 'compare', join(scratch, 'none.json'), AFTER]), 'none.json', 'no such file');
    const notJson = join(scratch, 'not.json');
    writeFileSync(notJson, 'Throughput 109.211 MB/sec  2 clients  2 procs  max_latency=29.078 ms\n');
    assertRefused(journalclub(['kernel', 'compare', BEFORE, notJson]), 'not.json is not JSON');
    const wrong = join(scratch, 'wrong.json');
    writeFileSync(wrong, readFileSync(AFTER, 'utf8').replace('"files_per_s"', '"files_per_second"'));
    assertRefused(journalclub(['kernel', 'compare', BEFORE, wrong]), 'wrong.json is not a journalclub kernel result', 'metrics.files_per_second');
  });

  it('wants two files at least', () => {
    assertRefused(journalclub(['kernel', 'compare', BEFORE]), 'kernel compare needs at least two results files (got 1)');
  });
});

describe('journalclub kernel compare with repeated runs', () => {
  /** runs derived from the fixtures: before and after alternating, files_per_s as given, one hour apart */
  function runs(order: { variant: 'before' | 'after'; files: number; commit: number }[], dir: string): string[] {
    const base = { before: JSON.parse(readFileSync(BEFORE, 'utf8')), after: JSON.parse(readFileSync(AFTER, 'utf8')) } as Record<string, { started_at: string; metrics: Record<string, number> }>;
    return order.map((o, k) => {
      const r = structuredClone(base[o.variant]!);
      r.started_at = `2026-11-21T${String(k + 1).padStart(2, '0')}:00:00+00:00`;
      r.metrics.files_per_s = o.files;
      r.metrics.fc_avg_commit_time_us = o.commit;
      const path = join(scratch, `${dir}-${k}-${o.variant}.json`);
      writeFileSync(path, JSON.stringify(r));
      return path;
    });
  }

  it('gives each variant its min, median and max, the change of the medians, and the verdict on the runs paired in run order', () => {
    const files = runs(
      [
        { variant: 'before', files: 380, commit: 3400 },
        { variant: 'after', files: 770, commit: 3000 },
        { variant: 'before', files: 400, commit: 2500 },
        { variant: 'after', files: 790, commit: 2400 },
        { variant: 'before', files: 390, commit: 3500 },
        { variant: 'after', files: 760, commit: 2300 },
      ],
      'abab',
    );
    const run = journalclub(['kernel', 'compare', ...files]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.match(run.stdout, /^fast-commit: 6 runs, alternating before and after: before after before after before after$/m);
    // pairs x2.03, x1.98, x1.95: x1.98 clear of no change, where the mail's row of these parameters (row 3, +1.9%) is within its noise
    assert.match(run.stdout, /^files_per_s\s+380 \/ 390 \/ 400\s+760 \/ 770 \/ 790\s+\+97\.4%\s+x1\.98 \(95%: x1\.89 to x2\.08\)\s+\+1\.9%\s+stronger than the mail \(its change is noise\)$/m);
    assert.match(run.stdout, /^ {2}files_per_s: x1\.98 .* is clear of no change and larger than the mail's noise \(\+3\.6%\), where the mail's \+1\.9% is within it/m);
    // pairs -11.8%, -4.0%, -34.3%: the interval over three pairs includes no change
    assert.match(run.stdout, /^fc_avg_commit_time_us\s+2500 \/ 3400 \/ 3500\s+2300 \/ 2400 \/ 3000\s+-29\.4%\s+-17\.7% \(95%: -49\.8% to \+34\.9%\)\s+within the noise$/m);
    const c = jsonOf(journalclub(['kernel', 'compare', ...files, '--json'])) as {
      alternated: boolean;
      rows: { metric: string; before: { n: number; median: number }; verdict: { kind: string; n: number; mail: { ratio: number } | null } }[];
    };
    assert.equal(c.alternated, true);
    const files_ = c.rows.find((r) => r.metric === 'files_per_s')!;
    assert.deepEqual([files_.before.n, files_.before.median, files_.verdict.kind, files_.verdict.n], [3, 390, 'stronger than the mail', 3]);
    assert.ok(Math.abs(files_.verdict.mail!.ratio - 55010 / 53970) < 1e-9, `the mail's ratio ${files_.verdict.mail!.ratio}`);
  });

  it('pairs runs that did not alternate in run order all the same, and warns', () => {
    const files = runs(
      [
        { variant: 'before', files: 100, commit: 1 },
        { variant: 'before', files: 104, commit: 1 },
        { variant: 'before', files: 102, commit: 1 },
        { variant: 'after', files: 106, commit: 1 },
        { variant: 'after', files: 107, commit: 1 },
        { variant: 'after', files: 108, commit: 1 },
        { variant: 'after', files: 109, commit: 1 },
      ],
      'aabb',
    );
    const run = journalclub(['kernel', 'compare', ...files]);
    assert.equal(run.status, 0, run.stderr);
    // pairs 100/106, 104/107, 102/108 (the fourth after run unpaired): +4.9%, clear of no change and above the mail's +1.9% of noise
    assert.match(run.stdout, /^files_per_s\s.*\+4\.9% \(95%: \+0\.6% to \+9\.4%\)\s+\+1\.9%\s+stronger than the mail \(its change is noise\)$/m);
    assert.match(run.stderr, /warning: the runs did not alternate before and after \(ABAB\)/);
    assert.match(run.stderr, /warning: 3 before and 4 after runs: the verdict pairs them in run order and leaves the last 1 out/);
  });

  it('refuses a set of one variant and runs of two labs', () => {
    const only = runs(
      [
        { variant: 'before', files: 1, commit: 1 },
        { variant: 'before', files: 2, commit: 1 },
        { variant: 'before', files: 3, commit: 1 },
      ],
      'one',
    );
    assertRefused(journalclub(['kernel', 'compare', ...only]), 'needs runs of both variants (got 3 before and 0 after)');
    assertRefused(journalclub(['kernel', 'compare', ...only, OTHER]), `a ${OTHER_LAB} result`);
  });
});
