/** Small statistics and formatting for the benchmark report. */

/** The q-quantile (0..1) of values, by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** 1234567 -> "1.23 M", 2048 -> "2.05 k". */
export function si(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return '-';
  const steps: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [scale, prefix] of steps) {
    if (Math.abs(value) >= scale) return `${(value / scale).toFixed(2)} ${prefix}${unit}`;
  }
  return `${value.toFixed(value >= 100 ? 0 : 2)}${unit ? ` ${unit}` : ''}`;
}

/** Bytes as KB (1000 bytes, as bundle budgets are usually written). */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

export interface Row {
  measure: string;
  value: string;
  target: string;
  /** null when the measure has no target */
  met: boolean | null;
}

/** A Markdown table of the rows. */
export function markdown(rows: readonly Row[]): string {
  const cells = rows.map((r) => [r.measure, r.value, r.target, r.met === null ? '' : r.met ? 'met' : 'MISSED']);
  const header = ['measure', 'value', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]): string => `| ${c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
