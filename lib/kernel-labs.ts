/**
 * The kernel side of each lab: the runtime switch that turns stock 6.12
 * ("after") back into the mail's "before", the counter that proves the switch
 * was live, and the benchmark the guest runs: the types. Each lab declares
 * its own in kernel-lab/labs/<lab>/spec.ts, and KERNEL_LAB_SPECS in the
 * generated kernel-lab/labs.gen.ts (scripts/registry/kernel.mjs) holds them
 * all.
 */
import type { KernelLab } from './kernel-results';

export interface KernelSwitch {
  /** attribute name, also the key in results' `switches` */
  name: string;
  /** where it lives in the guest; <dev> is the block device, e.g. vdb */
  path: string;
  /** value for the "before" variant ("after" is always 0, stock 6.12) */
  before: number;
  /** set to this value in both variants (a condition of the mail's test, not the change) */
  both?: number;
  help: string;
}

export interface KernelCounter {
  name: string;
  path: string;
  help: string;
}

/**
 * A value the lab's patch exposes besides the switch proofs: read before and
 * after the benchmark like a counter, but it may move in both variants or
 * measure rather than count, so it proves nothing about the switch. The
 * lab's parser (kernel-lab/labs/<lab>/workload/parse.ts) reports its increase as a
 * metric.
 */
export interface KernelMeasure {
  name: string;
  path: string;
  /** the metric key it becomes in the results */
  metric: string;
  help: string;
}

/**
 * A clean disk the guest image carries: a sparse file of `size` bytes that
 * `mkfs` formats with `args` (no mount needed). A lab's workload names the
 * disks it needs in its disks file, from the shared ones (cli/kernel/image.ts)
 * and its own (KernelLabSpec.disks).
 */
export interface DiskRecipe {
  size: number;
  /** mke2fs or mkfs.btrfs: host-run sizes these two (mkfs.conf) */
  mkfs: string;
  args: string[];
  /** one line for the image's listing */
  what: string;
}

export interface KernelLabSpec {
  lab: KernelLab;
  /** the kind of switch kernel-map.md proposes */
  kind: 'ext4 sysfs attribute' | 'sysctl' | 'module parameter';
  switches: KernelSwitch[];
  /** counters of the work the "before" switch adds; they must rise in "before" and stay 0 in "after" */
  counters: KernelCounter[];
  /** the patch's other values, reported as metrics; not switch proofs */
  measures?: KernelMeasure[];
  benchmark: string;
  /** what a reader needs to know to read the lab's kernel figures, one paragraph each */
  notes?: string[];
  /** the 6.12 function(s) the switch touches */
  source: { file: string; functions: string[] };
  /** disks of this lab's own, by name, beside the shared ones; a name no other lab or shared disk has */
  disks?: Readonly<Record<string, DiskRecipe>>;
}
