/**
 * The kernel lab's boot, for `npm run bench`: each lab's quick profile run a
 * few times in QEMU (`journalclub kernel run`, variant after: the boot does not
 * depend on the switch), and from each run the host's stamps (run-qemu.sh)
 * of QEMU's start to /init's first line on the console, to the
 * benchmark's first line (after whatever the bench script prepares before
 * it prints) and to power-off. Reported as the median of the runs with their range, beside
 * the goal of 1.5 s to the benchmark under TCG.
 *
 * Needs the lab kernel and the guest image built (`journalclub kernel build`,
 * `journalclub kernel image`); without them it measures nothing and says why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { currentKernel } from '../cli/kernel/build';
import { currentImage } from '../cli/kernel/image';
import { runLab } from '../cli/kernel/run';
import { KERNEL_LABS, type KernelLab } from '../lib/kernel-results';
import { median, type Row } from './stats';

/** QEMU's start to the benchmark's first line, under TCG. */
export const BOOT_TARGET_S = 1.5;
export const BOOT_RUNS = 3;

/** One run's boot as its results file gives it. */
export interface BootSample {
  to_init_s?: number;
  to_bench_s: number;
  to_poweroff_s: number;
  guest_init_uptime_s?: number;
}

export interface LabBoot {
  lab: KernelLab;
  accelerator: string;
  samples: BootSample[];
}

export type KernelBench =
  | { skipped: string }
  | { labs: LabBoot[]; runs: number; load_before: number; kernel: string; image: string };

/** Why the kernel bench cannot run here, or null when the kernel and the image are built. */
export function kernelSkipReason(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!currentKernel(env)) return 'no lab kernel built (journalclub kernel build)';
  if (!currentImage(env)) return 'no guest image built (journalclub kernel image)';
  return null;
}

const range = (xs: readonly number[]): string =>
  xs.length < 2 ? '' : ` (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;

/** The table's rows: per lab, the median to the benchmark (with the goal) and to power-off. */
export function kernelRows(bench: KernelBench): Row[] {
  if ('skipped' in bench) return [];
  const rows: Row[] = [];
  for (const l of bench.labs) {
    const toBench = l.samples.map((s) => s.to_bench_s);
    const toOff = l.samples.map((s) => s.to_poweroff_s);
    const what = `kernel lab, ${l.lab} quick (${l.accelerator}), QEMU's start to`;
    const m = median(toBench);
    const tcg = l.accelerator === 'tcg';
    /* the boot alone: a bench script may prepare for a while before its first line */
    const toInit = l.samples.flatMap((s) => (s.to_init_s === undefined ? [] : [s.to_init_s]));
    if (toInit.length) {
      rows.push({
        measure: `${what} /init's first line, median of ${toInit.length}`,
        value: `${median(toInit).toFixed(2)} s${range(toInit)}`,
        target: '',
        met: null,
      });
    }
    rows.push({
      measure: `${what} the benchmark's first line, median of ${toBench.length}`,
      value: `${m.toFixed(2)} s${range(toBench)}`,
      target: tcg ? `<= ${BOOT_TARGET_S} s` : '',
      met: tcg ? m <= BOOT_TARGET_S : null,
    });
    rows.push({
      measure: `${what} power-off, median of ${toOff.length}`,
      value: `${median(toOff).toFixed(2)} s${range(toOff)}`,
      target: '',
      met: null,
    });
  }
  return rows;
}

/** The sentence printed instead of the rows, or under them. */
export function kernelNote(bench: KernelBench): string {
  if ('skipped' in bench) return `kernel lab boot: skipped: ${bench.skipped}`;
  return (
    `kernel lab boot: ${bench.runs} quick runs a lab (variant after), kernel ${bench.kernel}, image ${bench.image}; ` +
    `1-minute load average ${bench.load_before.toFixed(2)} before the runs`
  );
}

/** Run each lab's quick profile @runs times and collect the boot's stages. */
export async function measureKernelBoot(
  opts: { runs?: number; labs?: readonly KernelLab[]; log?: (text: string) => void } = {},
): Promise<KernelBench> {
  const skipped = kernelSkipReason();
  if (skipped) return { skipped };
  const runs = opts.runs ?? BOOT_RUNS;
  const log = opts.log ?? ((): void => {});
  const loadBefore = os.loadavg()[0] ?? 0;
  const out = mkdtempSync(join(os.tmpdir(), 'jc-bench-kernel-'));
  const labs: LabBoot[] = [];
  try {
    for (const lab of opts.labs ?? KERNEL_LABS) {
      const boot: LabBoot = { lab, accelerator: '', samples: [] };
      for (let i = 0; i < runs; i++) {
        log(`kernel lab: ${lab} quick, run ${i + 1} of ${runs}`);
        const { result } = await runLab(lab, { variant: 'after', profile: 'quick', out: join(out, lab) }, () => {});
        const b = result.boot;
        if (b?.to_bench_s === undefined) {
          throw new Error(`${lab}: the run has no boot timing (the console never showed the benchmark's first line)`);
        }
        boot.accelerator = result.accelerator;
        boot.samples.push({
          ...(b.to_init_s !== undefined && { to_init_s: b.to_init_s }),
          to_bench_s: b.to_bench_s,
          to_poweroff_s: b.to_poweroff_s,
          ...(b.guest_init_uptime_s !== undefined && { guest_init_uptime_s: b.guest_init_uptime_s }),
        });
      }
      labs.push(boot);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return {
    labs,
    runs,
    load_before: loadBefore,
    kernel: currentKernel()!.manifest.key,
    image: currentImage()!.manifest.key,
  };
}
