/**
 * The commands that reproduce a lab on the real kernel, as argument lists
 * (as the CLI receives them) with the text a reader copies into a shell.
 */
import type { KernelLab } from '../../core/kernelResults';

export interface Command {
  argv: string[];
  /** what it does, one line */
  help: string;
}

/** Where a run's results go, as `journalclub lab run` writes them. */
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

const CLI = ['npx', 'journalclub', 'lab'];

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

/** In an unpacked bundle: needs only qemu-system-x86_64. */
export function bundleCommands(lab: KernelLab): Command[] {
  return [
    { argv: ['./run', lab, 'before'], help: 'the benchmark with the switch on: the code before the patch' },
    { argv: ['./run', lab, 'after'], help: 'the benchmark on stock 6.12: the code after the patch' },
  ];
}

export const PACKAGE_COMMAND: Command = {
  argv: [...CLI, 'package'],
  help: 'writes the bundle (kernel, guest image, run script, SHA256SUMS) into web/public/kernel/ for the next build of the site',
};
