import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kernelNote, kernelRows, kernelSkipReason, type KernelBench } from '../../bench/kernel';
import { KERNEL_LABS } from '../../lib/kernel-results';

/* three of the labs, whichever: the table reads their samples, not their names */
const [A, B, C] = KERNEL_LABS;

const bench: KernelBench = {
  runs: 3,
  load_before: 2.5,
  kernel: 'k1',
  image: 'i1',
  labs: [
    {
      lab: A,
      accelerator: 'tcg',
      samples: [
        { to_init_s: 1.8, to_bench_s: 1.9, to_poweroff_s: 12 },
        { to_init_s: 1.3, to_bench_s: 1.4, to_poweroff_s: 10.5 },
        { to_init_s: 1.2, to_bench_s: 1.45, to_poweroff_s: 14 },
      ],
    },
    { lab: B, accelerator: 'tcg', samples: [{ to_bench_s: 1.6, to_poweroff_s: 20 }] },
    { lab: C, accelerator: 'kvm', samples: [{ to_bench_s: 0.4, to_poweroff_s: 9 }, { to_bench_s: 0.6, to_poweroff_s: 9.5 }] },
  ],
};

describe('the kernel lab boot in the bench table', () => {
  it('gives per lab the median to the benchmark against 1.5 s under TCG, with its range, and to power-off', () => {
    const rows = kernelRows(bench);
    expect(rows).toHaveLength(7);
    /* the boot alone, where the runs have it */
    expect(rows.shift()).toEqual({
      measure: `kernel lab, ${A} quick (tcg), QEMU's start to /init's first line, median of 3`,
      value: '1.30 s (1.20-1.80)',
      target: '',
      met: null,
    });
    expect(rows[0]).toEqual({
      measure: `kernel lab, ${A} quick (tcg), QEMU's start to the benchmark's first line, median of 3`,
      value: '1.45 s (1.40-1.90)',
      target: '<= 1.5 s',
      met: true,
    });
    expect(rows[1]).toMatchObject({ measure: `kernel lab, ${A} quick (tcg), QEMU's start to power-off, median of 3`, value: '12.00 s (10.50-14.00)', met: null });
    /* one run has no range; over 1.5 s misses */
    expect(rows[2]).toMatchObject({ value: '1.60 s', met: false });
    /* the goal is TCG's: a KVM boot is reported without it */
    expect(rows[4]).toMatchObject({ value: '0.50 s (0.40-0.60)', target: '', met: null });
  });

  it('says why it was skipped, and has no rows then', () => {
    expect(kernelRows({ skipped: 'no lab kernel built (journalclub kernel build)' })).toEqual([]);
    expect(kernelNote({ skipped: 'no lab kernel built (journalclub kernel build)' })).toBe(
      'kernel lab boot: skipped: no lab kernel built (journalclub kernel build)',
    );
    expect(kernelNote(bench)).toMatch(/^kernel lab boot: 3 quick runs a lab \(variant after\), kernel k1, image i1; 1-minute load average 2\.50/);
  });

  it('is skipped when the cache holds no kernel', () => {
    const cache = mkdtempSync(join(tmpdir(), 'jc-bench-cache-'));
    try {
      expect(kernelSkipReason({ XDG_CACHE_HOME: cache })).toBe('no lab kernel built (journalclub kernel build)');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
