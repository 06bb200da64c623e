import { failedRun, fmt, invariantsCheck, scalingCheck } from '../../exercises/checker';
import type { CheckContext, CheckDef, CheckOutcome, Exercise } from '../../exercises/types';

/*
 * The configurations are case b scaled down until the sanitizer build runs each in well under a second: one
 * writer of two big files beside 16 small ones, 32 to 64 MiB, one to three hundred shrinker calls in 200 ms.
 */
const SMALL = 'case=b;small_files=16;jobs=1';

/**
 * scanTimeCheck - the mail's headline, its average scan time (es_stats_scan_time, the kernel's EWMA), of yours
 * against the lab's own variants: within @withinUpstream (a fraction) of upstream's, or lower, on every seed, and
 * below baseline's. headlineCheck compares with variants named after and before; this lab's are named as the
 * mail's (baseline ... upstream).
 */
function scanTimeCheck(opts: { params: string; label: string; withinUpstream: number }): CheckDef {
  const metric = 'avg_scan_us';
  return {
    id: 'headline',
    title: `${metric} at ${opts.label}: within ${opts.withinUpstream * 100}% of upstream (lower is better)`,
    async evaluate(ctx: CheckContext): Promise<CheckOutcome> {
      const rows: { seed: number; yours: number; upstream: number; baseline: number }[] = [];
      for (const seed of ctx.seeds) {
        const got: Record<string, number> = {};
        for (const variant of ['yours', 'upstream', 'baseline']) {
          const o = await ctx.runner.run({ variant, params: opts.params, seed });
          if (!o.ok) return failedRun(o, `${variant}: ${o.failure === 'invariant' ? 'the model found a broken invariant' : `the run failed (${o.failure})`}: ${o.message}`);
          got[variant] = o.metrics[metric]!;
        }
        const row = { seed, yours: got.yours!, upstream: got.upstream!, baseline: got.baseline! };
        rows.push(row);
        const numbers = `yours ${fmt(row.yours)}, upstream ${fmt(row.upstream)}, baseline ${fmt(row.baseline)} us`;
        if (!(row.yours <= row.upstream * (1 + opts.withinUpstream)) || !(row.yours < row.baseline))
          return {
            pass: false,
            detail: `${metric} at ${opts.label}: ${numbers}: yours must be within ${opts.withinUpstream * 100}% of upstream${row.yours >= row.baseline ? ' and below baseline' : ''}`,
            seed,
            params: opts.params,
            variant: 'yours',
            data: { rows },
          };
      }
      const r0 = rows[0]!;
      return {
        pass: true,
        detail: `${metric} at ${opts.label}: yours ${fmt(r0.yours)}, upstream ${fmt(r0.upstream)}, baseline ${fmt(r0.baseline)} us (seed ${r0.seed}; ${rows.length} seeds)`,
        data: { rows },
      };
    },
  };
}

/**
 * The extent-status exercise: 6.12's per-inode reclaim, a budget of extents scanned, a resume position and the
 * REFERENCED second chance, in place of 3.18's walk from the first extent until 128 are freed.
 */
export const exercise: Exercise = {
  lab: 'extent-status',
  title: 'Reclaim an inode\'s extents within a scan budget, from where the last scan stopped',
  mirrors: 'es_reclaim_extents() and es_do_reclaim_extents() (fs/ext4/extents_status.c)',
  header: 'extent-status-yours.h',
  defines: ['yours_reclaim_extents'],
  calls: ['es_scan_search', 'es_scan_next', 'es_scan_free'],
  seeds: [1, 2, 3],
  checks: [
    // Hundreds of shrinker calls over small files and two growing trees; the interface checks every call, the
    // lab's checker (every tree walked whole) every 16 events: after every one it takes 4.5 s a run here
    invariantsCheck({
      configs: [`${SMALL};runtime_ms=100;mem_mb=32`, 'case=b;small_files=64;jobs=2;runtime_ms=200;mem_mb=32'],
      checkEvery: 16,
    }),
    // Extents scanned per shrinker call: the budget bounds 6.12's at 128; 3.18's walks past every delayed extent
    // before the first 128 it can free, and the delayed runs grow with memory
    scalingCheck({
      param: 'mem_mb',
      values: [32, 64],
      base: `${SMALL};runtime_ms=200`,
      work: (m) => m.nodes_visited! / Math.max(1, m.shrinker_calls!),
      unit: 'extents scanned per shrinker call',
      maxGrowth: 1.1,
      floor: 128,
    }),
    scanTimeCheck({ params: `${SMALL};runtime_ms=200;mem_mb=48`, label: 'case b, one writer, 48 MiB', withinUpstream: 0.05 }),
  ],
};
