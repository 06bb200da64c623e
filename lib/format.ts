/**
 * Numbers as the project prints them: one function per job, for the pages,
 * the command line and the kernel lab alike.
 *
 * Every function writes the page's typography by default: "—" for a missing
 * value, "−" for minus, "–" between a range's ends, "∞", "×" and "÷", and
 * thousands separators. `{ ascii: true }` writes what a terminal and a
 * script reading it back want: "-", "-", "..", "inf", "x" and "/", no
 * separators.
 *
 *   formatNumber    a figure: significant digits, or fixed decimals
 *   formatChange    a change in percent, signed: "+3.6%", "−39.6%"
 *   formatRatio     after against before: "×170", "÷5", "="
 *   formatRatioChange  the ratio and the change in percent: "×1.13 (+13.2%)"
 *   formatShare     a fraction of a whole in percent: "61%", "3.0%", "<0.1%"
 *   formatRange     min and max: "0.73–0.75", or one figure when both print alike
 *   formatDuration  nanoseconds in the unit that suits: "12.3 µs", "4.56 s"
 *   formatTimeRange two instants in one unit: "1.2–2.4 ms"
 *   formatSeconds   seconds as time(1) tables print them: "890.9 s", "46.12 s"
 *   formatBytes     a size in binary units: "11.8 MiB"
 */
import { changePct, ratio, type Figure } from './compare';

export interface TextStyle {
  /** plain ASCII for a terminal: "-" for none and minus, ".." in ranges, no thousands separators */
  ascii?: boolean;
}

interface Glyphs {
  none: string;
  minus: string;
  to: string;
  inf: string;
  times: string;
  over: string;
}

const PAGE: Glyphs = { none: '—', minus: '−', to: '–', inf: '∞', times: '×', over: '÷' };
const ASCII: Glyphs = { none: '-', minus: '-', to: '..', inf: 'inf', times: 'x', over: '/' };

function glyphs(style: TextStyle | undefined): Glyphs {
  return style?.ascii ? ASCII : PAGE;
}

function missing(v: Figure): v is null | undefined {
  return v === null || v === undefined || Number.isNaN(v);
}

/**
 * The text of |v| (digits, a point, an exponent) signed and styled: the
 * style's minus when v is negative and the text is not all zeros ("-0.00"
 * says nothing), separators in the whole part on the page.
 */
function signed(v: number, abs: string, style: TextStyle | undefined, plus = ''): string {
  const g = glyphs(style);
  const text = (style?.ascii ? abs : abs.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','))).replace(
    /e-/,
    `e${g.minus}`,
  );
  if (!/[1-9]/.test(abs.split('e')[0]!)) return text;
  return `${v < 0 ? g.minus : plus}${text}`;
}

export interface NumberFormat extends TextStyle {
  /**
   * Significant digits (4 unless told): integers print whole, and so do
   * numbers with more whole digits than this; below 0.001 and from 10^12 up
   * (integers aside) a number takes an exponent, "1.000e-5".
   */
  digits?: number;
  /** Fixed decimals in place of significant digits, as tables of one unit print them; from 1000 up a number prints whole. */
  decimals?: number;
}

/** A figure: "126,130", "0.73", "1,235", "2.500e+12"; "—" for none. */
export function formatNumber(v: Figure, format: NumberFormat = {}): string {
  const g = glyphs(format);
  if (missing(v)) return g.none;
  if (!Number.isFinite(v)) return `${v < 0 ? g.minus : ''}${g.inf}`;
  const a = Math.abs(v);
  if (format.decimals !== undefined) return signed(v, a >= 1000 ? a.toFixed(0) : a.toFixed(format.decimals), format);
  const digits = format.digits ?? 4;
  let abs: string;
  if (Number.isInteger(a) && a < 1e21) abs = a.toFixed(0);
  else if (a >= 1e12 || a < 1e-3) abs = a.toExponential(digits - 1);
  else if (a >= 10 ** digits) abs = a.toFixed(0);
  else abs = String(Number(a.toPrecision(digits)));
  return signed(v, abs, format);
}

/**
 * A change in percent (lib/compare.ts's changePct), signed, one decimal:
 * "+3.6%", "−39.6%", "+17,178.1%"; "0.0%" for a change that rounds to none;
 * "—" for none.
 */
export function formatChange(pct: Figure, style?: TextStyle): string {
  const g = glyphs(style);
  if (missing(pct)) return g.none;
  if (!Number.isFinite(pct)) return `${pct > 0 ? '+' : g.minus}${g.inf}`;
  return `${signed(pct, Math.abs(pct).toFixed(1), style, '+')}%`;
}

/**
 * After against before (lib/compare.ts's ratio), as how many times more or
 * less: "×170", "÷5" (three significant digits); "=" when they are equal;
 * "—" when there is no ratio (before 0 and after not, or a figure missing).
 */
export function formatRatio(figures: { before: Figure; after: Figure }, style?: TextStyle): string {
  const g = glyphs(style);
  const r = ratio(figures.before, figures.after);
  if (r === undefined) return g.none;
  if (r === 1) return '=';
  const n = (x: number) => formatNumber(x, { ...style, digits: 3 });
  return r > 0 && r < 1 ? `${g.over}${n(1 / r)}` : `${g.times}${n(r)}`;
}

/**
 * The ratio with the change in percent beside it, as a before/after column
 * prints it: "×1.13 (+13.2%)", "÷5 (−80.0%)", "x1.13 (+13.2%)" in ASCII;
 * "=" when the figures are equal, "—" when there is no ratio.
 */
export function formatRatioChange(figures: { before: Figure; after: Figure }, style?: TextStyle): string {
  const text = formatRatio(figures, style);
  const pct = changePct(figures.before, figures.after);
  if (text === '=' || text === glyphs(style).none || pct === undefined) return text;
  return `${text} (${formatChange(pct, style)})`;
}

/**
 * A fraction of a whole (0.5 is half) in percent. With `decimals`, that many;
 * without, as the heatmaps word shares: "0%", "<0.1%", one decimal below 10%
 * ("5.3%"), none from 10% up ("61%"). "—" for none.
 */
export function formatShare(frac: Figure, format: TextStyle & { decimals?: number } = {}): string {
  const g = glyphs(format);
  if (missing(frac)) return g.none;
  const p = frac * 100;
  if (!Number.isFinite(p)) return `${p < 0 ? g.minus : ''}${g.inf}%`;
  const a = Math.abs(p);
  if (format.decimals === undefined && a > 0 && a < 0.1) return `${p < 0 ? `>${g.minus}` : '<'}0.1%`;
  const decimals = format.decimals ?? (a >= 10 || a === 0 ? 0 : 1);
  return `${signed(p, a.toFixed(decimals), format)}%`;
}

export interface RangeFormat extends NumberFormat {
  /** how each end prints; formatNumber with the same digits, decimals and style unless told */
  format?: (v: number) => string;
}

/**
 * A range as the tables print it: "0.73–0.75" ("0.73..0.75" in ASCII, which
 * stays unambiguous beside negative values), or one figure when both ends
 * print alike; "—" when an end is missing.
 */
export function formatRange(range: { min: Figure; max: Figure }, format: RangeFormat = {}): string {
  const g = glyphs(format);
  if (missing(range.min) || missing(range.max)) return g.none;
  const f = format.format ?? ((v: number) => formatNumber(v, format));
  const lo = f(range.min);
  const hi = f(range.max);
  return lo === hi ? lo : `${lo}${g.to}${hi}`;
}

const TIME_UNITS: readonly [ns: number, unit: string][] = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
  [1, 'ns'],
];

function timeUnit(ns: number): [number, string] {
  const a = Math.abs(ns);
  return TIME_UNITS.find(([div]) => a >= div) ?? TIME_UNITS[TIME_UNITS.length - 1]!;
}

/** Up to three significant digits, trailing zeros dropped: "850", "12.3", "4.56". */
function short(x: number, style: TextStyle | undefined): string {
  const a = Math.abs(x);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : 2;
  return signed(x, a.toFixed(digits).replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1'), style);
}

/** A duration in ns (virtual or wall-clock), in the largest unit that keeps it >= 1: "850 ns", "12.3 µs", "4.56 ms", "2 s". */
export function formatDuration(ns: Figure, style?: TextStyle): string {
  if (missing(ns)) return glyphs(style).none;
  if (ns === 0) return '0 ns';
  const [div, unit] = timeUnit(ns);
  return `${short(ns / div, style)} ${unit}`;
}

/** A span of time in ns, in one unit chosen by its larger end: "1.2–2.4 ms". */
export function formatTimeRange(startNs: number, endNs: number, style?: TextStyle): string {
  const [div, unit] = timeUnit(Math.max(Math.abs(startNs), Math.abs(endNs)));
  return `${short(startNs / div, style)}${glyphs(style).to}${short(endNs / div, style)} ${unit}`;
}

/**
 * Seconds as time(1) tables print them, in one unit down a column: two
 * decimals below 100, one below 10000, none from there ("46.12 s",
 * "890.9 s"); two significant digits below 0.01 ("0.0012 s"). "—" for none.
 */
export function formatSeconds(s: Figure, style?: TextStyle): string {
  if (missing(s) || !Number.isFinite(s)) return glyphs(style).none;
  const a = Math.abs(s);
  const abs = a >= 10000 ? a.toFixed(0) : a >= 100 ? a.toFixed(1) : a >= 0.01 || a === 0 ? a.toFixed(2) : a.toPrecision(2);
  return `${signed(s, abs, style)} s`;
}

const BYTE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A size in bytes: "512 bytes", "2.0 KiB", "11.8 MiB", "300 MiB" (one decimal below 100). */
export function formatBytes(n: Figure, style?: TextStyle): string {
  if (missing(n) || !Number.isFinite(n)) return glyphs(style).none;
  if (Math.abs(n) < 1024) return `${signed(n, Math.abs(n).toFixed(0), style)} ${Math.abs(n) === 1 ? 'byte' : 'bytes'}`;
  let v = Math.abs(n) / 1024;
  let u = 0;
  while (v >= 1024 && u < BYTE_UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return `${signed(n, v.toFixed(v >= 100 ? 0 : 1), style)} ${BYTE_UNITS[u]}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A mail's date as the labs write it in C ("2022-02-21", or "2024-06" for a month) in words: "21 Feb 2022", "Jun 2024". */
export function formatMailDate(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return date;
  return m[3] ? `${Number(m[3])} ${month} ${m[1]}` : `${month} ${m[1]}`;
}

/** Who wrote a lab's mail, where and when: "Ritesh Harjani (IBM), linux-ext4, 21 Feb 2022". */
export function citationText(c: { author: string; list: string; date: string }): string {
  return `${c.author}, ${c.list}, ${formatMailDate(c.date)}`;
}
