/**
 * The ext4-writeback lab from the command line: `sweep` runs before and after
 * with fsync and with fdatasync at 1 to 32 jobs, the mail's shape among them,
 * every metric a median over the seeds with its range; the fdatasync row
 * carries the gap the mail states instead of figures it does not give.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadEngine } from '../../core/node';
import type { PaperRows } from '../../core/types';
import { journalclub, jsonOf, middle, sweepOfLab, type SweepPoint } from '../../../../tests/node/cli';

const LAB = 'ext4-writeback';
const VARIANTS = ['before', 'after'];
const JOBS = [1, 4, 8, 16, 32];
const SYNCS = ['fsync', 'fdatasync'];
/** fio's and jbd2's figures the issue names, under each sync mode's prefix */
const FIGURES = [
  'iops_per_s',
  'bw_kib_per_s',
  'clat_avg_us',
  'clat_max_us',
  'clat_p50_us',
  'clat_p90_us',
  'clat_p99_us',
  'clat_p99_9_us',
  'sync_avg_us',
  'writepages_pages_per_call',
  'jbd2_transactions_count',
  'jbd2_handles_per_txn',
  'jbd2_commit_time_us',
  'jbd2_logged_blocks_per_txn',
];

let rows: PaperRows;

before(async () => {
  rows = (await loadEngine()).rows(LAB);
});

describe('journalclub sweep ext4-writeback', () => {
  let points: SweepPoint[];
  let text: string;
  before(() => {
    /* three seeds, 1 to 3, whose medians the tests below compute again from single runs */
    ({ points, text } = sweepOfLab(LAB, VARIANTS, ['--seeds', '3']));
  });

  it('runs fsync and fdatasync at every jobs count, both variants, each figure under its own prefix', () => {
    const seen = points.map((p) => `${p.keys.sync} ${p.params.jobs}`).sort();
    assert.deepEqual(seen, SYNCS.flatMap((s) => JOBS.map((j) => `${s} ${j}`)).sort());
    for (const p of points) {
      const prefix = String(p.keys.sync);
      assert.equal(p.params.sync, SYNCS.indexOf(prefix), `${prefix}: the row runs the sync it is named by`);
      for (const v of VARIANTS)
        for (const f of FIGURES) {
          const m = `${prefix}_${f}`;
          const range = p.ranges[v]?.[m];
          assert.ok(range, `${prefix} ${p.params.jobs} jobs ${v}: ${m}`);
          assert.equal(range.median, p.metrics[v]![m], `${m}: the median of its range`);
          assert.ok(range.min <= range.median && range.median <= range.max, m);
          assert.ok(Number.isFinite(range.median), m);
        }
    }
  });

  it("keeps the mail's two rows at 16 jobs: fsync's figures, fdatasync's stated gap and no figures", () => {
    const paper = points.filter((p) => p.paper !== null);
    assert.deepEqual(
      paper.map((p) => [p.keys.sync, p.params.jobs, p.paper]),
      rows.rows.map((r) => [['fsync', 'fdatasync'][r.params.sync!], r.params.jobs, r.paper]),
    );
    const [fsync, fdatasync] = paper;
    assert.deepEqual([fsync!.paper!.before, fsync!.paper!.after], [460, 449]);
    assert.equal(fdatasync!.paper!.before, null);
    assert.equal(fdatasync!.paper!.change_pct, -5);
  });

  it("reports the medians of the seeds' own runs, fdatasync's under its own names", () => {
    const p = points.find((x) => x.keys.sync === 'fdatasync' && x.params.jobs === 16)!;
    for (const variant of VARIANTS) {
      const values = [1, 2, 3].map((seed) => {
        const run = journalclub(['sim', LAB, '--variant', variant, '--set', 'sync=fdatasync', '--seed', String(seed), '--json']);
        assert.equal(run.status, 0, run.stderr);
        return (jsonOf(run) as { metrics: Record<string, number> }).metrics.fdatasync_iops_per_s!;
      });
      assert.equal(p.metrics[variant]!.fdatasync_iops_per_s, middle(values), variant);
    }
  });

  it('prints a line per sync and jobs count, the stated gap beside the fdatasync row', () => {
    assert.match(text, /sim before .* sim after/);
    for (const s of SYNCS) for (const j of JOBS) assert.match(text, new RegExp(`^${s}\\s+${j}\\s`, 'm'));
    assert.match(text, /^fdatasync\s+16\s.*-5(\.0)?% stated/m);
  });

  it('refuses a sync mode it does not know, naming the ones it does', () => {
    const run = journalclub(['sim', LAB, '--variant', 'after', '--set', 'sync=osync']);
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /sync.*fsync.*fdatasync/);
  });
});
