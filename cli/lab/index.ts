/**
 * `journalclub lab`: the kernel lab, the mails on a real Linux 6.12 in QEMU.
 * labCommand() builds the command group once; each part of the kernel lab
 * adds its subcommands to it here.
 *
 *   journalclub lab compare A.json B.json [--json]
 *   journalclub lab build | run | ingest | package | verify   (./commands.ts)
 *   journalclub lab image [--force]                            (./image.ts)
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../errors';
import { addKernelCommands } from './commands';
import { compareTexts, formatComparison } from './compare';
import { addImageCommand } from './image';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const warn = (text: string): void => {
  process.stderr.write(`journalclub: warning: ${text}\n`);
};

/** A results file's text; a missing or unreadable file is the user's input refused. */
async function readResults(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'it is a directory' : err.message;
    throw new UsageError(`cannot read ${path}: ${why} (expected a results file that \`journalclub lab run\` wrote)`);
  }
}

export async function compareCommand(fileA: string, fileB: string, opts: { json?: boolean }): Promise<void> {
  const [a, b] = await Promise.all([readResults(fileA), readResults(fileB)]);
  const c = compareTexts(a, b, [fileA, fileB]);
  for (const w of c.warnings) warn(w);
  print(opts.json ? JSON.stringify(c, null, 2) : formatComparison(c));
}

/** Add the `lab` command group to the program and return it. */
export function labCommand(cli: Command): Command {
  const lab = cli
    .command('lab')
    .description("the mails on a real Linux 6.12 in QEMU: build the kernel, run a lab's benchmark, compare, package");

  lab
    .command('compare')
    .description("two results files side by side: each metric, the change in percent, and the mail's own change")
    .argument('<A.json>', 'a results file, e.g. kernel-lab/results/fast-commit/<time>-before.json')
    .argument('<B.json>', 'a results file of the same lab')
    .option('--json', 'print JSON')
    .action((a: string, b: string, opts: { json?: boolean }) => compareCommand(a, b, opts));

  addKernelCommands(lab);
  addImageCommand(lab);
  return lab;
}
