/**
 * The verdict on a change against the mail's: one function for every sweep,
 * paper table, command-line table and kernel comparison.
 *
 * Input: the values of two variants paired run by run (the simulator's
 * before and after of one seed; the kernel's alternating runs, the i-th
 * before with the i-th after in run order), and the mail's change.
 *
 * The change is taken on the log ratio of each pair, ln(after / before):
 * a rise and a fall of one factor weigh alike, and a seed's multiplicative
 * noise cancels within its pair. The change's 95% interval is Student's t
 * over the pairs' log ratios (mean ± t(n-1) · sd / √n), printed back as
 * ratios; it needs two pairs at least ("too few runs" below that). Every
 * value must be a positive finite number: a ratio of 0 or of a missing
 * value has no logarithm, and such input is refused with an error naming
 * the pair.
 *
 * The size of a change is its factor less one, alike for a rise and a fall:
 * ×1.2 and ÷1.2 are both 0.2, ×173 is 172. Against the mail's change, one of
 * five verdicts:
 *
 *   as the mail             same direction, the interval excludes no change,
 *                           the size within a factor of two of the mail's
 *   weaker than the mail    same direction, excludes no change, size less than half the mail's
 *   stronger than the mail  same direction, excludes no change, size more than twice the mail's
 *   within the noise        the interval includes no change (ratio 1)
 *   against the mail        the opposite direction, the interval excluding no change
 *
 * Where the mail's own change is within its stated noise (or is none), it
 * has no direction to agree with: the simulator's change is "within the
 * noise" as the mail's is where its interval includes no change or it is
 * no larger than the change the mail's noise spans (noiseSize; else the
 * mail's own change), else "stronger than the mail"; the verdict says so
 * (`noise`). Without a mail figure the
 * verdict is "within the noise" or "no mail figure".
 *
 * Pure; lib/format.ts prints the numbers.
 */
import { formatChange, formatNumber, type TextStyle } from './format';

/** The five verdicts against the mail's change. */
export const VERDICTS = ['as the mail', 'weaker than the mail', 'stronger than the mail', 'within the noise', 'against the mail'] as const;
export type MailVerdict = (typeof VERDICTS)[number];
/**
 * A verdict, or why there is none: fewer than two pairs, no mail figure to
 * hold a clear change against, or values a ratio cannot take (tryVerdict).
 */
export type VerdictKind = MailVerdict | 'too few runs' | 'no mail figure' | 'no verdict';

/** The fewest pairs an interval needs. */
export const MIN_PAIRS = 2;

/** The mail's side: its change, and whether it lies within the noise the mail states. */
export interface MailChange {
  /** after / before, the mail's figures' (or 1 + its stated change / 100) */
  ratio: number;
  /** true where the mail's change is within its stated noise; absent where the mail states none */
  withinNoise?: boolean;
  /** the mail's noise in words, where it states one */
  noise?: string;
  /**
   * the size of change (changeSize) the mail's noise spans, where it gives one: a change no larger is
   * noise; absent, the mail's own change is the measure where it is within its noise
   */
  noiseSize?: number;
}

/** The change over the pairs: its point estimate and 95% interval, as ratios after / before. */
export interface PairedChange {
  n: number;
  /** exp(mean log ratio): the pairs' geometric mean ratio */
  ratio: number;
  low: number;
  high: number;
  /** the t critical value the interval took (n - 1 degrees of freedom) */
  t: number;
}

export interface Verdict {
  kind: VerdictKind;
  /** how many pairs the verdict rests on */
  n: number;
  /** the change and its interval; NaN with fewer than MIN_PAIRS pairs */
  ratio: number;
  low: number;
  high: number;
  /** the mail's change, null where the mail has none here */
  mail: MailChange | null;
  /** where the mail's change is within its noise: whether the simulator's is too */
  noise?: { sim: boolean };
  /** why there is no verdict (kind 'no verdict'): the refusal of the values */
  refused?: string;
}

/**
 * Two-sided 95% critical values of Student's t by degrees of freedom (1 to 30, then 40, 60, 120 and the
 * normal's 1.960), as ministat's table has them.
 */
const T95: readonly number[] = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093,
  2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 95% two-sided critical t for `df` degrees of freedom (a df between the table's entries takes the smaller df's). */
export function tCritical95(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`Student's t needs a whole number of degrees of freedom, at least 1, not ${df}`);
  if (df <= 30) return T95[df - 1] as number;
  if (df < 40) return 2.042;
  if (df < 60) return 2.021;
  if (df < 120) return 2.0;
  return 1.98;
}

function checkValues(before: readonly number[], after: readonly number[]): void {
  if (before.length !== after.length)
    throw new RangeError(`a paired change needs as many after values as before values (got ${before.length} before, ${after.length} after)`);
  for (const [side, values] of [['before', before], ['after', after]] as const) {
    values.forEach((v, i) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
        throw new RangeError(`pair ${i + 1}'s ${side} value is ${v}: a ratio needs positive finite values on both sides`);
    });
  }
}

/**
 * The change from before to after over pairs (before[i] with after[i]): the
 * geometric mean ratio and its 95% t interval. Throws on unequal lengths, on
 * fewer than MIN_PAIRS pairs, and on a value that is not positive and finite.
 */
export function pairedChange(before: readonly number[], after: readonly number[]): PairedChange {
  checkValues(before, after);
  const n = before.length;
  if (n < MIN_PAIRS) throw new RangeError(`an interval needs at least ${MIN_PAIRS} pairs, got ${n}`);
  const logs = before.map((b, i) => Math.log((after[i] as number) / b));
  const mean = logs.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(logs.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (n - 1));
  const t = tCritical95(n - 1);
  const half = (t * sd) / Math.sqrt(n);
  return { n, ratio: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half), t };
}

/** A change's size: its factor less one, alike for a rise and a fall (×1.2 and ÷1.2 are 0.2). */
export function changeSize(ratio: number): number {
  return Math.exp(Math.abs(Math.log(ratio))) - 1;
}

/**
 * The mail's change from its two figures, or from the change in percent
 * its text states; throws when neither gives a positive ratio.
 */
export function mailRatio(figures: { before?: number | null; after?: number | null; change_pct?: number | null }): number {
  const { before, after, change_pct } = figures;
  if (typeof before === 'number' && typeof after === 'number') {
    const r = after / before;
    if (!(before > 0 && after > 0 && Number.isFinite(r)))
      throw new RangeError(`the mail's figures ${before} -> ${after} give no ratio: both must be positive`);
    return r;
  }
  if (typeof change_pct === 'number' && Number.isFinite(change_pct) && change_pct > -100) return 1 + change_pct / 100;
  throw new RangeError(`the mail's change needs its two figures or a stated change above -100% (got ${JSON.stringify(figures)})`);
}

/**
 * Whether a mail's change is within its own runs' noise, from ministat's
 * statistics of the two figures (n, mean, standard deviation): Student's t
 * with the pooled variance, as ministat's "Difference at 95.0% confidence",
 * includes no difference. Undefined with fewer than two runs a side.
 */
export function rangesWithinNoise(
  before: { n: number; avg: number; stddev: number },
  after: { n: number; avg: number; stddev: number },
): boolean | undefined {
  if (before.n < 2 || after.n < 2) return undefined;
  const df = before.n + after.n - 2;
  const pooled = ((before.n - 1) * before.stddev ** 2 + (after.n - 1) * after.stddev ** 2) / df;
  const half = tCritical95(df) * Math.sqrt(pooled * (1 / before.n + 1 / after.n));
  return Math.abs(after.avg - before.avg) <= half;
}

/**
 * The verdict on the change from before to after (paired by index) against
 * the mail's (null: the mail has no figure here). Throws on input
 * pairedChange() refuses, and on a mail ratio that is not positive.
 */
export function verdict(before: readonly number[], after: readonly number[], mail: MailChange | null): Verdict {
  checkValues(before, after);
  if (mail && !(mail.ratio > 0 && Number.isFinite(mail.ratio)))
    throw new RangeError(`the mail's change must be a positive finite ratio after / before, not ${mail.ratio}`);
  const n = before.length;
  if (n < MIN_PAIRS) return { kind: 'too few runs', n, ratio: NaN, low: NaN, high: NaN, mail };
  const c = pairedChange(before, after);
  const base = { n, ratio: c.ratio, low: c.low, high: c.high, mail };
  const mailNone = mail !== null && (mail.withinNoise === true || mail.ratio === 1);
  const noise = !(c.low > 1 || c.high < 1) || (mailNone && changeSize(c.ratio) <= (mail.noiseSize ?? changeSize(mail.ratio)));
  const extra = mailNone ? { noise: { sim: noise } } : {};
  if (noise) return { kind: 'within the noise', ...base, ...extra };
  if (!mail) return { kind: 'no mail figure', ...base };
  if (mailNone) return { kind: 'stronger than the mail', ...base, ...extra };
  if (c.ratio > 1 !== mail.ratio > 1) return { kind: 'against the mail', ...base };
  const size = changeSize(c.ratio) / changeSize(mail.ratio);
  return { kind: size < 0.5 ? 'weaker than the mail' : size > 2 ? 'stronger than the mail' : 'as the mail', ...base };
}

/**
 * verdict() for tables, whose values may hold a 0 or a missing value: such
 * input gives the kind 'no verdict' with verdict()'s refusal as `refused`
 * instead of a throw.
 */
export function tryVerdict(before: readonly number[], after: readonly number[], mail: MailChange | null): Verdict {
  try {
    return verdict(before, after, mail);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { kind: 'no verdict', n: Math.min(before.length, after.length), ratio: NaN, low: NaN, high: NaN, mail, refused: e.message };
  }
}

/**
 * Runs of two variants paired in run order, as kernel runs alternate
 * (before, after, before, after): the i-th run of `before` with the i-th
 * of `after`, `runs` already in the order they ran; the runs past the
 * shorter side's count stay unpaired.
 */
export function pairInRunOrder(
  runs: ReadonlyArray<{ variant: string; value: number }>,
  variants: readonly [string, string] = ['before', 'after'],
): { before: number[]; after: number[]; unpaired: number } {
  const before = runs.filter((r) => r.variant === variants[0]).map((r) => r.value);
  const after = runs.filter((r) => r.variant === variants[1]).map((r) => r.value);
  const n = Math.min(before.length, after.length);
  return { before: before.slice(0, n), after: after.slice(0, n), unpaired: before.length + after.length - 2 * n };
}

/**
 * A ratio as a change: in percent between ÷2 and ×2 ("+3.6%", "−41.2%"),
 * else as a factor ("×7.9", "÷5.2").
 */
export function formatRatioAsChange(r: number, style?: TextStyle): string {
  if (r > 0.5 && r < 2) return formatChange((r - 1) * 100, style);
  return formatFactor(r, style);
}

/** A ratio as a factor, three digits: "×7.9", "÷5.2", "×1.03"; "—" for none. */
function formatFactor(r: number, style?: TextStyle): string {
  const ascii = style?.ascii === true;
  if (!Number.isFinite(r) || r <= 0) return ascii ? '-' : '—';
  const n = (x: number) => formatNumber(x, { ...style, digits: 3 });
  return r >= 1 ? `${ascii ? 'x' : '×'}${n(r)}` : `${ascii ? '/' : '÷'}${n(1 / r)}`;
}

/**
 * The change and its interval, all three alike: in percent when each is
 * between ÷2 and ×2 ("+3.1% (95%: +1.2% to +5.0%)"), else as factors
 * ("×7.9 (95%: ×7.5 to ×8.3)"); "1 run a side" with too few pairs.
 */
export function changeText(v: Pick<Verdict, 'n' | 'ratio' | 'low' | 'high'>, style?: TextStyle): string {
  if (!(v.n >= MIN_PAIRS)) return `${v.n} run${v.n === 1 ? '' : 's'} a side`;
  if (!Number.isFinite(v.ratio)) return style?.ascii ? '-' : '—';
  const factors = [v.ratio, v.low, v.high].some((r) => !(r > 0.5 && r < 2));
  const f = (r: number) => (factors ? formatFactor(r, style) : formatRatioAsChange(r, style));
  return `${f(v.ratio)} (95%: ${f(v.low)} to ${f(v.high)})`;
}

/** The verdict in a word or two, as a table's cell: "as the mail", "too few runs (1 of 2)". */
export function verdictWords(v: Pick<Verdict, 'kind' | 'n' | 'noise'>): string {
  if (v.kind === 'too few runs') return `too few runs (${v.n}; ${MIN_PAIRS} needed)`;
  if (v.kind === 'no verdict') return 'no verdict';
  if (v.noise) return v.noise.sim ? 'within the noise, as the mail' : 'stronger than the mail (its change is noise)';
  return v.kind;
}

/** Why the verdict is what it is, in a sentence: for a tooltip or a table's note. */
export function verdictReason(v: Verdict, style?: TextStyle): string {
  const mail = v.mail ? formatRatioAsChange(v.mail.ratio, style) : null;
  const change = changeText(v, style);
  if (v.kind === 'too few runs') return `${v.n} pair${v.n === 1 ? '' : 's'} of runs: an interval needs ${MIN_PAIRS} at least`;
  if (v.kind === 'no verdict') return `no verdict: ${v.refused}`;
  const noiseNote = v.mail?.noise ? ` (the mail's noise: ${v.mail.noise})` : '';
  if (v.noise)
    return v.noise.sim
      ? `${change} is no change beyond the noise, as the mail's ${mail} is within its noise${noiseNote}`
      : `${change} is clear of no change and larger than the mail's noise${v.mail?.noiseSize === undefined ? ` (its ${mail})` : ` (${formatRatioAsChange(1 + v.mail.noiseSize, style)})`}, where the mail's ${mail} is within it${noiseNote}`;
  switch (v.kind) {
    case 'within the noise':
      return `${change} includes no change${mail ? `; the mail's: ${mail}` : ''}`;
    case 'no mail figure':
      return `${change} is clear of no change; the mail has no figure here`;
    case 'against the mail':
      return `${change} goes the other way from the mail's ${mail}`;
    case 'as the mail':
      return `${change}: within a factor of two of the mail's ${mail}`;
    case 'weaker than the mail':
      return `${change}: less than half the mail's ${mail}`;
    case 'stronger than the mail':
      return `${change}: more than twice the mail's ${mail}`;
  }
}
