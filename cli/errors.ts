/**
 * How the command line fails: one line on stderr, never a stack trace, and
 * an exit status a script can act on.
 */
import { CommanderError } from 'commander';
import { MissingBuildError } from '../web/src/core/node';
import { SimError } from '../web/src/core/types';

export const EXIT_OK = 0;
/** a bug, a crash or a missing build */
export const EXIT_FAILURE = 1;
/** the user's input was refused: unknown lab or parameter, out of range, bad option */
export const EXIT_USAGE = 2;

/** A mistake in the command line itself, found before the simulator is asked. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The kernel lab failed at a step that is not the user's input: a build,
 * a boot, a benchmark in the guest. The message names the step and where
 * its log is.
 */
export class LabError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'LabError';
  }
}

/** One line of text for any error. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, '; ').trim();
}

/** The message and exit status of an error that reached the top. */
export function describeError(e: unknown): { message: string | null; code: number } {
  if (e instanceof CommanderError) {
    /* commander has already printed its own message (see main.ts) */
    return { message: null, code: e.exitCode === 0 ? EXIT_OK : EXIT_USAGE };
  }
  if (e instanceof UsageError) return { message: oneLine(e.message), code: EXIT_USAGE };
  if (e instanceof SimError) {
    const code = e.status === 'internal' ? EXIT_FAILURE : EXIT_USAGE;
    return { message: oneLine(e.message), code };
  }
  if (e instanceof LabError) return { message: oneLine(e.message), code: e.exitCode };
  if (e instanceof MissingBuildError) return { message: oneLine(e.message), code: EXIT_FAILURE };
  const text = e instanceof Error ? e.message : String(e);
  return { message: `unexpected error: ${oneLine(text)}`, code: EXIT_FAILURE };
}
