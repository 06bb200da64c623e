/** The extent-status lab as shared code reads it: its trace rules, small configuration and kernel metrics. */
import type { LabFace } from '../face';
import { ANIMATION_PRESET } from './preset';

/* the guest benchmark's names of the model's metrics */
const KERNEL_METRICS: Readonly<Record<string, string>> = {
  avg_scan_time_us: 'avg_scan_us',
  max_scan_time_us: 'max_scan_us',
  cache_hits_count: 'hits',
  avg_latency_us: 'user_avg_latency_us',
  max_latency_us: 'user_max_latency_us',
};

export const lab: LabFace = {
  lesson: {
    variants: ['baseline', 'es-ilist'],
    /* the mail's headline case a (few huge trees), in the smallest memory, where the shrinker runs within a second */
    params: ANIMATION_PRESET,
    moments: [
      {
        id: 'scan-past-delayed',
        label: 'baseline: the scan walks past delayed extents',
        variant: 'baseline',
        kind: 'es_keep',
        after: 24,
      },
      { id: 'baseline-shrink', label: 'baseline: the shrinker is called', variant: 'baseline', kind: 'shrink_begin' },
      { id: 'ilist-shrink', label: "es-ilist: the shrinker takes its list", variant: 'es-ilist', kind: 'shrink_begin' },
    ],
    headline: { metric: 'avg_scan_us', where: { case: 'a' }, mailSize: '100 jobs × 5 files in 24 GB' },
    look: "Left, the 3.18 shrinker walks each inode's tree from its first extent, past delayed extents it cannot free; right, es-ilist takes reclaimable extents straight from a per-inode list.",
  },
  trace: {
    phases: [{ begin: 'shrink_begin', end: 'shrink_end', name: 'shrink' }],
    waits: [],
    counters: [{ kind: 'shrink_begin', name: 'shrinker list', series: { list_len: 'b' } }],
    chains: [],
  },
  small: { case: [0, 2], runtime_ms: [100, 300], mem_mb: [32, 32], jobs: [1, 4], small_files: [1024, 4096] },
  /* its sweep takes 6.1 s a seed (one lane, as the worker runs it), so no seed fits the page's 5 s: two, the fewest an interval takes (docs/labs/extent-status.md) */
  sweepSeeds: 2,
  engineRun: { params: { case: 1, runtime_ms: 100, mem_mb: 32, small_files: 16 }, variant: 'baseline', pair: ['baseline', 'upstream'] },
  /* a scan's duration and an inode's last touch are times: which extents a scan frees, keeps or ages is the difference */
  divergence: { noise: { shrink_end: ['a'], list_skip: ['b'] } },
  /* case_b_avg_scan_time_us: the model's avg_scan_us at case b */
  kernelMetric(key) {
    const m = /^case_([abc])_(.+)$/.exec(key);
    const metric = m ? KERNEL_METRICS[m[2]!] : undefined;
    return m && metric ? { metric, param: { name: 'case', value: m[1]! } } : null;
  },
};
