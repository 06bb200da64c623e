/**
 * The kernel lab's build, run and bundle subcommands of `journalclub kernel`.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors';
import { buildKernel, currentKernel, dryRunGuestBuild, staleKernelNote } from './build';
import { addHostRunCommand } from './host-run';
import { buildHostKernel, dryRunHostBuild } from './hostbuild';
import { labChoices } from './labs';
import { packageBundle, verifyBundle } from './package';
import { compareSets, formatSetComparison } from './compare';
import { dryRunLab, ingestRun, planRun, repeatOrder, runLab, type RunOptions } from './run';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

export function addKernelCommands(lab: Command): void {
  lab
    .command('build')
    .description("build Linux 6.12 with the labs' switches (cached: an unchanged tree is not rebuilt)")
    .option('--target <target>', 'guest (a bzImage for QEMU) or host (.deb packages for a real x86_64 machine)', 'guest')
    .option('--config <file>', "host: the kernel config to start from (default the running kernel's /boot/config-$(uname -r))")
    .option('--force', 'rebuild even when this source, config and patch set was built before')
    .option('--jobs <n>', 'make -j (default: the number of CPUs)')
    .option('--dry-run', 'print the commands the build runs, one a line, and run nothing')
    .action(async (opts: { target: string; config?: string; force?: boolean; jobs?: string; dryRun?: boolean }) => {
      if (opts.target !== 'guest' && opts.target !== 'host') throw new UsageError(`--target must be guest or host, got '${opts.target.slice(0, 40)}'`);
      if (opts.config !== undefined && opts.target !== 'host') {
        throw new UsageError('--config is for --target host; the guest kernel is configured by kernel-lab/config/*.config');
      }
      if (opts.jobs !== undefined && !/^\d+$/.test(opts.jobs)) throw new UsageError(`--jobs must be an integer from 1 to 256, got '${opts.jobs.slice(0, 40)}'`);
      const jobs = opts.jobs === undefined ? undefined : Number(opts.jobs);
      const o = { force: opts.force, jobs, config: opts.config };
      if (opts.dryRun) {
        print((opts.target === 'host' ? dryRunHostBuild(o) : dryRunGuestBuild(o)).join('\n'));
        return;
      }
      if (opts.target === 'host') {
        const b = await buildHostKernel(o);
        print(b.debs.join('\n'));
        return;
      }
      const b = await buildKernel(o);
      print(b.bzImage);
    });

  lab
    .command('run')
    .description("boot the lab kernel in QEMU and run the mail's benchmark with the switch set; with --repeat, again, alternating the variants")
    .argument('<lab>', labChoices())
    .requiredOption('--variant <variant>', 'before (the switch on), after (stock 6.12), or both (before, after, before, after, ...)')
    .option('--repeat <n>', 'boot each variant this many times, 1 to 20 (default: 3 for both variants at the quick profile, else 1)')
    .option('--profile <profile>', "quick (under a minute under TCG) or paper (the mail's parameters)", 'quick')
    .option('--smp <n>', 'guest vCPUs', '2')
    .option('--mem <mib>', 'guest memory in MiB', '1024')
    .option('--accel <accel>', 'auto (KVM when it works, else TCG), kvm or tcg', 'auto')
    .option('--timeout <s>', 'give up on the guest after this many seconds')
    .option('--out <dir>', 'results directory (default kernel-lab/results/<lab>)')
    .option('--dry-run', 'print the command that boots each run, one a line, and run nothing')
    .action(async (name: string, opts: RunOptions & { repeat?: string; dryRun?: boolean }) => {
      const order = repeatOrder(opts.variant, opts.repeat, opts.profile ?? 'quick');
      if (opts.dryRun) {
        print(dryRunLab(name, opts, order).join('\n'));
        return;
      }
      /* a bad lab, variant or option is refused before anything is said or built */
      for (const variant of order) planRun(name, { ...opts, variant });
      const kernel = currentKernel();
      const stale = kernel && staleKernelNote(kernel);
      if (stale) process.stderr.write(`warning: ${stale}\n`);
      const runs = [];
      for (const [k, variant] of order.entries()) {
        if (order.length > 1) print(`run ${k + 1} of ${order.length}: ${variant}`);
        runs.push(await runLab(name, { ...opts, variant }, print));
      }
      if (runs.some((r) => r.result.variant === 'before') && runs.some((r) => r.result.variant === 'after') && runs.length > 2)
        print(`\n${formatSetComparison(compareSets(runs.map((r) => r.result), runs.map((r) => r.json)))}`);
    });

  addHostRunCommand(lab);

  lab
    .command('ingest')
    .description("turn a run directory that a bundle's ./run left into results JSON")
    .argument('<dir>', 'the run directory (has plan.txt and raw/)')
    .option('--out <file>', 'where to write the JSON (default <dir>.json)')
    .action(async (dir: string, opts: { out?: string }) => {
      await ingestRun(dir, opts.out, print);
    });

  lab
    .command('package')
    .description('write the bundle: kernel, initramfs, disks, run script, manifest, SHA256SUMS')
    .option('--out <dir>', 'where to write it (default kernel-lab/dist)')
    .option('--no-web', 'do not publish it under web/public/kernel/ for the site')
    .action(async (opts: { out?: string; web: boolean }) => {
      await packageBundle({ out: opts.out, web: opts.web }, print);
    });

  lab
    .command('verify')
    .description("check a bundle's sums, contents and manifest")
    .argument('<bundle>', 'a bundle directory or its .tar.gz')
    .action(async (path: string) => {
      const r = await verifyBundle(path);
      print(
        `${r.dir}: ok, ${r.files} files match SHA256SUMS; Linux ${r.manifest.kernel.release}, ` +
          `${r.manifest.kernel.patches.length} patches, labs ${r.manifest.labs.join(', ')}`,
      );
    });
}
