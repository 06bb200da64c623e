/**
 * A before figure against an after one: the change and the ratio, with one
 * sign convention for every table that shows them (the paper's, the mail's
 * timings, the kernel runs', `journalclub kernel compare`'s and the mails' own).
 *
 * The change is after - before over |before|: positive when after is higher,
 * negative when it is lower, whatever the sign of before. Whether higher is
 * better depends on the metric (files/s against seconds); no metric declares
 * that, so no function here judges it. A change has no value when before is
 * 0 and after is not; 0 -> 0 is no change.
 *
 * Pure; lib/format.ts prints what these return.
 */

/** A figure that may be missing: null in JSON, undefined in a lookup. */
export type Figure = number | null | undefined;

function known(v: Figure): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A quotient that overflowed has no value either. */
function finite(x: number): number | undefined {
  return Number.isFinite(x) ? x : undefined;
}

/**
 * The change from before to after as a fraction of |before|: 0.25 for
 * 100 -> 125, -0.5 for 200 -> 100, 0.5 for -4 -> -2. 0 when both are 0;
 * undefined when before is 0 and after is not, when either is missing, NaN
 * or infinite, or when the quotient overflows.
 */
export function change(before: Figure, after: Figure): number | undefined {
  if (!known(before) || !known(after)) return undefined;
  if (before === 0) return after === 0 ? 0 : undefined;
  return finite((after - before) / Math.abs(before));
}

/** change() in percent: 25 for 100 -> 125. */
export function changePct(before: Figure, after: Figure): number | undefined {
  const c = change(before, after);
  return c === undefined ? undefined : c * 100;
}

/**
 * How many times before after is: after / before. 1 when both are 0;
 * undefined when before is 0 and after is not, when either is missing, NaN
 * or infinite, or when the quotient overflows.
 */
export function ratio(before: Figure, after: Figure): number | undefined {
  if (!known(before) || !known(after)) return undefined;
  if (before === 0) return after === 0 ? 1 : undefined;
  return finite(after / before);
}

/**
 * How far apart two changes in percent may be and still be one change, in
 * percentage points: a mail's text rounds the change of its own figures
 * (17178% for 0.73 -> 126.13, which is 17178.08%).
 */
export const SAME_CHANGE_POINTS = 0.5;

/** Whether two changes in percent differ by more than rounding (SAME_CHANGE_POINTS); a missing one differs from any. */
export function changesDiffer(a: Figure, b: Figure): boolean {
  if (!known(a) || !known(b)) return known(a) !== known(b);
  return Math.abs(a - b) > SAME_CHANGE_POINTS;
}
