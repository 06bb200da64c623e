/** Formatting of a run's summary metrics by their declared unit. */
import { format } from 'd3-format';
import { formatNs } from '../heatmap/heatmap';

const big = format(',.0f');
const small = format(',.3~g');

export function formatMetric(value: number | undefined, unit: string, name = ''): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  const u = unit.trim().toLowerCase();
  if (u === 'ns') return formatNs(value);
  if (u === 'fraction' || u === 'frac' || u === '0..1' || name.endsWith('_frac')) return `${(value * 100).toFixed(1)}%`;
  if (u === '%' || u === 'percent') return `${value.toFixed(1)}%`;
  const n = Math.abs(value) >= 1000 ? big(value) : small(value);
  if (u === '1/s') return `${n}/s`;
  return unit && u !== 'count' ? `${n} ${unit}` : n;
}

/** after relative to before, as "×12.3" or "÷4.5" (how many times more or less). */
export function formatRatio(before: number | undefined, after: number | undefined): string {
  if (before === undefined || after === undefined || !Number.isFinite(before) || !Number.isFinite(after)) return '—';
  if (before === after) return '=';
  if (before === 0 || after === 0) return after > before ? '↑' : '↓';
  const r = after / before;
  return r >= 1 ? `×${small(r)}` : `÷${small(1 / r)}`;
}
