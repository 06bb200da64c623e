/**
 * The commands that reproduce a lab on the real kernel, as argument lists
 * (as the CLI receives them) with the text a reader copies into a shell.
 */
import type { KernelLab } from '../../../../lib/kernel-results';

export interface Command {
  argv: string[];
  /** what it does, one line */
  help: string;
}

/** Where a run's results go, as `journalclub kernel run` writes them. */
export function resultsPath(lab: KernelLab, variant: 'before' | 'after' | '<variant>'): string {
  return `kernel-lab/results/${lab}/<time>-${variant}.json`;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./<>-]+$/;

/**
 * One argument as a POSIX shell reads it back unchanged. Placeholders in
 * angle brackets are left bare: the reader replaces them before running.
 */
export function shellQuote(arg: string): string {
  if (arg !== '' && SAFE.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandText(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}

const CLI = ['npx', 'journalclub', 'kernel'];

/** In a checkout: build the kernel and the guest, run both variants, compare. */
export function checkoutCommands(lab: KernelLab): Command[] {
  return [
    { argv: [...CLI, 'build'], help: 'build Linux 6.12 with the five lab switches (cached outside the checkout)' },
    { argv: [...CLI, 'image'], help: "build the guest image with the mails' benchmarks" },
    {
      argv: [...CLI, 'run', lab, '--variant', 'before', '--profile', 'quick'],
      help: `boot the guest with the switch on (the mail's "before") and run the benchmark; writes ${resultsPath(lab, 'before')}`,
    },
    {
      argv: [...CLI, 'run', lab, '--variant', 'after', '--profile', 'quick'],
      help: `the same on stock 6.12 (the mail's "after"); writes ${resultsPath(lab, 'after')}`,
    },
    { argv: [...CLI, 'compare', '<before.json>', '<after.json>'], help: 'the two runs side by side, with the change in percent' },
  ];
}

/** The archive `journalclub kernel package` writes, and the directory it unpacks to. */
export const BUNDLE_FILE = 'journalclub-kernel-lab.tar.gz';

export function bundleDir(file: string): string {
  return file.replace(/\.tar\.gz$/, '');
}

/**
 * From the downloaded archive to results: unpack, run both variants (needs
 * only qemu-system-x86_64), then turn each run's directory into the results
 * JSON that this page imports (in a checkout).
 */
export function bundleCommands(lab: KernelLab, file = BUNDLE_FILE): Command[] {
  const dir = bundleDir(file);
  return [
    { argv: ['tar', 'xzf', file], help: `unpack the bundle into ${dir}/` },
    { argv: ['cd', dir], help: 'the run script checks the bundle against its SHA256SUMS before it boots anything' },
    { argv: ['./run', lab, 'before'], help: `the benchmark with the switch on, the code before the patch; leaves results/${lab}-before-<time>/` },
    { argv: ['./run', lab, 'after'], help: `the benchmark on stock 6.12, the code after the patch; leaves results/${lab}-after-<time>/` },
    {
      argv: ['npx', 'journalclub', 'kernel', 'ingest', `results/${lab}-<variant>-<time>`],
      help: 'in a checkout: turns a run directory into its results JSON, <dir>.json, to import below',
    },
  ];
}

export const PACKAGE_COMMAND: Command = {
  argv: [...CLI, 'package'],
  help: 'writes the bundle (kernel, guest image, run script, SHA256SUMS) into web/public/kernel/ for the next build of the site',
};
