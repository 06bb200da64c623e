/** Parsing of the command line's own values (the simulator checks the rest). */
import { SWEEP_SEEDS_MAX } from '../web/src/core/sweep';
import { MAIL_LAB_IDS } from '../lib/mails.gen';
import { UsageError } from './errors';

export const SEED_MAX = 0xffff_ffff;

/** The help text of a command's <lab> argument: the labs' ids, from the registry. */
export const LAB_ARGUMENT = `lab id: ${MAIL_LAB_IDS.join(', ')}`;

/** Collect a repeatable option's values in order (commander's argParser). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * `--set name=value` options to parameter values. Values stay text: the
 * simulator validates them against its parameter table, so that its message
 * names the parameter and its range, or for a choice its names.
 */
export function parseSets(sets: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const set of sets) {
    const eq = set.indexOf('=');
    const name = eq < 0 ? '' : set.slice(0, eq).trim();
    const value = eq < 0 ? '' : set.slice(eq + 1).trim();
    if (eq < 0 || name === '') throw new UsageError(`--set ${JSON.stringify(set)}: expected name=value, e.g. --set files=1024`);
    if (value === '') throw new UsageError(`--set ${name}: no value after '='`);
    if (Object.prototype.hasOwnProperty.call(params, name)) throw new UsageError(`--set ${name} is given twice`);
    params[name] = value;
  }
  return params;
}

/** A seed: a whole number from 0 to 2^32 - 1, in decimal. */
export function parseSeed(text: string): number {
  const seed = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(seed <= SEED_MAX)) throw new UsageError(`--seed ${JSON.stringify(text)}: expected a whole number from 0 to ${SEED_MAX}`);
  return seed;
}

/** A sweep's number of seeds: a whole number from 1 to SWEEP_SEEDS_MAX, in decimal. */
export function parseSeedCount(text: string): number {
  const count = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(count >= 1 && count <= SWEEP_SEEDS_MAX))
    throw new UsageError(`--seeds ${JSON.stringify(text)}: expected a whole number from 1 to ${SWEEP_SEEDS_MAX}`);
  return count;
}

/**
 * The seeds of a sweep: `--seeds` of them from `--seed` on, the last one
 * still a seed (at most SEED_MAX).
 */
export function parseSweepSeeds(seedText: string, countText: string): number[] {
  const first = parseSeed(seedText);
  const count = parseSeedCount(countText);
  const last = first + count - 1;
  if (last > SEED_MAX)
    throw new UsageError(`--seed ${first} with --seeds ${count} would run seeds up to ${last}, past ${SEED_MAX}`);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** The most steps a step option takes: the simulator's own limit on a step number (jc_run's stop_step). */
export const STEP_MAX = 4_000_000_000;

/**
 * A whole number of steps from `min` to `max`, in decimal, for option
 * `option` (e.g. --from, --max).
 */
export function parseSteps(option: string, text: string, min: number, max: number): number {
  const n = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${option} ${JSON.stringify(text)}: expected a whole number from ${min} to ${max}`);
  return n;
}
