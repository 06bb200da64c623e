/**
 * The paper table's arithmetic: the mail's figures beside the simulator's,
 * both variants, with the change each side reports. Pure; the components in
 * this folder only draw what these functions return.
 */
import type { PaperRows, RunResult } from '../../core/types';

/** What the table needs from a sweep (web/src/core/sweep.ts's SweepResult fits). */
export interface SweepLike {
  rows: ReadonlyArray<{ row: number; before: RunResult; after: RunResult }>;
}

export interface PaperTableRow {
  row: number;
  label: string;
  params: Record<string, number>;
  note: string;
  paper: { before: number; after: number; diffPct: number };
  /** null until a sweep has run this row */
  sim: { before: number; after: number; diffPct: number } | null;
}

export const BAR_SERIES = ['paper-before', 'sim-before', 'paper-after', 'sim-after'] as const;
export type BarSeries = (typeof BAR_SERIES)[number];
export const SERIES_LABELS: Record<BarSeries, string> = {
  'paper-before': 'paper, before',
  'sim-before': 'simulator, before',
  'paper-after': 'paper, after',
  'sim-after': 'simulator, after',
};

/** Relative change from before to after, in percent. */
export function diffPct(before: number, after: number): number {
  if (before === 0) return after === 0 ? 0 : Infinity;
  return ((after - before) / before) * 100;
}

/** "+3.60%", "-0.87%", "+17178%" (big changes lose their decimals). */
export function formatDiff(pct: number): string {
  if (!Number.isFinite(pct)) return pct > 0 ? '+∞' : '−∞';
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '±';
  const a = Math.abs(pct);
  return `${sign}${a >= 1000 ? a.toFixed(0) : a.toFixed(2)}%`;
}

/** A figure in the paper's unit, with two decimals below 1000. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (Math.abs(v) >= 1000) return v.toFixed(0);
  return v.toFixed(2);
}

/** The simulator's value of a run in the paper's unit (metric / scale). */
export function simValue(result: RunResult, metric: string, scale: number): number {
  const v = result.metrics[metric];
  return v === undefined ? NaN : v / (scale || 1);
}

export function buildPaperTable(rows: PaperRows, sweep?: SweepLike | null): PaperTableRow[] {
  const byRow = new Map(sweep?.rows.map((r) => [r.row, r]) ?? []);
  return rows.rows.map((r) => {
    const s = byRow.get(r.row);
    let sim: PaperTableRow['sim'] = null;
    if (s) {
      const before = simValue(s.before, rows.metric, rows.scale);
      const after = simValue(s.after, rows.metric, rows.scale);
      sim = { before, after, diffPct: diffPct(before, after) };
    }
    return {
      row: r.row,
      label: r.label,
      params: r.params,
      note: r.note,
      paper: { ...r.paper, diffPct: diffPct(r.paper.before, r.paper.after) },
      sim,
    };
  });
}

export interface BarGroup {
  row: number;
  label: string;
  bars: { series: BarSeries; value: number | null }[];
}

export function barGroups(table: readonly PaperTableRow[]): BarGroup[] {
  return table.map((t) => ({
    row: t.row,
    label: t.label,
    bars: [
      { series: 'paper-before', value: t.paper.before },
      { series: 'sim-before', value: t.sim ? t.sim.before : null },
      { series: 'paper-after', value: t.paper.after },
      { series: 'sim-after', value: t.sim ? t.sim.after : null },
    ],
  }));
}

/** A value domain for the bars: [0, max] linear, or whole decades for log. */
export function valueDomain(groups: readonly BarGroup[], log: boolean): [number, number] {
  const vals = groups.flatMap((g) => g.bars.map((b) => b.value)).filter((v): v is number => v != null && Number.isFinite(v) && v > 0);
  const max = vals.length ? Math.max(...vals) : 1;
  if (!log) return [0, max * 1.08];
  const min = vals.length ? Math.min(...vals) : 0.1;
  return [10 ** Math.floor(Math.log10(min)), 10 ** Math.ceil(Math.log10(max * 1.0001))];
}
