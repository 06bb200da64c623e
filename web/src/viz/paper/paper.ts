/**
 * The paper table's arithmetic: the mail's figures beside the simulator's,
 * every variant of the lab, with the change each side reports. The mail's
 * two figures stand for the variants the paper rows name (paperEnds), by
 * default the lab's first (the kernel without the patch) and its last (with
 * it); the simulator's change is the one between those two. The simulator's figures are medians over the sweep's seeds
 * with their min and max; its change, seed paired with seed, gets the
 * verdict against the mail's change (lib/verdict.ts); each change of the
 * medians is lib/compare.ts's. Pure; the components in this folder only draw
 * what these functions return.
 */
import { changePct } from '../../../../lib/compare';
import { type NumberFormat } from '../../../../lib/format';
import type { MailChange, Verdict } from '../../../../lib/verdict';
import { mapSpread, spread, type Spread } from '../../core/stats';
import { endVariants, rowMailChange, seedVerdict } from '../../core/sweep';
import type { PaperRows } from '../../core/types';

/** The two variants the mail's figures stand for. */
export interface Ends {
  before: string;
  after: string;
}

/**
 * The variants the mail's two columns stand for across a paper table: those
 * every row names alike (a lab with more than two variants names them in C),
 * else the lab's first and last.
 */
export function paperEnds(rows: Pick<PaperRows, 'rows'>, variants: readonly string[]): Ends {
  const ends = endVariants(variants);
  const named = rows.rows.map((r) => ({
    before: r.paper.before_variant ?? ends.before,
    after: r.paper.after_variant ?? ends.after,
  }));
  const first = named[0];
  if (!first || named.some((e) => e.before !== first.before || e.after !== first.after)) return ends;
  if (!variants.includes(first.before) || !variants.includes(first.after)) return ends;
  return first;
}

/** One variant of a sweep row: its metrics' medians and ranges over the seeds, and its runs in the seeds' order. */
export interface VariantLike {
  metrics: Readonly<Record<string, number>>;
  ranges: Readonly<Record<string, Spread>>;
  runs: ReadonlyArray<{ metrics: Readonly<Record<string, number>> }>;
}

/** What the table needs from a sweep (web/src/core/sweep.ts's SweepResult fits). */
export interface SweepLike {
  /** the lab's variants in its order: the first unpatched, the last patched */
  variants: readonly string[];
  rows: ReadonlyArray<{ row: number; seeds: readonly number[]; runs: Readonly<Record<string, VariantLike>> }>;
}

/** One variant's figure of a row: the median over the seeds and its range, in the paper's unit. */
export interface VariantFigure {
  variant: string;
  median: number;
  range: Spread;
}

export interface SimFigures {
  /** every variant of the lab, in its order */
  variants: VariantFigure[];
  /** the first and the last variant's medians over the seeds, in the paper's unit */
  before: number;
  after: number;
  /** the change of the medians, in percent; undefined from a median of 0 */
  diffPct: number | undefined;
  /** the first and the last variant's min, median and max over the seeds, in the paper's unit */
  range: { before: Spread; after: Spread };
  seeds: number;
  /** the change from the first variant to the last, seed by seed, against the mail's */
  verdict: Verdict;
}

export interface PaperTableRow {
  row: number;
  label: string;
  params: Record<string, number>;
  note: string;
  /** the mail's figures (null where it gives none) and its change: from the figures, else the one it states */
  paper: { before: number | null; after: number | null; diffPct: number | null | undefined };
  /** null until a sweep has run this row */
  sim: SimFigures | null;
}

/**
 * A bar of the chart: the mail's figure without the patch ('paper-first'),
 * with it ('paper-last'), or the simulator's figure of a variant
 * (`sim-<variant>`).
 */
export type BarSeries = 'paper-first' | 'paper-last' | `sim-${string}`;

/** The chart's bars of a row, in order: the simulator's variants, each of the mail's two figures just before the variant it stands for. */
export function barSeries(variants: readonly string[], ends: Ends = endVariants(variants)): BarSeries[] {
  return variants.flatMap((v): BarSeries[] => [
    ...(v === ends.before ? (['paper-first'] as const) : []),
    ...(v === ends.after ? (['paper-last'] as const) : []),
    `sim-${v}`,
  ]);
}

/** What a bar is called in the legend and its tooltip. */
export function seriesLabel(series: BarSeries, ends: Ends): string {
  if (series === 'paper-first') return `paper, ${ends.before}`;
  if (series === 'paper-last') return `paper, ${ends.after}`;
  return `simulator, ${series.slice('sim-'.length)}`;
}

/** How the tables print a figure in the paper's unit: two decimals below 1000, as the mails do. */
export const PAPER_FIGURE: NumberFormat = { decimals: 2 };

/** A variant's spread of a metric over the seeds in the paper's unit (metric / scale); NaN when it has none. */
export function simSpread(v: VariantLike, metric: string, scale: number): Spread {
  const s = v.ranges[metric];
  return s ? mapSpread(s, (x) => x / (scale || 1)) : spread([]);
}

/**
 * The simulator's side of a row: every variant's median and range, and the
 * change from the first variant to the last with its verdict against the
 * mail's change (null: the mail has none here).
 */
export function simFigures(
  runs: Readonly<Record<string, VariantLike>>,
  variants: readonly string[],
  seeds: number,
  metric: string,
  scale: number,
  ends: Ends = endVariants(variants),
  mail: MailChange | null = null,
): SimFigures {
  const all = variants.map((variant): VariantFigure => {
    const v = runs[variant];
    const range = v ? simSpread(v, metric, scale) : spread([]);
    return { variant, median: range.median, range };
  });
  const b = all.find((f) => f.variant === ends.before)?.range ?? spread([]);
  const a = all.find((f) => f.variant === ends.after)?.range ?? spread([]);
  return {
    variants: all,
    before: b.median,
    after: a.median,
    diffPct: changePct(b.median, a.median),
    range: { before: b, after: a },
    seeds,
    verdict: seedVerdict(runs[ends.before], runs[ends.after], metric, mail),
  };
}

export function buildPaperTable(rows: PaperRows, sweep?: SweepLike | null): PaperTableRow[] {
  const byRow = new Map(sweep?.rows.map((r) => [r.row, r]) ?? []);
  return rows.rows.map((r) => {
    const s = byRow.get(r.row);
    const metric = r.paper.metric ?? rows.metric;
    const sim =
      s && sweep
        ? simFigures(s.runs, sweep.variants, s.seeds.length, metric, rows.scale, paperEnds(rows, sweep.variants), rowMailChange(rows.lab, r))
        : null;
    return {
      row: r.row,
      label: r.label,
      params: r.params,
      note: r.note,
      paper: { ...r.paper, diffPct: r.paper.change_pct ?? changePct(r.paper.before, r.paper.after) },
      sim,
    };
  });
}

export interface Bar {
  series: BarSeries;
  value: number | null;
  /** the simulator's min and max over the seeds (its bars only) */
  range: { min: number; max: number } | null;
}

export interface BarGroup {
  row: number;
  label: string;
  bars: Bar[];
  /** the simulator's verdict on the row's change, null before a sweep */
  verdict: Verdict | null;
}

export function barGroups(table: readonly PaperTableRow[], variants: readonly string[], ends: Ends = endVariants(variants)): BarGroup[] {
  return table.map((t) => ({
    row: t.row,
    label: t.label,
    bars: barSeries(variants, ends).map((series): Bar => {
      if (series === 'paper-first') return { series, value: t.paper.before, range: null };
      if (series === 'paper-last') return { series, value: t.paper.after, range: null };
      const fig = t.sim?.variants.find((f) => `sim-${f.variant}` === series);
      return { series, value: fig ? fig.median : null, range: fig ? fig.range : null };
    }),
    verdict: t.sim ? t.sim.verdict : null,
  }));
}

/** A value domain for the bars and their ranges: [0, max] linear, or whole decades for log. */
export function valueDomain(groups: readonly BarGroup[], log: boolean): [number, number] {
  const vals = groups
    .flatMap((g) => g.bars.flatMap((b) => [b.value, b.range?.min ?? null, b.range?.max ?? null]))
    .filter((v): v is number => v != null && Number.isFinite(v) && v > 0);
  const max = vals.length ? Math.max(...vals) : 1;
  if (!log) return [0, max * 1.08];
  const min = vals.length ? Math.min(...vals) : 0.1;
  return [10 ** Math.floor(Math.log10(min)), 10 ** Math.ceil(Math.log10(max * 1.0001))];
}
