/**
 * journalclub: the project's one command line.
 *
 *   journalclub labs
 *   journalclub params <lab>
 *   journalclub sim <lab> [--variant <one of the lab's variants>] [--set name=value]... [--seed N] [--seeds N] [--json]
 *   journalclub sweep <lab> [--seeds N] [--seed N] [--json]
 *   journalclub trace <lab> [--variant <variant>] [--set name=value]... [--seed N] [--from STEP] [--max STEPS] [--out FILE]
 *   journalclub question <lab> [--seed N] [--set name=value]... [--answers] [--json]
 *   journalclub bench [--no-build]
 *   journalclub kernel compare A.json B.json [--json]   (and the kernel lab's other subcommands; `lab` is its old name)
 *   journalclub exercise list | show | skeleton | hint | check | grade   (the exercises)
 *
 * Exit status: 0 done, 2 the input was refused (the message names what and
 * its range), 1 anything else. Errors are one line on stderr; a command
 * asked for JSON (--json, --format json) also prints {"error","exit"} on
 * stdout, so that a script reading it gets JSON either way.
 */
import { Command } from 'commander';
import { SWEEP_SEED, SWEEP_SEEDS, SWEEP_SEEDS_MAX } from '../web/src/core/sweep';
import { collect, LAB_ARGUMENT } from './args';
import { labsCommand, paramsCommand, simCommand, sweepCommand, traceCommand } from './commands';
import { TRACE_STEPS_MAX } from '../web/src/core/chromeTrace';
import { describeError, EXIT_OK, messageLine, quote } from './errors';
import { kernelCommand, oldGroupNote } from './kernel/index';
import { exerciseCommand } from './exercise/commands';
import { questionCli } from './question';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

/** the status a command that ran to its end chose (exercise check: 1 when a check failed) */
let commandExit = EXIT_OK;
/** what commander said of the last command line it refused */
let commanderText: string | null = null;
/** the arguments of the command line being run, for messageLine */
let currentArgv: readonly string[] = [];

export function program(): Command {
  const cli = new Command('journalclub')
    .description('Five Linux filesystem mails, simulated: run the labs from the command line.')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      outputError: (text, write) => {
        commanderText = messageLine(text.replace(/^error: /, '').trimEnd(), currentArgv);
        write(`journalclub: ${commanderText}\n`);
      },
    });

  cli
    .command('labs')
    .description('list the labs')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => labsCommand(opts, print));

  cli
    .command('params')
    .description("show a lab's parameters: default, range or choices, unit")
    .argument('<lab>', LAB_ARGUMENT)
    .option('--json', 'print JSON')
    .action((lab: string, opts: { json?: boolean }) => paramsCommand(lab, opts, print));

  cli
    .command('sim')
    .description("run one simulation and print its metrics; without --variant, the lesson's two variants over several seeds side by side, with the mail's change and the verdict")
    .argument('<lab>', LAB_ARGUMENT)
    .option('--variant <variant>', "which of the lab's variants to run (journalclub labs lists them); absent: the lesson's two")
    .option('--set <name=value>', 'set a parameter (repeatable), a choice by its name, e.g. fs=btrfs; see `journalclub params <lab>`', collect, [])
    .option('--seed <n>', 'random seed (without --variant: the first), 0 to 4294967295', '1')
    .option('--seeds <n>', `without --variant: how many seeds, 1 to ${SWEEP_SEEDS_MAX} (default ${SWEEP_SEEDS})`)
    .option('--json', 'print JSON')
    .action((lab: string, opts: Parameters<typeof simCommand>[1]) => simCommand(lab, opts, print));

  cli
    .command('sweep')
    .description("run the mail's table in every variant of the lab, beside the paper's numbers")
    .argument('<lab>', LAB_ARGUMENT)
    .option('--seeds <n>', `run every point with this many seeds, 1 to ${SWEEP_SEEDS_MAX}; report median, min and max`, String(SWEEP_SEEDS))
    .option('--seed <n>', 'the first seed, 0 to 4294967295', String(SWEEP_SEED))
    .option('--json', 'print JSON: medians under each variant\'s name, min, median and max under ranges')
    .action((lab: string, opts: Parameters<typeof sweepCommand>[1]) => sweepCommand(lab, opts, print));

  cli
    .command('trace')
    .description('write a run as a Chrome trace JSON that Perfetto opens: CPU tracks, lock waits, commits, sleeps, queue counters')
    .argument('<lab>', LAB_ARGUMENT)
    .option('--variant <variant>', "one of the lab's variants (default: every variant, a process each)")
    .option('--set <name=value>', 'set a parameter (repeatable), a choice by its name; see `journalclub params <lab>`', collect, [])
    .option('--seed <n>', 'random seed, 0 to 4294967295', '1')
    .option('--from <step>', 'the first step of the window', '0')
    .option('--max <steps>', `steps in the window, 1 to ${TRACE_STEPS_MAX}`, String(TRACE_STEPS_MAX))
    .option('--out <file>', 'write the JSON to this file (default: stdout)')
    .action((lab: string, opts: Parameters<typeof traceCommand>[1]) => traceCommand(lab, opts, print));

  cli
    .command('bench')
    .description("measure the project's own speed (simulator, bundle, frames); writes bench/results.json")
    .option('--no-build', 'measure the simulator build as it is')
    .action(async (opts: { build: boolean }) => {
      const { runBench } = await import('../bench/bench');
      await runBench({ noBuild: !opts.build });
    });

  questionCli(cli, print);
  kernelCommand(cli);
  exerciseCommand(cli, print, (code) => {
    commandExit = code;
  });

  return cli;
}

/** The commands that hand their arguments to the simulator, whose names and values are all short. */
const SIMULATOR_COMMANDS = new Set(['labs', 'params', 'sim', 'sweep', 'trace', 'question']);

/**
 * The arguments with every name and value the simulator would read cut to
 * what a message quotes (lib/quote.ts): one longer than that is refused
 * either way, and its message keeps what it says after the value (the
 * labs, the range). A file name (trace --out) is left whole.
 */
export function clipArgs(argv: readonly string[]): string[] {
  if (!SIMULATOR_COMMANDS.has(argv[0] ?? '')) return [...argv];
  return argv.map((a, i) => {
    if (argv[i - 1] === '--out' || a.startsWith('--out=')) return a;
    const eq = a.indexOf('=');
    return eq < 0 ? quote(a) : `${quote(a.slice(0, eq))}=${quote(a.slice(eq + 1))}`;
  });
}

/** Whether the command line asks for JSON output: --json, or --format json (exercise grade). */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const args = end < 0 ? argv : argv.slice(0, end);
  return args.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && args[i + 1] === 'json'));
}

/** Run the command line; resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  commandExit = EXIT_OK;
  commanderText = null;
  currentArgv = argv;
  const note = oldGroupNote(argv);
  if (note) process.stderr.write(`${note}\n`);
  try {
    await program().parseAsync(clipArgs(argv), { from: 'user' });
    return commandExit;
  } catch (e) {
    const { message, code } = describeError(e);
    const line = message === null ? commanderText : messageLine(message, argv);
    if (message !== null) process.stderr.write(`journalclub: ${line}\n`);
    if (code !== EXIT_OK && wantsJson(argv)) process.stdout.write(`${JSON.stringify({ error: line ?? 'refused', exit: code })}\n`);
    return code;
  }
}

/* A closed pipe (journalclub ... | head) ends the output quietly. */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(EXIT_OK);
});

process.exitCode = await main(process.argv.slice(2));
