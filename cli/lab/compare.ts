/**
 * `journalclub lab compare A.json B.json`: two kernel-lab results side by
 * side, the way lkp's compare prints two commits: one row per metric found
 * in either file, A's value, B's value, the change from A to B in percent,
 * and beside it the mail's own change for that metric when it published one
 * (kernel-lab/mail-changes.ts), turned to run in the same direction as A to B.
 *
 * Pure: the command reads the files and prints; this module only compares.
 */
import { mailChange, mailChangePct, type MailFigure } from '../../kernel-lab/mail-changes';
import { metricUnit, parseKernelResult, type KernelResult } from '../../lib/kernel-results';
import { UsageError } from '../errors';
import { formatNumber } from '../format';

/** One side of the comparison, as the table heads it. */
export interface CompareSide {
  /** the path or name it was read from */
  source: string;
  variant: KernelResult['variant'];
  profile: KernelResult['profile'];
  accelerator: KernelResult['accelerator'];
  smp: number;
  started_at: string;
}

export interface CompareRow {
  metric: string;
  /** the metric key's unit suffix, e.g. per_s */
  unit: string;
  /** null when that file lacks the metric */
  a: number | null;
  b: number | null;
  /** (b - a) / |a| in percent; null without both values or when a is 0 and b is not */
  change_pct: number | null;
  /** the mail's figure for this metric, when it published one */
  mail: {
    before: number;
    after: number;
    /** the mail's change in the direction A -> B: before -> after when A is the before run, the reverse when A is after; null when both runs are one variant */
    change_pct: number | null;
    /** the change as the mail's text states it (before -> after), when A -> B runs that way and the mail states one */
    stated_pct: number | null;
    where: string;
    citation: string;
  } | null;
}

export interface Comparison {
  lab: KernelResult['lab'];
  a: CompareSide;
  b: CompareSide;
  /** differences in how the two runs ran, which make the comparison weaker but not void */
  warnings: string[];
  rows: CompareRow[];
}

function side(r: KernelResult, source: string): CompareSide {
  return {
    source,
    variant: r.variant,
    profile: r.profile,
    accelerator: r.accelerator,
    smp: r.guest.smp,
    started_at: r.started_at,
  };
}

/** The change from a to b in percent of a; 0 when both are 0, null when only a is. */
export function changePct(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  if (a === 0) return b === 0 ? 0 : null;
  return ((b - a) / Math.abs(a)) * 100;
}

/** The mail's change as it reads from A to B. */
function mailDirection(f: MailFigure, a: KernelResult, b: KernelResult): number | null {
  if (a.variant === b.variant) return null;
  const forward = a.variant === 'before';
  return mailChangePct(forward ? f : { before: f.after, after: f.before }) ?? null;
}

/**
 * Compare two results of one lab. Throws a UsageError when they are of
 * different labs; differences in profile, accelerator or vCPUs become
 * warnings.
 */
export function compareResults(a: KernelResult, b: KernelResult, sources: [string, string] = ['A', 'B']): Comparison {
  if (a.lab !== b.lab) {
    throw new UsageError(
      `${sources[0]} is a ${a.lab} result and ${sources[1]} a ${b.lab} result: compare two runs of one lab`,
    );
  }
  const warnings: string[] = [];
  if (a.profile !== b.profile) warnings.push(`the profiles differ (A ${a.profile}, B ${b.profile}): the benchmarks ran at different sizes`);
  if (a.accelerator !== b.accelerator) {
    warnings.push(`the accelerators differ (A ${a.accelerator}, B ${b.accelerator}): timings under TCG and KVM do not compare`);
  }
  if (a.guest.smp !== b.guest.smp) warnings.push(`the guests had different vCPUs (A ${a.guest.smp}, B ${b.guest.smp})`);
  if (a.variant === b.variant) {
    warnings.push(`both runs are "${a.variant}": the mail's change (before -> after) is not shown beside a change within one variant`);
  }

  const keys = [...Object.keys(a.metrics), ...Object.keys(b.metrics).filter((k) => !(k in a.metrics))];
  const rows = keys.map((metric): CompareRow => {
    const va = a.metrics[metric] ?? null;
    const vb = b.metrics[metric] ?? null;
    /* the after run's parameters pick the mail's row; both runs normally share them */
    const params = (a.variant === 'after' ? a : b).parameters;
    const f = mailChange(a.lab, metric, params);
    return {
      metric,
      unit: metricUnit(metric) ?? '',
      a: va,
      b: vb,
      change_pct: changePct(va, vb),
      mail: f
        ? {
            before: f.before,
            after: f.after,
            change_pct: mailDirection(f, a, b),
            stated_pct: a.variant === 'before' && b.variant === 'after' ? (f.stated_pct ?? null) : null,
            where: f.where,
            citation: f.citation,
          }
        : null,
    };
  });
  return { lab: a.lab, a: side(a, sources[0]), b: side(b, sources[1]), warnings, rows };
}

/** Parse two results files' texts and compare them; a file that is not a result is a UsageError naming it. */
export function compareTexts(textA: string, textB: string, sources: [string, string]): Comparison {
  const read = (text: string, source: string): KernelResult => {
    try {
      return parseKernelResult(text, source);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };
  return compareResults(read(textA, sources[0]), read(textB, sources[1]), sources);
}

/** "+3.6%", "-39.6%", "+17178.1%"; "-" for none. */
export function formatPct(pct: number | null): string {
  if (pct === null) return '-';
  const rounded = Math.round(pct * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}%`;
}

/** Columns joined by two spaces, each padded to its widest cell; `right` columns align right. */
function columns(header: string[], rows: string[][], right: number[]): string {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, col) => (right.includes(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The mail's row, and the change its text states when that is not the change of its figures. */
function mailNote(m: NonNullable<CompareRow['mail']>): string {
  const computed = mailChangePct(m);
  if (m.stated_pct === null || computed === undefined || Math.abs(m.stated_pct - computed) <= 0.5) return m.where;
  return `${m.where}; the mail states ${formatPct(m.stated_pct)}`;
}

/** The comparison as text: the table, then the citations of the mails' figures. */
export function formatComparison(c: Comparison): string {
  const head = (s: CompareSide, name: string): string => `${name} (${s.variant})`;
  const rows = c.rows.map((r) => [
    r.metric,
    r.a === null ? '-' : formatNumber(r.a),
    r.b === null ? '-' : formatNumber(r.b),
    formatPct(r.change_pct),
    r.mail ? formatPct(r.mail.change_pct) : '',
    r.mail ? mailNote(r.mail) : '',
  ]);
  const text = columns(['metric', head(c.a, 'A'), head(c.b, 'B'), 'change', 'mail', "mail's figure"], rows, [1, 2, 3, 4]);
  const citations = [...new Set(c.rows.flatMap((r) => (r.mail ? [r.mail.citation] : [])))];
  return [
    `${c.lab}: A ${c.a.source} (${c.a.variant}, ${c.a.profile}, ${c.a.accelerator}, ${c.a.smp} vCPUs)`,
    `${' '.repeat(c.lab.length)}  B ${c.b.source} (${c.b.variant}, ${c.b.profile}, ${c.b.accelerator}, ${c.b.smp} vCPUs)`,
    '',
    text,
    ...(citations.length ? ['', `mail: ${citations.join('; ')}`] : []),
  ].join('\n');
}
