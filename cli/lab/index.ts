/**
 * `journalclub lab`: the kernel lab, the mails on a real Linux 6.12 in QEMU.
 * labCommand() builds the command group once; each part of the kernel lab
 * adds its subcommands to it here.
 *
 *   journalclub lab compare A.json B.json [--json]      (two runs)
 *   journalclub lab compare R1.json R2.json R3.json ... (runs of both variants, as sets)
 *   journalclub lab build | run | ingest | package | verify   (./commands.ts)
 *   journalclub lab image [--force]                            (./image.ts)
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
    throw new UsageError(`cannot read ${path}: ${why} (expected a results file that \`journalclub lab run\` wrote)`);
  }
}

export async function compareCommand(files: string[], opts: { json?: boolean }): Promise<void> {
  if (files.length < 2) throw new UsageError(`lab compare needs at least two results files (got ${files.length})`);
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

/** Add the `lab` command group to the program and return it. */
export function labCommand(cli: Command): Command {
  const lab = cli
    .command('lab')
    .description("the mails on a real Linux 6.12 in QEMU: build the kernel, run a lab's benchmark, compare, package");
  /* QEMU, the kernel toolchain and the guest benchmarks, installed when first needed (npm start does not) */
  lab.hook('preAction', (_group, sub) => ensureKernelPackages(sub.name(), sub.opts()));

  lab
    .command('compare')
    .description(
      "two results files side by side (each metric, the change in percent, the mail's own change), or more, grouped by variant: min, median and max, the change of the medians, and whether it is significant",
    )
    .argument('<results...>', 'results files of one lab, e.g. kernel-lab/results/fast-commit/<time>-before.json')
    .option('--json', 'print JSON')
    .action((files: string[], opts: { json?: boolean }) => compareCommand(files, opts));

  addKernelCommands(lab);
  addImageCommand(lab);
  return lab;
}
