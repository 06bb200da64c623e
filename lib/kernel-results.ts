/**
 * The results of one kernel-lab run: what `journalclub kernel run` writes to
 * kernel-lab/results/<lab>/<time>-<variant>.json, what `journalclub kernel
 * compare` reads, and what a lab page imports beside the simulator. One
 * schema for all three.
 *
 * Metric keys carry their unit as a suffix (files_per_s, avg_commit_us,
 * handles_per_txn, ...) so that a table can print them without a side list.
 */
import { z } from 'zod';
import { KERNEL_LABS, type KernelLab } from './kernel-labs.gen';
import { parseJsonAs } from './parse-json';

/** The labs on the kernel side, in their order: generated (lib/kernel-labs.gen.ts) from the labs' folders. */
export { KERNEL_LABS, type KernelLab };

export const VARIANTS = ['before', 'after'] as const;
export type KernelVariant = (typeof VARIANTS)[number];

export const PROFILES = ['quick', 'paper'] as const;
export type KernelProfile = (typeof PROFILES)[number];

/**
 * Units a metric key may end with. `_s` seconds, `_ms`, `_us`, `_ns`;
 * `_per_s` a rate; `_mib_per_s`, `_mb_per_s` (10^6 bytes, as dbench
 * counts) and `_kib_per_s` bandwidths; `_kib`, `_mib`, `_bytes`,
 * `_pages`, `_blocks` sizes; `_count` a plain count; `_pct` a percentage;
 * `_ratio` a dimensionless ratio; `_per_txn`, `_per_call`, `_per_stat`
 * averages per transaction, per call, per stat.
 */
export const METRIC_UNITS = [
  's',
  'ms',
  'us',
  'ns',
  'per_s',
  'mib_per_s',
  'mb_per_s',
  'kib_per_s',
  'kib',
  'mib',
  'bytes',
  'pages',
  'blocks',
  'count',
  'pct',
  'ratio',
  'per_txn',
  'per_call',
  'per_stat',
] as const;

export type MetricUnit = (typeof METRIC_UNITS)[number];

/** Each unit as a reader writes it beside a figure. */
export const METRIC_UNIT_TEXT: Readonly<Record<MetricUnit, string>> = {
  s: 's',
  ms: 'ms',
  us: 'µs',
  ns: 'ns',
  per_s: '/s',
  mib_per_s: 'MiB/s',
  mb_per_s: 'MB/s',
  kib_per_s: 'KiB/s',
  kib: 'KiB',
  mib: 'MiB',
  bytes: 'bytes',
  pages: 'pages',
  blocks: 'blocks',
  count: '',
  pct: '%',
  ratio: '',
  per_txn: 'per transaction',
  per_call: 'per call',
  per_stat: 'per stat',
};

/** A metric key's unit suffix as a reader writes it: "µs" for us; an unknown suffix as it is. */
export function unitText(unit: string): string {
  return Object.hasOwn(METRIC_UNIT_TEXT, unit) ? METRIC_UNIT_TEXT[unit as MetricUnit] : unit;
}

const METRIC_KEY = new RegExp(`^[a-z][a-z0-9_]*?_(${[...METRIC_UNITS].sort((a, b) => b.length - a.length).join('|')})$`);

/** The unit suffix of a metric key, e.g. "per_s" for "files_per_s". */
export function metricUnit(key: string): string | undefined {
  const m = METRIC_KEY.exec(key);
  return m ? m[1] : undefined;
}

export const MetricKey = z
  .string()
  .regex(METRIC_KEY, { message: `a metric key is snake_case and ends in a unit: _${METRIC_UNITS.join(', _')}` });

export const Metrics = z
  .record(MetricKey, z.number().refine(Number.isFinite, 'a metric is a finite number'))
  .superRefine((metrics, ctx) => {
    // a count is of things that happened: below zero it is a broken file, not a measurement
    for (const [key, value] of Object.entries(metrics))
      if (metricUnit(key) === 'count' && value < 0)
        ctx.addIssue({ code: 'custom', path: [key], message: `a count cannot be negative (got ${value})` });
  });
export type Metrics = z.infer<typeof Metrics>;

/** A runtime switch or its counter as the guest read it back. */
export const SwitchValues = z.record(z.string().regex(/^lab_[a-z0-9_]+$/), z.number().int().nonnegative());

export const BootTiming = z.object({
  /** to /init's first line on the console */
  to_init_s: z.number().nonnegative().optional(),
  /** to the benchmark's first line on the console */
  to_bench_s: z.number().nonnegative().optional(),
  /** to QEMU's exit, the guest's power-off */
  to_poweroff_s: z.number().nonnegative(),
  /** the guest kernel's uptime when /init started (its own view, without QEMU's start and the firmware) */
  guest_init_uptime_s: z.number().nonnegative().optional(),
});
export type BootTiming = z.infer<typeof BootTiming>;

/**
 * Where a run's benchmark ran: in QEMU under TCG (emulation) or KVM, on a
 * real machine booted into the lab kernel, or on a virtual machine booted
 * into it (a host-run that found a hypervisor).
 */
export const WHERE = ['tcg', 'kvm', 'real', 'vm'] as const;
export type RunWhere = (typeof WHERE)[number];

export const WHERE_TEXT: Readonly<Record<RunWhere, string>> = {
  tcg: 'QEMU, TCG (emulated)',
  kvm: 'QEMU, KVM',
  real: 'real hardware',
  vm: 'a virtual machine (host-run)',
};

export const KernelResult = z.object({
  schema: z.literal('journalclub.kernel-result/1'),
  lab: z.enum(KERNEL_LABS),
  variant: z.enum(VARIANTS),
  profile: z.enum(PROFILES),
  /** ISO 8601, when the guest was started */
  started_at: z.string().datetime({ offset: true }),
  /** wall time of the whole run, boot to power-off */
  wall_s: z.number().nonnegative(),
  /**
   * How long the boot took, in seconds from QEMU's start, stamped on the host
   * as the console lines arrived (absent from results written before the runs
   * recorded it, and a stage the guest never reached is absent)
   */
  boot: BootTiming.optional(),
  host: z.object({
    hostname: z.string(),
    os: z.string(),
    cpus: z.number().int().positive(),
    cpu_model: z.string(),
    qemu: z.string(),
  }),
  /** QEMU's accelerator; none for a run on the machine itself (kernel host-run) */
  accelerator: z.enum(['kvm', 'tcg', 'none']),
  /** why this accelerator: "kvm works", "/dev/kvm missing", "kvm probe timed out after 5 s", ... */
  accelerator_reason: z.string(),
  /** where the benchmark ran (see runWhere); files from before it was recorded say it by their accelerator */
  where: z.enum(WHERE).optional(),
  /** why host-run thinks so: the CPU's hypervisor flag, the DMI vendor */
  where_reason: z.string().optional(),
  /** the scratch devices a host-run formatted, in the lab's disk order */
  devices: z
    .array(
      z.object({
        path: z.string(),
        /** the kernel's name for it: sdb, nvme0n1p2 */
        name: z.string(),
        bytes: z.number().int().nonnegative(),
        /** the queue's rotational flag; null when the kernel did not say */
        rotational: z.boolean().nullable(),
        /** the lab's disk it stood for: ext4-fc, ext4, btrfs */
        disk: z.string(),
        model: z.string(),
      }),
    )
    .optional(),
  guest: z.object({
    smp: z.number().int().positive(),
    mem_mib: z.number().int().positive(),
    /** uname -r inside the guest */
    kernel_release: z.string(),
    /** uname -v inside the guest */
    kernel_version: z.string(),
  }),
  /** the switch(es) as set for this run, read back inside the guest */
  switches: SwitchValues,
  /** each switch counter's increase over the benchmark: proof the switch was live */
  counters: SwitchValues,
  /** the benchmark's parameters for this profile */
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** scale-downs from the mail's own parameters, one sentence each */
  scaled: z.array(z.string()),
  /** parsed metrics, units in the key names */
  metrics: Metrics,
  /** every raw output the guest produced, by file name */
  raw: z.record(z.string(), z.string()),
});
export type KernelResult = z.infer<typeof KernelResult>;

/** Whether @w is in QEMU (under TCG or KVM), as opposed to a machine booted into the lab kernel. */
export function ranInQemu(w: RunWhere): boolean {
  return w === 'tcg' || w === 'kvm';
}

/** Where @r ran: its `where`, or for an older file, its accelerator (all of them ran in QEMU). */
export function runWhere(r: Pick<KernelResult, 'where' | 'accelerator'>): RunWhere {
  if (r.where) return r.where;
  return r.accelerator === 'none' ? 'real' : r.accelerator;
}

/**
 * Parse a results file's text. Throws an Error whose message names the
 * first problems (path and what is allowed), never a raw zod dump.
 */
export function parseKernelResult(text: string, source = 'results file'): KernelResult {
  return parseJsonAs(KernelResult, text, source, 'a journalclub kernel result');
}
