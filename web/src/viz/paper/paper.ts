/**
 * The paper table's arithmetic: the mail's figures beside the simulator's,
 * both variants, with the change each side reports. The simulator's figures
 * are medians over the sweep's seeds with their min and max; its change is
 * significant only when the before and after ranges do not overlap
 * (core/stats.ts); each change is lib/compare.ts's. Pure; the components in
 * this folder only draw what these functions return.
 */
import { changePct } from '../../../../lib/compare';
import { formatRange, type NumberFormat } from '../../../../lib/format';
import { mapSpread, spread, verdict, type Spread, type Verdict } from '../../core/stats';
import type { PaperRows } from '../../core/types';

/** One variant of a sweep row: its metrics' medians and ranges over the seeds. */
export interface VariantLike {
  metrics: Readonly<Record<string, number>>;
  ranges: Readonly<Record<string, Spread>>;
}

/** What the table needs from a sweep (web/src/core/sweep.ts's SweepResult fits). */
export interface SweepLike {
  rows: ReadonlyArray<{ row: number; seeds: readonly number[]; before: VariantLike; after: VariantLike }>;
}

export interface SimFigures {
  /** medians over the seeds, in the paper's unit */
  before: number;
  after: number;
  /** the change of the medians, in percent; undefined from a median of 0 */
  diffPct: number | undefined;
  /** min, median and max over the seeds, in the paper's unit */
  range: { before: Spread; after: Spread };
  seeds: number;
  verdict: Verdict;
}

export interface PaperTableRow {
  row: number;
  label: string;
  params: Record<string, number>;
  note: string;
  paper: { before: number; after: number; diffPct: number | undefined };
  /** null until a sweep has run this row */
  sim: SimFigures | null;
}

export const BAR_SERIES = ['paper-before', 'sim-before', 'paper-after', 'sim-after'] as const;
export type BarSeries = (typeof BAR_SERIES)[number];
export const SERIES_LABELS: Record<BarSeries, string> = {
  'paper-before': 'paper, before',
  'sim-before': 'simulator, before',
  'paper-after': 'paper, after',
  'sim-after': 'simulator, after',
};

/** How the tables print a figure in the paper's unit: two decimals below 1000, as the mails do. */
export const PAPER_FIGURE: NumberFormat = { decimals: 2 };

/** What a verdict on the simulator's change is called in the tables. */
export const VERDICT_WORDS: Record<Verdict, string> = {
  significant: 'significant',
  overlap: 'within seed noise',
  untested: 'one seed: untested',
};

/** Why a verdict is what it is, in words, for a tooltip. */
export function verdictReason(
  sim: Pick<SimFigures, 'range' | 'seeds' | 'verdict'>,
  format: (s: Spread) => string = (s) => formatRange(s, PAPER_FIGURE),
): string {
  const ranges = `before ${format(sim.range.before)}, after ${format(sim.range.after)} over ${sim.seeds} seed${sim.seeds === 1 ? '' : 's'}`;
  switch (sim.verdict) {
    case 'significant':
      return `${ranges}: the ranges do not overlap, so the patch moves the result more than the seed does`;
    case 'overlap':
      return `${ranges}: the ranges overlap, so the seed moves the result as much as the patch does`;
    case 'untested':
      return `${ranges}: one run a side has no range to compare`;
  }
}

/** A variant's spread of a metric over the seeds in the paper's unit (metric / scale); NaN when it has none. */
export function simSpread(v: VariantLike, metric: string, scale: number): Spread {
  const s = v.ranges[metric];
  return s ? mapSpread(s, (x) => x / (scale || 1)) : spread([]);
}

/** The simulator's side of a row: medians, ranges, change and verdict. */
export function simFigures(
  before: VariantLike,
  after: VariantLike,
  seeds: number,
  metric: string,
  scale: number,
): SimFigures {
  const b = simSpread(before, metric, scale);
  const a = simSpread(after, metric, scale);
  return {
    before: b.median,
    after: a.median,
    diffPct: changePct(b.median, a.median),
    range: { before: b, after: a },
    seeds,
    verdict: verdict(b, a, seeds),
  };
}

export function buildPaperTable(rows: PaperRows, sweep?: SweepLike | null): PaperTableRow[] {
  const byRow = new Map(sweep?.rows.map((r) => [r.row, r]) ?? []);
  return rows.rows.map((r) => {
    const s = byRow.get(r.row);
    const sim = s ? simFigures(s.before, s.after, s.seeds.length, rows.metric, rows.scale) : null;
    return {
      row: r.row,
      label: r.label,
      params: r.params,
      note: r.note,
      paper: { ...r.paper, diffPct: changePct(r.paper.before, r.paper.after) },
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

export function barGroups(table: readonly PaperTableRow[]): BarGroup[] {
  return table.map((t) => ({
    row: t.row,
    label: t.label,
    bars: [
      { series: 'paper-before', value: t.paper.before, range: null },
      { series: 'sim-before', value: t.sim ? t.sim.before : null, range: t.sim ? t.sim.range.before : null },
      { series: 'paper-after', value: t.paper.after, range: null },
      { series: 'sim-after', value: t.sim ? t.sim.after : null, range: t.sim ? t.sim.range.after : null },
    ],
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
