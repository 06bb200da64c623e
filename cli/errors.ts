/**
 * How the command line fails: one line on stderr, never a stack trace, and
 * an exit status a script can act on.
 */
import { CommanderError } from 'commander';
import { quote, QUOTE_MAX } from '../lib/quote';
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

/*
 * A name or value the user typed is quoted as lib/quote.ts cuts it: no lab,
 * variant, parameter, value or seed is longer than QUOTE_MAX, so the cut one
 * is refused alike, and its message stays one short line.
 */
export { quote, QUOTE_MAX } from '../lib/quote';

/**
 * Control characters (an escape sequence would clear or recolour the
 * terminal the message is printed on) and the invisible marks that reorder
 * or break a line, written as escapes: \x1b, \u202e.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A message as the command line prints it: one line, its control
 * characters escaped, and any long run of an argument (which a message of
 * the simulator or commander may quote whole) cut to its prefix.
 */
export function messageLine(message: string, argv: readonly string[] = []): string {
  let text = oneLine(message.trim());
  const long = argv.flatMap((a) => [a, ...a.split('=')]).filter((a) => a.length > QUOTE_MAX);
  for (const arg of long) {
    const head = arg.slice(0, QUOTE_MAX);
    for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
      let end = at + head.length;
      while (end < text.length && end - at < arg.length && text[end] === arg[end - at]) end++;
      text = `${text.slice(0, at)}${quote(arg)}${text.slice(end)}`;
    }
  }
  return printable(text);
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
