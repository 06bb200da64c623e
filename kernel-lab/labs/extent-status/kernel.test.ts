/**
 * extent-status in the real kernel (the kernel suite, after the kernel and
 * the guest image are built): the shrinker runs in every case of both
 * variants, the 3.18 shrinker's scans take longer on average than stock
 * 6.12's, and its reads hit the extent cache less in every case.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { journalclub, said } from '../../../tests/kernel/cli';
import { median, quickRuns, sets } from '../../../tests/kernel/labs';

/*
 * Scan times under TCG move with the host. The mean time of every shrinker
 * scan of a case (the hist's summed scan time over its hit count), four
 * runs a side on an idle host: case a 67 (44 to 81) µs against 29 (22 to
 * 37); case b 53 (39 to 57) against 40 (34 to 45); case c 44 (36 to 49)
 * against 30 (27 to 31). But single after runs on a busier host read case a
 * at 44, 52 and 107 µs, and a fresh clone's npm test had case a at 50 (42 to
 * 60) against 36 (30 to 58). So the timing is held on every scan of a run,
 * the three cases pooled (summed scan time over scans: before 46 to 92 µs,
 * after 33 to 63 over 38 runs), before's median above after's: the ranges
 * overlap, so it takes three runs a side. The mechanism is held in every run
 * and case: before frees extents just looked up (no REFERENCED second
 * chance) and does not cache the holes the delalloc path finds, so fio's
 * lookups miss the extent cache, hit ratio before 41 to 69% against after
 * 91 to 100% in every quick run measured. The kernel's own average, the
 * mail's metric, weighs each scan 1/4, so it is mostly a case's last few
 * scans: it read 0 in two of three "before" runs of one set (155, 0, 0
 * against 30, 18, 28) and cannot carry a threshold.
 */
const REPEATS = 3;
const CASES = ['a', 'b', 'c'] as const;

describe('extent-status in the kernel', () => {
  const runs = quickRuns('extent-status', REPEATS);

  test('extent-status: the shrinker ran in every case of both variants, from several tasks, with its scan times and work', () => {
    for (const variant of ['before', 'after'] as const) {
      const r = runs.first(variant);
      for (const c of CASES) {
        const m = (name: string): number | undefined => r.metrics[`case_${c}_${name}`];
        const where = `${variant}, case ${c}: ${JSON.stringify(r.metrics)}`;
        assert.ok((m('scans_count') ?? 0) > 0, `no shrinker call in ${where}`);
        for (const name of ['mean_scan_time_us', 'max_scan_time_us', 'avg_scan_time_us', 'scan_extents_per_call']) {
          assert.ok(m(name) !== undefined, `no ${name} in ${where}`);
        }
        /* the hist's longest scan is one of the mount's, whose longest the kernel prints while its list is non-empty */
        const info = m('info_max_scan_time_us');
        if (info !== undefined) assert.ok(m('max_scan_time_us')! <= info, `the longest scan over fio exceeds the mount's in ${where}`);
        assert.ok((m('scan_extents_count') ?? 0) > 0, `the shrinker visited no extent in ${where}`);
        assert.ok((m('shrinker_tasks_count') ?? 0) >= 2, `fewer than two tasks ran the shrinker in ${where}`);
        if (variant === 'before') assert.ok((m('lru_sorts_count') ?? 0) > 0, `lab_es_lru=2 never sorted the list in ${where}`);
      }
    }
  });

  test("extent-status: the 3.18 shrinker's scans take longer on average than stock 6.12's, and its reads hit the cache less in every case", (t) => {
    /* every scan of a run: the cases' summed scan time over their scans */
    const pooled = (variant: 'before' | 'after'): number[] => {
      const scans = CASES.map((c) => runs.metricOf(variant, `case_${c}_scans_count`));
      return runs.all(variant).map((r, k) => {
        let us = 0;
        let n = 0;
        for (const [i, c] of CASES.entries()) {
          const s = scans[i]![k]!;
          /* a case without scans has no mean (the test above asks for scans in every case) */
          if (s > 0) {
            us += s * r.metrics[`case_${c}_mean_scan_time_us`]!;
            n += s;
          }
        }
        return us / n;
      });
    };
    const b = pooled('before');
    const a = pooled('after');
    t.diagnostic(`extent-status mean scan µs over every scan of a run ${sets(b, a)}`);
    const failed: string[] = [];
    if (!(median(b) > median(a))) failed.push(`mean scan µs over every scan of a run, ${sets(b, a)}: median not above after's`);
    for (const c of CASES) {
      const hb = runs.metricOf('before', `case_${c}_hit_ratio_pct`);
      const ha = runs.metricOf('after', `case_${c}_hit_ratio_pct`);
      t.diagnostic(`extent-status case ${c} cache hit ratio % ${sets(hb, ha)}`);
      if (!(Math.max(...hb) < Math.min(...ha))) failed.push(`case ${c} cache hit ratio % ${sets(hb, ha)}: not below in every run`);
    }
    assert.deepEqual(failed, []);
  });

  test('kernel compare shows extent-status scan times both ways', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jc-cmp-'));
    try {
      writeFileSync(join(dir, 'a.json'), JSON.stringify(runs.first('before')));
      writeFileSync(join(dir, 'b.json'), JSON.stringify(runs.first('after')));
      const r = journalclub(['kernel', 'compare', '--json', join(dir, 'a.json'), join(dir, 'b.json')], 60);
      assert.equal(r.status, 0, said(r));
      const rows = (JSON.parse(r.stdout) as { rows: { metric: string; a: number | null; b: number | null }[] }).rows;
      for (const c of CASES) {
        for (const name of ['avg_scan_time_us', 'max_scan_time_us', 'mean_scan_time_us', 'scan_extents_count']) {
          const row = rows.find((x) => x.metric === `case_${c}_${name}`);
          assert.ok(row && row.a !== null && row.b !== null, `kernel compare lacks case_${c}_${name} on one side: ${JSON.stringify(row)}`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
