/**
 * `journalclub kernel`: the kernel lab, the mails on a real Linux 6.12 in
 * QEMU. kernelCommand() builds the command group once; each part of the
 * kernel lab adds its subcommands to it here. `journalclub lab`, the group's
 * former name, still works and says that it is now `journalclub kernel`.
 *
 *   journalclub kernel compare A.json B.json [--json]      (two runs)
 *   journalclub kernel compare R1.json R2.json R3.json ... (runs of both variants, as sets)
 *   journalclub kernel build | run | ingest | package | verify   (./commands.ts)
 *   journalclub kernel image [--force]                            (./image.ts)
 */
import { readFile, stat } from 'node:fs/promises';
import { formatBytes } from '../../lib/format';
import { MAX_RESULT_BYTES } from '../../web/src/viz/kernel/imports';
import type { Command } from 'commander';
import { UsageError } from '../errors';
import { ensureKernelPackages } from '../kernel-packages';
import { addKernelCommands } from './commands';
import { compareSetTexts, compareTexts, formatComparison, formatSetComparison } from './compare';
import { addImageCommand } from './image';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const warn = (text: string): void => {
  process.stderr.write(`journalclub: warning: ${text}\n`);
};

/**
 * A results file's text; a missing or unreadable file, or one larger than
 * a results file is (the page's own limit), is the user's input refused.
 */
async function readResults(path: string): Promise<string> {
  try {
    const { size } = await stat(path);
    if (size > MAX_RESULT_BYTES)
      throw new UsageError(`${path} is ${formatBytes(size)}; a results file is at most ${formatBytes(MAX_RESULT_BYTES)}`);
    return await readFile(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'it is a directory' : err.message;
    throw new UsageError(`cannot read ${path}: ${why} (expected a results file that \`journalclub kernel run\` wrote)`);
  }
}

export async function compareCommand(files: string[], opts: { json?: boolean }): Promise<void> {
  if (files.length < 2) throw new UsageError(`kernel compare needs at least two results files (got ${files.length})`);
  const texts = await Promise.all(files.map(readResults));
  if (files.length === 2) {
    const c = compareTexts(texts[0]!, texts[1]!, [files[0]!, files[1]!]);
    for (const w of c.warnings) warn(w);
    print(opts.json ? JSON.stringify(c, null, 2) : formatComparison(c));
    return;
  }
  const c = compareSetTexts(texts, files);
  for (const w of c.warnings) warn(w);
  print(opts.json ? JSON.stringify(c, null, 2) : formatSetComparison(c));
}

/** The group's name, and its former name, kept as an alias. */
export const KERNEL_GROUP = 'kernel';
export const OLD_KERNEL_GROUP = 'lab';

/** The one line a command line that uses the former name gets, on stderr; null for any other. */
export function oldGroupNote(argv: readonly string[]): string | null {
  if (argv[0] !== OLD_KERNEL_GROUP) return null;
  return `journalclub: \`journalclub ${OLD_KERNEL_GROUP}\` is now \`journalclub ${KERNEL_GROUP}\` (${OLD_KERNEL_GROUP} still works, as an alias)`;
}

/** Add the `kernel` command group (alias `lab`) to the program and return it. */
export function kernelCommand(cli: Command): Command {
  const lab = cli
    .command(KERNEL_GROUP)
    .alias(OLD_KERNEL_GROUP)
    .description("the mails on a real Linux 6.12 in QEMU: build the kernel, run a lab's benchmark, compare, package");
  /* QEMU, the kernel toolchain and the guest benchmarks, installed when first needed (npm start does not) */
  lab.hook('preAction', (_group, sub) => ensureKernelPackages(sub.name(), sub.opts()));

  lab
    .command('compare')
    .description(
      "two results files side by side (each metric, the change in percent, the mail's own change), or more, grouped by variant: min, median and max, the change of the medians, and the runs paired in run order with their change's 95% interval and its verdict against the mail's",
    )
    .argument('<results...>', 'results files of one lab, e.g. kernel-lab/results/<lab>/<time>-before.json')
    .option('--json', 'print JSON')
    .action((files: string[], opts: { json?: boolean }) => compareCommand(files, opts));

  addKernelCommands(lab);
  addImageCommand(lab);
  return lab;
}
