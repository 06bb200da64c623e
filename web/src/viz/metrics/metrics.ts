/** A run's summary metrics by their declared unit, in lib/format.ts's forms. */
import { formatDuration, formatNumber, formatShare } from '../../../../lib/format';

export function formatMetric(value: number | undefined, unit: string, name = ''): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  const u = unit.trim().toLowerCase();
  if (u === 'ns') return formatDuration(value);
  if (u === 'fraction' || u === 'frac' || u === '0..1' || name.endsWith('_frac')) return formatShare(value, { decimals: 1 });
  if (u === '%' || u === 'percent') return formatShare(value / 100, { decimals: 1 });
  const n = formatNumber(value, { digits: 3 });
  if (u === '1/s') return `${n}/s`;
  return unit && u !== 'count' ? `${n} ${unit}` : n;
}
