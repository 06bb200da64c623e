/**
 * The mail's table beside the simulator's, as data for the small
 * multiples: five metrics × three cases, and in each cell every variant's
 * min–max over the mail's three runs and over the sweep's seeds. The
 * simulator's side of a case is the sweep's point at that case's paper row.
 */
import type { Spread } from '../../core/stats';
import type { SweepResult, SweepRow } from '../../core/sweep';
import { mailFigures, type MailFigure } from '../../../../lib/mails';
import { ES_CASES, ES_VARIANTS, type EsCase } from './schema';

export interface TableMetric {
  /** the model's metric, as the mail's figures name it */
  metric: string;
  label: string;
  unit: string;
}

/** The mail's five metrics, in its order. */
export const TABLE_METRICS: readonly TableMetric[] = [
  { metric: 'avg_scan_us', label: 'avg scan time', unit: 'µs' },
  { metric: 'max_scan_us', label: 'max scan time', unit: 'µs' },
  { metric: 'hits', label: 'cache hits', unit: '' },
  { metric: 'user_avg_latency_us', label: 'user avg latency', unit: 'µs' },
  { metric: 'user_max_latency_us', label: 'user max latency', unit: 'µs' },
];

/** A min–max with the figure the table prints: the mail's mean of its runs, the simulator's median of its seeds. */
export interface CellRange {
  min: number;
  max: number;
  mid: number;
}

export interface VariantCell {
  variant: string;
  /** the mail's three runs; null where the mail has no figure (upstream, which it never measured) */
  mail: CellRange | null;
  /** the simulator's seeds; null before the sweep, or where the sweep has no run */
  sim: CellRange | null;
  /** how many seeds the simulator's range is over */
  seeds: number;
}

export interface MultipleCell {
  metric: TableMetric;
  case: EsCase;
  variants: VariantCell[];
  /** what the mail's figure in this cell is, when it is not the plain one (case c's latencies are the writers') */
  mailNote: string | null;
}

/**
 * Where the mail splits a case by job, the metric its writers' figure goes
 * by: case c's latencies are given for the reader and for the streaming
 * writers apart, and the model's user latency is the writers'.
 */
const WRITERS_METRIC: Readonly<Record<string, string>> = {
  user_avg_latency_us: 'write_avg_latency_us',
  user_max_latency_us: 'write_max_latency_us',
};

/** The mail's figure of a metric, case and variant; null where it has none. */
export function mailFigure(metric: string, c: EsCase, variant: string): MailFigure | null {
  const find = (m: string) => mailFigures('extent-status', { metric: m, variant, where: { case: c } })[0] ?? null;
  const plain = find(metric);
  if (plain) return plain;
  const writers = WRITERS_METRIC[metric];
  return writers ? find(writers) : null;
}

function mailRange(f: MailFigure | null): CellRange | null {
  if (!f) return null;
  return f.range ? { min: f.range.min, max: f.range.max, mid: f.range.avg } : { min: f.value, max: f.value, mid: f.value };
}

function simRange(s: Spread | undefined): CellRange | null {
  if (!s || !Number.isFinite(s.min) || !Number.isFinite(s.max)) return null;
  return { min: s.min, max: s.max, mid: s.median };
}

/** The case of a sweep row, from its parameters (a choice by its index or its name). */
export function rowCase(row: Pick<SweepRow, 'params'>): EsCase | null {
  const v = (row.params as Record<string, number | string | undefined>)['case'];
  if (typeof v === 'number') return ES_CASES[v] ?? null;
  if (typeof v === 'string' && (ES_CASES as readonly string[]).includes(v)) return v as EsCase;
  return null;
}

/** The sweep's row for a case: its paper row where it has one, else the first point at that case. */
export function caseRow(sweep: SweepResult | null, c: EsCase): SweepRow | null {
  if (!sweep) return null;
  const at = sweep.rows.filter((r) => rowCase(r) === c);
  return at.find((r) => r.paper !== null) ?? at[0] ?? null;
}

/** Every cell of the small multiples, metric by metric, case by case. */
export function multipleCells(sweep: SweepResult | null, variants: readonly string[] = ES_VARIANTS): MultipleCell[] {
  const cells: MultipleCell[] = [];
  for (const metric of TABLE_METRICS)
    for (const c of ES_CASES) {
      const row = caseRow(sweep, c);
      let split = false;
      const vs = variants.map((variant): VariantCell => {
        const f = mailFigure(metric.metric, c, variant);
        if (f && f.metric !== metric.metric) split = true;
        const runs = row?.runs[variant];
        return { variant, mail: mailRange(f), sim: simRange(runs?.ranges[metric.metric]), seeds: runs?.runs.length ?? 0 };
      });
      cells.push({ metric, case: c, variants: vs, mailNote: split ? "the mail's writers (it gives the reader apart)" : null });
    }
  return cells;
}

/**
 * The shape of a cell, mail against simulator: over the variants both
 * have, do their middles rise and fall together from one variant to the
 * next? The share of steps that agree in direction; null below two.
 */
export function shapeAgreement(cell: MultipleCell): number | null {
  const both = cell.variants.filter((v) => v.mail && v.sim);
  if (both.length < 2) return null;
  let agree = 0;
  for (let i = 1; i < both.length; i++) {
    const dm = Math.sign(both[i]!.mail!.mid - both[i - 1]!.mail!.mid);
    const ds = Math.sign(both[i]!.sim!.mid - both[i - 1]!.sim!.mid);
    if (dm === ds) agree++;
  }
  return agree / (both.length - 1);
}

/**
 * A log scale's domain for a cell: from the smallest positive end to the
 * largest, padded a little; [1, 10] when nothing is positive.
 */
export function cellDomain(cell: MultipleCell): [number, number] {
  const values = cell.variants.flatMap((v) => [v.mail?.min, v.mail?.max, v.sim?.min, v.sim?.max]).filter((x): x is number => x !== undefined && x > 0);
  if (values.length === 0) return [1, 10];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return hi / lo < 10 ? [lo / 1.6, hi * 1.6] : [lo / 1.3, hi * 1.3];
}
