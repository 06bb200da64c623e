/** Numbers of the kernel results table, by the unit their metric key ends in. */
import { format } from 'd3-format';

const big = format(',.0f');
const small = format(',.4~g');
const pct = format('+,.1f');

/** Unit suffixes of metric keys as a reader writes them. */
const UNIT_TEXT: Readonly<Record<string, string>> = {
  s: 's',
  ms: 'ms',
  us: 'µs',
  ns: 'ns',
  per_s: '/s',
  mib_per_s: 'MiB/s',
  mb_per_s: 'MB/s',
  kib_per_s: 'KiB/s',
  kib: 'KiB',
  mib: 'MiB',
  bytes: 'bytes',
  pages: 'pages',
  blocks: 'blocks',
  count: '',
  pct: '%',
  ratio: '',
  per_txn: 'per transaction',
  per_call: 'per call',
  per_stat: 'per stat',
};

export function unitText(unit: string): string {
  return UNIT_TEXT[unit] ?? unit;
}

export function formatNumber(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return Math.abs(v) >= 10000 ? big(v) : small(v);
}

/** A change in percent with its sign: "+17,178.1%", "−39.6%". */
export function formatPct(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  return `${pct(v)}%`;
}
